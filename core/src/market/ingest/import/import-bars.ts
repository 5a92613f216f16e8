import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { refreshRollups } from '../bar-writes';
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
export async function importBars(db: Database, pair: string, bars: readonly ImportedBar[]): Promise<ImportResult> {
  const result: ImportResult = { inserted: 0, updated: 0, unchanged: 0 };
  if (bars.length === 0) return result;
  return db.transaction().execute(async (trx) => {
    for (let i = 0; i < bars.length; i += BATCH) {
      const batch = bars.slice(i, i + BATCH);
      // (xmax = 0) tells a row inserted from one updated: the summary the importer prints.
      const res = await sql<{ inserted: boolean }>`
        INSERT INTO fx_minute_bars AS b (pair, ts, open, high, low, close, source)
        SELECT ${pair}, *, 'import'
        FROM unnest(${batch.map((b) => b.ts)}::timestamptz[], ${batch.map((b) => b.open)}::float8[],
                    ${batch.map((b) => b.high)}::float8[], ${batch.map((b) => b.low)}::float8[],
                    ${batch.map((b) => b.close)}::float8[])
        ON CONFLICT (pair, ts) DO UPDATE
          SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
              source = excluded.source
          WHERE (b.open, b.high, b.low, b.close, b.source)
                IS DISTINCT FROM (excluded.open, excluded.high, excluded.low, excluded.close, excluded.source)
        RETURNING (xmax = 0) AS inserted`.execute(trx);
      const inserted = res.rows.filter((r) => r.inserted).length;
      result.inserted += inserted;
      result.updated += res.rows.length - inserted;
      result.unchanged += batch.length - res.rows.length;
    }
    const last = bars[bars.length - 1]!.ts.getTime();
    await refreshRollups(trx, pair, bars[0]!.ts, new Date(last + 60_000));
    return result;
  });
}
