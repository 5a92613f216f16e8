import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORED_PAIRS } from '@pippitch/shared/pairs';
import { type Database, dbOnClient } from '@pippitch/sql';
import { sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { lockPairWriters, refreshRollups } from '../ingest/bar-writes';
import { barCopyChunks } from './bar-stream';
import { indexAtOrAfter, MINUTE_MS, timeOfIndex } from './calendar';
import { BAR_COPY_SQL } from './copy-binary';
import { DEFAULT_MARKET_SEED, HISTORY_START_MS, pathModel } from './index';
import type { PathModel } from './model';

export interface EnsureMarketDataOptions {
  /** The present; nothing at or after its minute is generated (that minute belongs to the live feed). */
  now?: Date | number;
  seed?: string | number;
  /** Earliest bar to add (default: HISTORY_START, 2024-09-30 00:00 UTC). */
  from?: Date | string | number;
  /** End of the window, exclusive (default and maximum: `now`). */
  to?: Date | string | number;
  /** Pairs to fill (default: the six); any other pair the market quotes is generated the same way (issue 34). */
  pairs?: readonly string[];
  log?: (line: string) => void;
}

export interface PairLoad {
  pair: string;
  /** First and last bar added (null when nothing was missing). */
  first: Date | null;
  last: Date | null;
  rows: number;
}

export interface EnsureMarketDataResult {
  pairs: PairLoad[];
  rows: number;
  ms: number;
}

/** Progress is printed at these fractions of a pair's load. */
const PROGRESS_STEPS = [0.25, 0.5, 0.75];
/** After adding this many rows, refresh planner statistics rather than wait for autovacuum. */
const ANALYZE_AFTER_ROWS = 50_000;

/**
 * Adds the bundled data set's minute bars (source 'ecb_sim') that are missing: for each pair, from its latest
 * stored minute (or `from`) up to `now`. The first start loads ~800k bars per pair; later starts add only the gap,
 * and because the model is seeded, a gap filled later holds exactly the values a full load would have.
 *
 * Each pair is one transaction that takes the pair's writers' lock (an advisory lock: a second worker starting at
 * the same time, or a backfill of the pair, waits, then finds nothing to add) and only then reads the pair's latest minute **before the window's
 * end**, so COPY can never meet an existing row. The bar table itself is not locked: the live poller, started
 * before this load (worker/src/main.ts, issue 31 §4), keeps writing the current minutes — after the window's end,
 * which the worker sets to the minute before polling began — instead of waiting for a pair's whole COPY.
 *
 * It takes the pool, not a Kysely: COPY FROM STDIN is a pg connection's stream (pg-copy-streams), which Kysely does
 * not speak. One connection is held for the load; its lock, reads and rollups go through Kysely over it
 * (`dbOnClient`), so only the COPY itself is raw and all of it shares the pair's transaction.
 */
export async function ensureMarketData(
  pool: pg.Pool,
  options: EnsureMarketDataOptions = {},
): Promise<EnsureMarketDataResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = toMs(options.now ?? Date.now());
  const seed = options.seed ?? DEFAULT_MARKET_SEED;
  const model = pathModel(seed);
  const fromMs = Math.max(HISTORY_START_MS, toMs(options.from ?? HISTORY_START_MS));
  // Whole minutes only, and never the current one.
  const toMsExclusive = Math.floor(Math.min(now, toMs(options.to ?? now)) / MINUTE_MS) * MINUTE_MS;
  const results: PairLoad[] = [];
  const client = await pool.connect();
  const db = dbOnClient(client);
  try {
    for (const pair of options.pairs ?? STORED_PAIRS) {
      const window = { pair, fromMs, toMsExclusive };
      results.push(await loadPair({ client, db }, model, seed, window, log));
    }
    const rows = results.reduce((sum, r) => sum + r.rows, 0);
    if (rows >= ANALYZE_AFTER_ROWS)
      await sql`ANALYZE fx_minute_bars, fx_15min_bars, fx_30min_bars, fx_hourly_bars, fx_daily_bars`.execute(db);
    return { pairs: results, rows, ms: performance.now() - started };
  } finally {
    client.release();
  }
}

async function loadPair(
  held: { client: pg.PoolClient; db: Database },
  model: PathModel,
  seed: string | number,
  { pair, fromMs, toMsExclusive }: { pair: string; fromMs: number; toMsExclusive: number },
  log: (line: string) => void,
): Promise<PairLoad> {
  let done = '';
  const load = await held.db.transaction().execute(async (trx): Promise<PairLoad> => {
    // The pair's writers' lock, as the history backfill takes it: another worker's data-set load or a backfill of
    // this pair waits for this transaction, and this one for theirs.
    await lockPairWriters(trx, pair);
    // Bars at or after the window's end (the live poller's) say nothing about what is missing before it.
    const latest = await trx
      .selectFrom('fx_minute_bars')
      .select((eb) => eb.fn.max('ts').as('ts'))
      .where('pair', '=', pair)
      .where('ts', '<', new Date(toMsExclusive))
      .executeTakeFirst();
    const latestMs = latest?.ts?.getTime();
    const startMs = latestMs === undefined ? fromMs : Math.max(fromMs, latestMs + MINUTE_MS);
    const from = indexAtOrAfter(startMs);
    const to = indexAtOrAfter(toMsExclusive);
    if (from >= to) return { pair, first: null, last: null, rows: 0 };
    const first = timeOfIndex(from);
    const last = timeOfIndex(to - 1);
    const t0 = performance.now();
    const label = `market data: loading ${pair} ${day(first)} → ${day(last)}`;
    log(`${label} … 0%`);
    const steps = [...PROGRESS_STEPS];
    const onProgress = (done: number) => {
      while (steps.length > 0 && done >= steps[0]!) log(`${label} … ${Math.round(steps.shift()! * 100)}%`);
    };
    // The one raw statement: COPY on the same connection, inside the transaction `trx` opened on it.
    const copy = held.client.query(copyFrom(BAR_COPY_SQL));
    await pipeline(Readable.from(barCopyChunks(model, seed, pair, from, to, onProgress)), copy);
    await refreshRollups(trx, pair, new Date(first), new Date(last + MINUTE_MS));
    const rows = copy.rowCount;
    done = `${label} … 100% (${rows.toLocaleString('en-GB')} bars in ${((performance.now() - t0) / 1000).toFixed(1)} s)`;
    return { pair, first: new Date(first), last: new Date(last), rows };
  });
  // Said once committed: the bars are readable when the log says they are loaded.
  if (done) log(done);
  return load;
}

function toMs(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`not a time: ${String(value)}`);
  return ms;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
