/**
 * What the worker does with market data before it polls: the minutes missed while no worker ran come from the
 * history provider when it answers (a real source is never replaced by a simulated one while it works), and only
 * what is still missing — the current hour, or everything when offline — comes from the bundled data set, labelled
 * simulated. The long first backfill runs later, as a job (jobs/market-history), not here.
 */

import { createDb } from '@pippitch/sql';
import type pg from 'pg';
import { type EnsureMarketDataResult, ensureMarketData } from '../dataset/load';
import type { HistoryProvider } from '../history/types';
import type { Log } from '../live/types';
import { dataSetPairs, pairsChosenAnywhere } from './backfill/desk-pairs';
import { runBackfill } from './backfill/run';

/** A pair whose backfill had reached to within this of now is caught up before the data set fills the rest. */
export const CATCH_UP_WITHIN_MS = 3 * 86_400_000;

export interface PrepareMarketDataOptions {
  /** The data set's COPY needs pg's own connection (dataset/load.ts); everything else runs on Kysely over it. */
  pool: pg.Pool;
  history: HistoryProvider;
  now?: () => number;
  log?: Log;
  /**
   * The data set stops before this instant's minute (default: now). The worker passes the minute before live polling
   * began: polling starts first (issue 31 §4) and its minutes are the feed's.
   */
  until?: number;
  /** Data set options (tests: seed and window). */
  seed?: string;
  from?: string;
}

export async function prepareMarketData(options: PrepareMarketDataOptions): Promise<EnsureMarketDataResult> {
  const { pool, history } = options;
  const db = createDb(pool);
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  if (history.source) {
    const caught = await runBackfill({ db, provider: history, now, onlyWithinMs: CATCH_UP_WITHIN_MS, log });
    if (caught.error) {
      log(
        `market data: ${history.description} did not answer (${caught.error}); missing minutes come from the bundled data set (simulated) until it does`,
        'warn',
      );
    } else if (caught.bars > 0) {
      log(
        `market data: ${caught.bars.toLocaleString('en-GB')} minutes missed while stopped filled from ${history.description}`,
      );
    }
  } else {
    log('market data: no history provider (offline): the bundled data set (ECB-anchored, simulated intraday)');
  }
  // The six and what the desks added (issue 34), each filled the same way.
  const pairs = dataSetPairs(await pairsChosenAnywhere(db));
  return ensureMarketData(pool, { now: options.until ?? now(), log, seed: options.seed, from: options.from, pairs });
}
