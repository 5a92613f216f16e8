// The ops domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { beat, forget } from './heartbeat';
export { checkReadiness } from './readiness';
