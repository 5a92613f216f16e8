import { readFileSync } from 'node:fs';
import { ECB_REFERENCE_CURRENCIES } from '@pippitch/shared/evidence';
import type pg from 'pg';
import { ECB_CSV_URL } from './ecb';

/**
 * The bundled file's rates the table lacks, per currency: every currency of the catalogue (issue 34), each from the
 * day after its newest stored fix, so an install that stored only the data set's five gets the others' whole history
 * once. 'N/A' (a currency not yet, or no longer, quoted) is skipped cell by cell.
 */
export function missingReferenceRates(
  text: string,
  newest: ReadonlyMap<string, string>,
): { currencies: string[]; dates: string[]; rates: string[] } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const columns = ECB_REFERENCE_CURRENCIES.map((c) => [c, header.indexOf(c)] as const).filter(([, i]) => i >= 0);
  const out = { currencies: [] as string[], dates: [] as string[], rates: [] as string[] };
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const date = (cells[0] ?? '').trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`ECB file: bad date '${date}'`);
    for (const [currency, i] of columns) {
      const after = newest.get(currency);
      if (after && date <= after) continue;
      const cell = (cells[i] ?? '').trim();
      // The published digits as they are (a numeric column keeps them exactly).
      if (!/^\d+(\.\d+)?$/.test(cell) || Number(cell) <= 0) continue;
      out.currencies.push(currency);
      out.dates.push(date);
      out.rates.push(cell);
    }
  }
  return out;
}

/**
 * Stores the bundled ECB reference rates (units per 1 EUR, as published) that the table lacks, so a calculation's
 * record can quote the reference rate for its comparison date (services/calculator/evidence.ts) and a daily-only
 * pair has its one rate a day (market/read/daily-reference-bars.ts). Idempotent and cheap on later starts: only
 * fixes newer than each currency's newest stored one are inserted, in one statement.
 */
export async function storeEcbReferenceRates(pool: pg.Pool): Promise<number> {
  const newest = await pool.query<{ currency: string; d: string }>(
    "SELECT currency, to_char(max(fix_date), 'YYYY-MM-DD') AS d FROM ecb_reference_rates GROUP BY currency",
  );
  const missing = missingReferenceRates(
    readFileSync(ECB_CSV_URL, 'utf8'),
    new Map(newest.rows.map((r) => [r.currency, r.d])),
  );
  if (missing.currencies.length === 0) return 0;
  const r = await pool.query(
    `INSERT INTO ecb_reference_rates (currency, fix_date, per_eur)
     SELECT * FROM unnest($1::text[], $2::date[], $3::numeric[])
     ON CONFLICT DO NOTHING`,
    [missing.currencies, missing.dates, missing.rates],
  );
  return r.rowCount ?? 0;
}
