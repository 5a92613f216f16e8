/** Housekeeping on schedules (once per slot however many workers run): hourly tidying, and the nightly deletion of companies whose data has outlived its 30 days. */
import { defineJob, z } from './define';

// Both are single DELETEs that are safe to repeat; `singleton` keeps a slow run from overlapping the next one.
const hourly = { retry: { limit: 2, delaySeconds: 60, backoff: true }, policy: 'singleton' as const };

export const pruneExpiredSessionsJob = defineJob({
  name: 'prune-expired-sessions',
  payload: z.object({}),
  ...hourly,
  schedule: { cron: '7 * * * *', payload: {} },
  pollingIntervalSeconds: 5,
});

export const pruneRateLimitsJob = defineJob({
  name: 'prune-rate-limits',
  payload: z.object({}),
  ...hourly,
  schedule: { cron: '37 * * * *', payload: {} },
  pollingIntervalSeconds: 5,
});

/** Companies whose access ended more than 30 days ago are deleted (design.md §3), once a day at night. */
export const deleteExpiredCompaniesJob = defineJob({
  name: 'delete-expired-companies',
  payload: z.object({}),
  schedule: { cron: '17 3 * * *', payload: {} },
  policy: 'singleton',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  pollingIntervalSeconds: 5,
});
