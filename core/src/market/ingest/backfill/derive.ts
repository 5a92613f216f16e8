/**
 * Derived crosses (issue 34 §2): a pair the provider does not quote (GBP/PLN) is priced per minute from its two
 * legs at the same minute (GBP/USD × USD/PLN) and stored under its own code: by the backfill for every minute both
 * legs have a real (not simulated) price, with source 'derived', and by the live poll for the minutes it just wrote
 * (store.ts), both through deriveMinutes, the rule's one home. The legs and the method are the catalogue's, so every
 * record that names the minute can name them. Each UTC day is one transaction with its rollups and the cross's cursor
 * (fx_history_backfill, provider 'derived'), as the backfill's chunks are, so a stop resumes without a gap.
 */
import type { PairInfo } from '@pippitch/shared/pair-catalogue';
import { SIMULATED_BAR_SOURCES } from '@pippitch/shared/sources';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { advanceCursor, lockPairWriters, refreshRollups } from '../bar-writes';

const DAY_MS = 86_400_000;

/** A leg's price in the cross's direction: as stored, or 1 ÷ it (its high then comes from the stored low). */
function leg(alias: string, invert: boolean, column: 'open' | 'high' | 'low' | 'close'): string {
  if (!invert) return `${alias}.${column}`;
  const flipped = column === 'high' ? 'low' : column === 'low' ? 'high' : column;
  return `(1 / ${alias}.${flipped})`;
}

export interface DeriveResult {
  pair: string;
  bars: number;
  through: Date | null;
}

/** What deriveMinutes wrote: how many minutes, and the first and last of them. */
export interface DerivedMinutes {
  written: number;
  first: Date | null;
  last: Date | null;
}

/**
 * THE derivation rule, for the backfill's days and the live poll's minutes alike: every minute in [fromMs, toMs)
 * where both legs have a bar becomes the cross's bar, each price the legs' prices multiplied (a leg used inverted
 * flips high and low), to 6 decimals. High and low are the legs' extremes multiplied (a bound: the two extremes need
 * not fall at the same instant), kept around open and close. `legs: 'real'` (the backfill) takes only minutes whose
 * legs both traded, stored as 'derived'; `legs: 'any'` (the live poll) takes the minute whatever its legs' sources,
 * and a minute made from a simulated leg keeps that leg's simulated source, never passing for a real one. A stored
 * minute of the cross is replaced only when simulated or derived and different (an import of the cross stays).
 * The cross's rollups follow. Runs in the caller's transaction.
 */
export async function deriveMinutes(
  trx: Database,
  cross: PairInfo,
  fromMs: number,
  toMs: number,
  legs: 'real' | 'any',
): Promise<DerivedMinutes> {
  if (cross.sourcing.kind !== 'derived' || cross.invert) return { written: 0, first: null, last: null };
  const [a, b] = cross.sourcing.legs;
  // The price expressions are built from the catalogue's fixed aliases and column names, never from input.
  const expr = (c: 'open' | 'high' | 'low' | 'close') =>
    sql.raw(`round((${leg('a', a.invert, c)} * ${leg('b', b.invert, c)})::numeric, 6)::float8`);
  const simulated = sql`${SIMULATED_BAR_SOURCES}::text[]`;
  const realOnly = legs === 'real' ? sql`AND a.source <> ALL (${simulated}) AND b.source <> ALL (${simulated})` : sql``;
  const res = await sql<{ n: number; first: Date | null; last: Date | null }>`
    WITH legs AS (
      SELECT a.ts, ${expr('open')} AS o, ${expr('high')} AS h, ${expr('low')} AS l, ${expr('close')} AS c,
             CASE WHEN a.source = ANY (${simulated}) THEN a.source
                  WHEN b.source = ANY (${simulated}) THEN b.source ELSE 'derived' END AS source
      FROM fx_minute_bars a
      JOIN fx_minute_bars b ON b.pair = ${b.stored} AND b.ts = a.ts
      WHERE a.pair = ${a.stored} AND a.ts >= ${new Date(fromMs)} AND a.ts < ${new Date(toMs)} ${realOnly}),
    up AS (
      INSERT INTO fx_minute_bars AS x (pair, ts, open, high, low, close, source)
      SELECT ${cross.stored}, ts, o, greatest(h, o, c), least(l, o, c), c, source FROM legs
      ON CONFLICT (pair, ts) DO UPDATE
        SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
            source = excluded.source
        WHERE (x.source = ANY (${simulated}) OR x.source = 'derived')
          AND (x.open, x.high, x.low, x.close, x.source) IS DISTINCT FROM
              (excluded.open, excluded.high, excluded.low, excluded.close, excluded.source)
      RETURNING ts)
    SELECT count(*) AS n, min(ts) AS first, max(ts) AS last FROM up`.execute(trx);
  const written = Number(res.rows[0]?.n ?? 0);
  if (written > 0) await refreshRollups(trx, cross.stored, new Date(fromMs), new Date(toMs));
  return { written, first: res.rows[0]?.first ?? null, last: res.rows[0]?.last ?? null };
}

/**
 * Derives `cross` from the last day it has up to the older of its legs' cursors, from real legs only (deriveMinutes),
 * one UTC day per transaction with the cross's cursor.
 */
export async function deriveCross(db: Database, cross: PairInfo, startMs: number): Promise<DeriveResult> {
  if (cross.sourcing.kind !== 'derived' || cross.invert) return { pair: cross.code, bars: 0, through: null };
  const [a, b] = cross.sourcing.legs;
  const rows = await db
    .selectFrom('fx_history_backfill')
    .select(['pair', 'through_ts'])
    .where('pair', 'in', [a.stored, b.stored, cross.stored])
    .execute();
  const through = new Map(rows.map((r) => [r.pair, r.through_ts.getTime()]));
  const legsThrough = Math.min(through.get(a.stored) ?? startMs, through.get(b.stored) ?? startMs);
  let cursor = Math.max(startMs, through.get(cross.stored) ?? startMs);
  let bars = 0;
  while (cursor < legsThrough) {
    const to = Math.min(Math.floor(cursor / DAY_MS) * DAY_MS + DAY_MS, legsThrough);
    const from = cursor;
    const written = await db.transaction().execute(async (trx) => {
      await lockPairWriters(trx, cross.stored);
      const day = await deriveMinutes(trx, cross, from, to, 'real');
      await advanceCursor(trx, {
        pair: cross.stored,
        provider: 'derived',
        startedFrom: new Date(startMs),
        through: new Date(to),
        firstReal: day.first,
        lastReal: day.last,
        written: day.written,
      });
      return day.written;
    });
    bars += written;
    cursor = to;
  }
  return { pair: cross.code, bars, through: new Date(cursor) };
}
