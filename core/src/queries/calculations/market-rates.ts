import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * The market prices a calculation is converted and dated with. Market data belongs to no company, so these take no
 * scope: they read prices, never a tenant's rows.
 */

/** A stored minute bar: its close as stored (the pair's storage direction), when, and its feed. */
export interface MinuteBar {
  close: number;
  ts: Date;
  source: string;
}

/** The stored pair's bar at `at`, or the latest within `lookbackMinutes` before it; null if none. */
export async function minuteBarBefore(
  db: Database,
  storedPair: string,
  at: Date,
  lookbackMinutes: number,
): Promise<MinuteBar | null> {
  const { rows } = await sql<MinuteBar>`
    SELECT close, ts, source FROM fx_minute_bars
    WHERE pair = ${storedPair} AND ts <= ${at} AND ts > ${new Date(at.getTime() - lookbackMinutes * 60_000)}
    ORDER BY ts DESC LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

/**
 * The ECB's pounds per euro (or, `usd`, per dollar: its GBP ÷ USD of the same fix) of the latest fix on or before
 * `date` and after `after`; null if none.
 */
export async function ecbPoundsPer(
  db: Database,
  { usd, date, after }: { usd: boolean; date: string; after: string },
): Promise<{ rate: string; fixDate: string } | null> {
  const { rows } = await sql<{ per_eur: string; fix_date: string }>`
    SELECT (g.per_eur / coalesce(u.per_eur, 1))::numeric(20, 8)::text AS per_eur,
           to_char(g.fix_date, 'YYYY-MM-DD') AS fix_date
    FROM ecb_reference_rates g
    LEFT JOIN ecb_reference_rates u ON ${usd} AND u.currency = 'USD' AND u.fix_date = g.fix_date
    WHERE g.currency = 'GBP' AND g.fix_date <= ${date}::date
      AND g.fix_date > ${after}::date
      AND (NOT ${usd} OR u.per_eur IS NOT NULL)
    ORDER BY g.fix_date DESC LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { rate: row.per_eur, fixDate: row.fix_date } : null;
}

/** The latest ECB fix on file (the day GBP was last fixed): each currency's units per euro, as text. */
export async function latestEcbFix(db: Database): Promise<{ currency: string; perEur: string; fixDate: string }[]> {
  const { rows } = await sql<{ currency: string; per_eur: string; fix_date: string }>`
    SELECT currency, per_eur::text AS per_eur, to_char(fix_date, 'YYYY-MM-DD') AS fix_date
    FROM ecb_reference_rates
    WHERE fix_date = (SELECT max(fix_date) FROM ecb_reference_rates WHERE currency = 'GBP')`.execute(db);
  return rows.map((r) => ({ currency: r.currency, perEur: r.per_eur, fixDate: r.fix_date }));
}
