/** Re-pricing alerts (issue 14 §4): every morning at 06:00 London, before brokers start calling. */
import { defineJob, z } from './define';

export const repriceLeadsJob = defineJob({
  name: 'reprice-leads',
  payload: z.object({}),
  schedule: { cron: '0 6 * * *', payload: {} },
  // One run at a time; a second (another worker, a retry) finds the day's digests already claimed.
  policy: 'singleton',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 30 * 60,
  pollingIntervalSeconds: 5,
});
