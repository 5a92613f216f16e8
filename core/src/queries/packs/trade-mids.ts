import { PACK_MID_LOOKBACK_MINUTES } from '@pippitch/shared/pack';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * The stored prices a pack's trades are measured against (services/packs/price.ts). Market data belongs to no
 * company, so no scope: these read prices, never a tenant's rows.
 */

/** One trade's prices, in the order of the trades asked about (i from 1). */
export interface MidRow {
  i: number;
  /** The trade's day's range, or the last session's before a day without prices (issue 31 §1). */
  day: Date | null;
  low: number | null;
  high: number | null;
  first: Date | null;
  last: Date | null;
  close: number | null;
  ts: Date | null;
  source: string | null;
  eurgbp: number | null;
}

/** The trades to price, one entry per trade in each array (the same index). */
export interface TradeMidQuery {
  /** The stored pair (storageFor(pair).stored). */
  stored: string[];
  /** The trade's minute. */
  at: Date[];
  /** The stored pair that puts its base in pounds (EUR/GBP, GBP/USD), or null. */
  gbpLeg: (string | null)[];
  /** The start of its London day, as an ISO instant. */
  days: string[];
  /** Whether it was on a Sunday (checked against the last full session). */
  sundays: boolean[];
  /** The instant its mid is read at, as an ISO instant. */
  midAt: string[];
  /** How far before midAt a bar still counts, in minutes. */
  lookback: number[];
}

/**
 * Every trade's prices in ONE set-based query, whatever their number: for each (pair, minute) the latest bar at or
 * up to its lookback before it, the pound leg's bar of the same window, the day's range (or the last session's),
 * and that session's first and last minutes. Each lookup is an index range probe of one pair's minutes.
 */
export async function tradeMidRows(db: Database, trades: TradeMidQuery): Promise<MidRow[]> {
  const { stored, at, gbpLeg, days, sundays, midAt, lookback } = trades;
  const { rows } = await sql<MidRow>`
      SELECT q.i::int AS i, m.close, m.ts, m.source, g.close AS eurgbp, d.ts AS day, d.low, d.high, s.first, s.last
      FROM unnest(${stored}::text[], ${at.map((d) => d.toISOString())}::timestamptz[], ${gbpLeg}::text[],
                  ${days}::timestamptz[], ${sundays}::boolean[], ${midAt}::timestamptz[], ${lookback}::int[])
        WITH ORDINALITY AS q(pair, ts, gbp_leg, day, sunday, mid_at, lookback, i)
      LEFT JOIN LATERAL (
        SELECT close, ts, source FROM fx_minute_bars
        WHERE pair = q.pair AND ts <= q.mid_at AND ts > q.mid_at - make_interval(mins => q.lookback)
        ORDER BY ts DESC LIMIT 1
      ) m ON true
      LEFT JOIN LATERAL (
        SELECT close FROM fx_minute_bars
        WHERE pair = q.gbp_leg AND ts <= q.ts
          AND ts > q.ts - make_interval(mins => ${PACK_MID_LOOKBACK_MINUTES})
        ORDER BY ts DESC LIMIT 1
      ) g ON true
      LEFT JOIN LATERAL (
        SELECT ts, low, high FROM fx_daily_bars
        WHERE pair = q.pair AND ts <= q.day AND ts > q.day - interval '15 days' AND NOT (q.sunday AND ts = q.day)
        ORDER BY ts DESC LIMIT 1
      ) d ON true
      LEFT JOIN LATERAL (
        SELECT min(ts) AS first, max(ts) AS last FROM fx_minute_bars
        WHERE d.ts IS NOT NULL AND d.ts < q.day AND pair = q.pair AND ts >= d.ts AND ts < d.ts + interval '25 hours'
      ) s ON true
      ORDER BY q.i`.execute(db);
  return rows;
}
