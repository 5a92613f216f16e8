/** Market data kept real (issue 21): the history backfill and its hourly top-up; the ECB's reference rates. */
import { defineSweep } from './define';

/**
 * Backfills real minutes from the history provider (core/src/market/ingest/backfill): a bounded slice per run, which
 * queues the next slice until every pair reaches the last whole hour; hourly, the same job tops up the hour just
 * ended. `stately`: one running and at most one waiting, however often it is sent.
 */
export const marketHistoryJob = defineSweep({
  name: 'market-history-backfill',
  policy: 'stately',
  cron: '4 * * * *',
  tz: 'UTC',
  retry: { limit: 5, delaySeconds: 120, backoff: true },
  expireInSeconds: 30 * 60,
  batchSize: 1,
  pollingIntervalSeconds: 5,
  // Slow (a day of minutes per pair, a file from the network): a share, not the maintenance connections.
  lane: 'standard',
});

/**
 * The ECB publishes its reference rates around 16:00 CET on TARGET business days. Runs at 16:05 and 16:35 CET
 * (15:05, 15:35 London: both switch summer time on the same days) and on to 18:35 CET, so a late publication or a
 * failed run is caught the same day; each run is one small file, and a run that finds nothing new changes nothing.
 * The worker also sends it at start, which catches up after downtime (the 90-day file).
 */
export const ecbRatesJob = defineSweep({
  name: 'ecb-reference-rates',
  policy: 'stately',
  cron: '5,35 15-17 * * 1-5',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 5 * 60,
  batchSize: 1,
  pollingIntervalSeconds: 5,
  // Slow (a day of minutes per pair, a file from the network): a share, not the maintenance connections.
  lane: 'standard',
});
