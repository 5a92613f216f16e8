// The invitations domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { acceptInvitation, lookUpInvitation } from './accept';
export { invitationsOverview } from './history';
export { resendInvitation, revokeInvitation } from './manage';
export { sendInvitations } from './send';
