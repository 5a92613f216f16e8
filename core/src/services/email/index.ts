// The email domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { deliverDueEmails } from './deliver';
export { emailPreview, PREVIEW_KEYS, previewList } from './previews';
