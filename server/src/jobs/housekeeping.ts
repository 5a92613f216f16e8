/** Hourly tidying that used to be a timer in the worker; as schedules they run once per hour however many workers run. */
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
