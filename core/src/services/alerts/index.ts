// The alerts domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { unsubscribeDigest } from './digest';
export { repriceLeads } from './reprice';
export { alertSettings, setAlertSettings } from './settings';
