// The demo domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { DEMO_COMPANY, seedDemoActivity } from './activity';
