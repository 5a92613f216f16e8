// The team domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { setContactPhone } from './contact-phone';
export { changeMemberRole, listMembers, removeMembers, sendMemberPasswordReset, setMemberActive } from './members';
