/** The CRM export (issue 12 §3): each export is a job; scheduled ones are found by a sweep every minute. */
import { defineJob, defineSweep, z } from './define';

export const crmExportJob = defineJob({
  name: 'crm-export',
  payload: z.object({ exportId: z.string().uuid() }),
  // Salesforce's 5xx and REQUEST_LIMIT_EXCEEDED are retried with backoff: 30 s, ~1, 2, 4, 8 min (with jitter).
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  singletonKey: (p) => p.exportId,
  policy: 'short',
  expireInSeconds: 5 * 60,
  pollingIntervalSeconds: 1,
});

export const crmExportDispatchJob = defineSweep({
  name: 'crm-export-dispatch',
  // Every minute, so an export runs within a minute or two of its London hour.
  cron: '* * * * *',
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  // Polled every second: a slot's export reaches Salesforce within seconds of its minute (bench crm).
  pollingIntervalSeconds: 1,
});
