/**
 * Every job the product runs. Add a definition in its own file (next to its domain's name), list it here, and
 * give it a handler in worker/src/jobs/handlers.ts (the type checker asks for one); send it with `sendJob`.
 */
import { repriceLeadsJob } from './alerts';
import { checkoutFollowUpJob, testModePeriodsJob, trialLifecycleJob } from './billing';
import { crmExportDispatchJob, crmExportJob } from './crm';
import { deleteExpiredCompaniesJob, pruneExpiredSessionsJob, pruneRateLimitsJob } from './housekeeping';
import { marginRequestDigestJob } from './margin';
import { ecbRatesJob, marketHistoryJob } from './market';
import { generateMonthlyReportJob, reportDispatchJob } from './reports';

export const jobs = {
  pruneExpiredSessions: pruneExpiredSessionsJob,
  pruneRateLimits: pruneRateLimitsJob,
  deleteExpiredCompanies: deleteExpiredCompaniesJob,
  trialLifecycle: trialLifecycleJob,
  checkoutFollowUp: checkoutFollowUpJob,
  testModePeriods: testModePeriodsJob,
  crmExport: crmExportJob,
  crmExportDispatch: crmExportDispatchJob,
  reportDispatch: reportDispatchJob,
  generateMonthlyReport: generateMonthlyReportJob,
  repriceLeads: repriceLeadsJob,
  marginRequestDigest: marginRequestDigestJob,
  marketHistory: marketHistoryJob,
  ecbRates: ecbRatesJob,
} as const;

export type Jobs = typeof jobs;

export {
  DEFAULT_RETRY,
  defineJob,
  describeIssues,
  type JobDefinition,
  type JobLane,
  type JobSchedule,
  LEASE,
  type Lease,
  type PayloadSchema,
  type QueuePolicy,
  queueOptions,
  type RetryPolicy,
  z,
} from './define';
// What the server app and the worker use of this domain (@pippitch/core/jobs).
export { JOBS_SCHEMA, JOBS_TABLE, pgBossExecutor, QUEUES_TABLE } from './pgboss';
export { type SendJobOptions, sendJob } from './send';
