// The seats domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { changeSeats } from './change';
export { seatsOverview } from './overview';
