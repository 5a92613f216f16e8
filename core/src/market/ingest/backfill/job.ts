/**
 * The market-history-backfill job's work: one slice of the backfill, then the next slice queued while any pair is
 * behind. A failing provider is not a failed job: the error is on the pair's row and the data-status card, and the
 * hourly schedule asks again (retrying a network that is down every few minutes helps no one).
 */

import type { Database, Log } from '@pippitch/sql';
import type pg from 'pg';
import { jobs, sendJob } from '../../../jobs/index';
import { fillChosenPairsFromDataSet } from '../../dataset/added-pairs';
import type { HistoryProvider } from '../../history/types';
import { storeDailyReferenceBars } from '../../read/daily-reference-bars';
import { runBackfill } from './run';

/** Provider requests per job run: ~1–2 minutes against Dukascopy, well inside the job's 30-minute expiry. */
export const BACKFILL_SLICE_CHUNKS = 150;

export interface MarketHistoryDeps {
  db: Database;
  log: Log;
  now: () => Date;
  /**
   * `signal` aborts at shutdown: the slice stops between two days and the next worker carries on. `ready` settles
   * when this worker's own start-up (the data set load, which locks the bar table pair by pair) is over: a slice
   * that a missed schedule starts at once waits for it rather than queue behind the load's locks.
   */
  market: { pool: pg.Pool; history: HistoryProvider; signal?: AbortSignal; ready?: Promise<unknown> } | null;
  sliceChunks?: number;
}

export async function runMarketHistory({ db, log, now, market, sliceChunks }: MarketHistoryDeps): Promise<void> {
  // Daily-only pairs come from the ECB's reference rates, with or without a history provider (issue 34 §2).
  await logDailyBars(db, log);
  if (!market) return;
  if (market.ready) {
    const signal = market.signal;
    const stopped = new Promise<void>((resolve) => {
      if (signal?.aborted) resolve();
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    await Promise.race([market.ready.catch(() => {}), stopped]);
    if (signal?.aborted) return;
  }
  if (!market.history.source) {
    // Offline: a pair a desk added gets the bundled data set's minutes, as the six have (issue 34).
    const added = await fillChosenPairsFromDataSet(market.pool, now().getTime(), log);
    if (added > 0)
      log(`market history: ${added.toLocaleString('en-GB')} minutes from the bundled data set (simulated)`);
    return;
  }
  const run = await runBackfill({
    db,
    provider: market.history,
    now: () => now().getTime(),
    maxChunks: sliceChunks ?? BACKFILL_SLICE_CHUNKS,
    log,
    signal: market.signal,
  });
  if (run.bars > 0)
    log(`market history: ${run.bars.toLocaleString('en-GB')} minutes from ${market.history.description}`);
  if (run.more && !run.error) await sendJob(db, jobs.marketHistory, {});
}

/** The ECB's fixes as bars for the daily-only pairs the desks quote; says what it added. */
export async function logDailyBars(db: Database, log: Log): Promise<void> {
  const { added } = await storeDailyReferenceBars(db);
  for (const [pair, n] of Object.entries(added))
    if (n > 0) log(`market history: ${n} daily reference rates for ${pair} (no intraday prices)`);
}
