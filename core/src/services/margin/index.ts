// The margin domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { decideApproval, myApprovals, pendingApprovals, standingApprovals, withdrawApproval } from './approvals';
export { requestApproval } from './ask';
export { brokerConceded, marginCard } from './card';
export { clientMarginLines } from './client-lines';
export { pitchesToClient } from './client-pitches';
export { MarginDeskFeed } from './desk-feed';
export { requirePackApproval } from './gate';
export { listNotifications, markNotificationsRead } from './notifications';
export { marginOfPitch } from './pitch';
export { policyInForce, policyLog, updatePolicy } from './policy';
export { sendRequestDigest } from './request-digest';
