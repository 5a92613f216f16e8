import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * Deterministic minute bars for tests: a smooth wave around `base`, every minute from `from` to `to`
 * except the FX weekend (Friday 22:00 – Sunday 22:00 UTC), source 'ecb_sim'. Then the hourly rollup.
 */
export async function insertBars(db: Database, pair: string, from: string, to: string, base: number): Promise<void> {
  await sql`
    INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
    SELECT ${pair}, t, c, c, c, c, 'ecb_sim'
    FROM generate_series(date_trunc('minute', ${from}::timestamptz), ${to}::timestamptz - interval '1 minute', interval '1 minute') t,
    LATERAL (SELECT ${base}::float8 + 0.01 * sin(extract(epoch FROM t) / 3600.0) AS c) v
    WHERE NOT (
      (extract(isodow FROM t) = 5 AND extract(hour FROM t) >= 22)
      OR extract(isodow FROM t) = 6
      OR (extract(isodow FROM t) = 7 AND extract(hour FROM t) < 22)
    )
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`SELECT fx_refresh_hourly(${pair}, ${from}::timestamptz, ${to}::timestamptz)`.execute(db);
}

export async function closeAt(db: Database, pair: string, ts: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('fx_minute_bars')
    .select('close')
    .where('pair', '=', pair)
    .where('ts', '=', new Date(ts))
    .executeTakeFirst();
  return row?.close;
}
