// The reports domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { dispatchMonthlyReports } from './dispatch';
export { failReport, generateReport } from './generate';
export {
  disableReportSchedule,
  recentReports,
  reportPdf,
  reportSchedule,
  requestTestReport,
  saveReportSchedule,
} from './schedule';
