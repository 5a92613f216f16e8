// The salesforce domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { completeConnection, connectionStatus, disconnect, startConnection } from './connection';
export { exportLogCsv, recentExports } from './export-log';
export { disableExportSchedule, dispatchScheduledExports, exportSchedule, saveExportSchedule } from './export-schedule';
export { requestExport, runExport, testExport } from './exports';
export { rotateSecrets } from './rotate-secrets';
