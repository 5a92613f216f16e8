// The activity domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { dashboardActivity } from './dashboard';
export { activityCsv, csvCell, csvLine, exportMembers } from './export-csv';
export { exportableMembers, userActivity } from './user-activity';
