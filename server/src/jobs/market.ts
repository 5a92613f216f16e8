/** Market data kept real (issue 21): the history backfill and its hourly top-up. */
import { defineJob, z } from './define';

/**
 * Backfills real minutes from the history provider (worker/src/market/backfill): a bounded slice per run, which
 * queues the next slice until every pair reaches the last whole hour; hourly, the same job tops up the hour just
 * ended. `stately`: one running and at most one waiting, however often it is sent.
 */
export const marketHistoryJob = defineJob({
  name: 'market-history-backfill',
  payload: z.object({}),
  policy: 'stately',
  schedule: { cron: '4 * * * *', payload: {}, tz: 'UTC' },
  retry: { limit: 5, delaySeconds: 120, backoff: true },
  expireInSeconds: 30 * 60,
  batchSize: 1,
  pollingIntervalSeconds: 5,
});
