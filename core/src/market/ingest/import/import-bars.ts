import type pg from 'pg';
import type { ImportedBar } from './dukascopy';

export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

const BATCH = 10_000;

/**
 * Upserts imported bars as source 'import' in one transaction, then refreshes the rollups (15 min … day) over their span.
 * A bar is rewritten only when something differs, so importing the same file again changes nothing.
 */
export async function importBars(
  client: pg.ClientBase,
  pair: string,
  bars: readonly ImportedBar[],
): Promise<ImportResult> {
  const result: ImportResult = { inserted: 0, updated: 0, unchanged: 0 };
  if (bars.length === 0) return result;
  await client.query('BEGIN');
  try {
    for (let i = 0; i < bars.length; i += BATCH) {
      const batch = bars.slice(i, i + BATCH);
      const res = await client.query<{ inserted: boolean }>(
        `INSERT INTO fx_minute_bars AS b (pair, ts, open, high, low, close, source)
         SELECT $1, * , 'import' FROM unnest($2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::float8[])
         ON CONFLICT (pair, ts) DO UPDATE
           SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
               source = excluded.source
           WHERE (b.open, b.high, b.low, b.close, b.source)
                 IS DISTINCT FROM (excluded.open, excluded.high, excluded.low, excluded.close, excluded.source)
         RETURNING (xmax = 0) AS inserted`,
        [
          pair,
          batch.map((b) => b.ts),
          batch.map((b) => b.open),
          batch.map((b) => b.high),
          batch.map((b) => b.low),
          batch.map((b) => b.close),
        ],
      );
      const inserted = res.rows.filter((r) => r.inserted).length;
      result.inserted += inserted;
      result.updated += res.rows.length - inserted;
      result.unchanged += batch.length - res.rows.length;
    }
    const last = bars[bars.length - 1]!.ts.getTime();
    await client.query('SELECT fx_refresh_rollups($1, $2, $3)', [pair, bars[0]!.ts, new Date(last + 60_000)]);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
