// The calculator domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { calculationsFor } from './history';
export { saveCalculation } from './save';
