/**
 * Monthly client reports (issue 12 §4): a sweep finds due schedules every minute; each report is a job. The job has
 * one name, 'generate-monthly-report' (generateMonthlyReportJob, jobs.generateMonthlyReport), for the month's
 * report and 'Send Test Report' alike: a test report is the monthly report over the last 30 days.
 */
import { defineJob, defineSweep, z } from './define';

export const reportDispatchJob = defineSweep({
  name: 'report-dispatch',
  cron: '* * * * *',
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  pollingIntervalSeconds: 1,
});

export const generateMonthlyReportJob = defineJob({
  name: 'generate-monthly-report',
  payload: z.object({ reportId: z.string().uuid() }),
  singletonKey: (p) => p.reportId,
  policy: 'short',
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 10 * 60,
  // PDFs are CPU-bound: a worker renders two at a time.
  batchSize: 2,
  pollingIntervalSeconds: 1,
});
