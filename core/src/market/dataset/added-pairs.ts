import { createDb } from '@pippitch/sql';
import { sql } from 'kysely';
import type pg from 'pg';
import { dataSetPairs, pairsChosenAnywhere } from '../ingest/backfill/desk-pairs';
import type { Log } from '../live/types';
import { MINUTE_MS } from './calendar';
import { ensureMarketData } from './load';

/**
 * Offline (no history provider), a pair a desk chose while the worker ran (issue 34 §3): its minutes from the bundled
 * data set, as the six's, from the data set's start up to its first stored minute (the live feed may already be
 * quoting it) or else up to two minutes ago (the poller writes the current and the previous minute's bars; a COPY
 * must never meet them). Pairs already filled add nothing. Returns the minutes added. It takes the pool, not a
 * Kysely, for the data set's COPY (load.ts).
 */
export async function fillChosenPairsFromDataSet(
  pool: pg.Pool,
  now: number,
  log: Log,
  /** Data set options (tests: seed and window start). */
  options: { seed?: string | number; from?: string | number } = {},
): Promise<number> {
  const db = createDb(pool);
  const pairs = dataSetPairs(await pairsChosenAnywhere(db));
  // Each pair's first minute on its own (the index's first row), not one min() over the whole table.
  const rows = await db
    .selectFrom(sql<{ pair: string }>`(SELECT unnest(${pairs}::text[]) AS pair)`.as('p'))
    .select((eb) => [
      'p.pair',
      eb
        .selectFrom('fx_minute_bars')
        .select((e) => e.fn.min('ts').as('first'))
        .whereRef('pair', '=', 'p.pair')
        .as('first'),
    ])
    .execute();
  const firsts = new Map(rows.map((r) => [r.pair, r.first?.getTime()]));
  const until = Math.floor(now / MINUTE_MS) * MINUTE_MS - 2 * MINUTE_MS;
  let added = 0;
  for (const [pair, first] of firsts) {
    const to = Math.min(until, first ?? until);
    const load = await ensureMarketData(pool, { ...options, now, to, pairs: [pair], log: (line) => log(line) });
    added += load.rows;
  }
  return added;
}
