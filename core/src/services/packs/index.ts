// The packs domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { requestPackApproval } from './ask-approval';
export { createPack, getPack, packsForLead, packsOfMember, revokeShare, sharePack, viewSharedPack } from './packs';
export { renderPackPdf } from './render-pdf';
export { sharedPackLogo } from './shared-logo';
export { packTemplateFor } from './template';
