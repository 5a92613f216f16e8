import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * Deterministic minute bars for tests: a smooth wave around `base`, every minute from `from` to `to`
 * except the FX weekend (Friday 22:00 – Sunday 22:00 UTC), source 'ecb_sim' unless told. Then the rollups, as every
 * writer does.
 */
export async function insertBars(
  db: Database,
  pair: string,
  from: string,
  to: string,
  base: number,
  source = 'ecb_sim',
): Promise<void> {
  await sql`
    INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
    SELECT ${pair}, t, c, c, c, c, ${source}
    FROM generate_series(date_trunc('minute', ${from}::timestamptz), ${to}::timestamptz - interval '1 minute', interval '1 minute') t,
    LATERAL (SELECT ${base}::float8 + 0.01 * sin(extract(epoch FROM t) / 3600.0) AS c) v
    WHERE NOT (
      (extract(isodow FROM t) = 5 AND extract(hour FROM t) >= 22)
      OR extract(isodow FROM t) = 6
      OR (extract(isodow FROM t) = 7 AND extract(hour FROM t) < 22)
    )
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`SELECT fx_refresh_rollups(${pair}, ${from}::timestamptz, ${to}::timestamptz)`.execute(db);
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

/** Whether the minute bars are a TimescaleDB hypertable (migration 0002 makes them one where it can). */
export async function isHypertable(db: Database): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`
    SELECT to_regclass('timescaledb_information.hypertables') IS NOT NULL AND EXISTS (
      SELECT 1 FROM pg_extension WHERE extname = 'timescaledb'
    ) AS yes`.execute(db);
  if (!rows[0]?.yes) return false;
  const found =
    await sql`SELECT 1 FROM timescaledb_information.hypertables WHERE hypertable_name = 'fx_minute_bars'`.execute(db);
  return found.rows.length > 0;
}

/**
 * On TimescaleDB, compresses every chunk of the minute bars (production compresses those older than 45 days), so
 * the tests read history over compressed chunks as production does. Returns how many chunks are compressed: 0 on
 * the plain table. With EXPECT_TIMESCALEDB set (test/timescaledb.sh) a plain table is an error, so that run cannot
 * silently test the plain table again.
 */
export async function compressBars(db: Database): Promise<number> {
  if (!(await isHypertable(db))) {
    if (process.env.EXPECT_TIMESCALEDB)
      throw new Error('EXPECT_TIMESCALEDB is set but fx_minute_bars is a plain table');
    return 0;
  }
  await sql`SELECT compress_chunk(c, if_not_compressed => true) FROM show_chunks('fx_minute_bars') c`.execute(db);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM timescaledb_information.chunks
    WHERE hypertable_name = 'fx_minute_bars' AND is_compressed`.execute(db);
  return rows[0]?.n ?? 0;
}
