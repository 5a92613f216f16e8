/** Housekeeping on schedules (once per slot however many workers run): hourly tidying, and the nightly deletion of companies whose data has outlived its 30 days. */
import { defineSweep } from './define';

// Both are single DELETEs that are safe to repeat; `singleton` keeps a slow run from overlapping the next one.
export const pruneExpiredSessionsJob = defineSweep({ name: 'prune-expired-sessions', cron: '7 * * * *' });

export const pruneRateLimitsJob = defineSweep({ name: 'prune-rate-limits', cron: '37 * * * *' });

/** Companies whose access ended more than 30 days ago are deleted (design.md §3), once a day at night. */
export const deleteExpiredCompaniesJob = defineSweep({
  name: 'delete-expired-companies',
  cron: '17 3 * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
});
