import { readFileSync } from 'node:fs';
import { ECB_REFERENCE_CURRENCIES } from '@pippitch/shared/evidence';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
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
export async function storeEcbReferenceRates(db: Database): Promise<number> {
  const newest = await db
    .selectFrom('ecb_reference_rates')
    .select(['currency', (eb) => eb.fn.max('fix_date').as('d')])
    .groupBy('currency')
    .execute();
  // `date` columns arrive as 'YYYY-MM-DD' text (sql/src/connection.ts), the file's own form.
  const missing = missingReferenceRates(
    readFileSync(ECB_CSV_URL, 'utf8'),
    new Map(newest.map((r) => [r.currency, r.d])),
  );
  if (missing.currencies.length === 0) return 0;
  // Some 30,000 fixes on a first start: three arrays through unnest() rather than 90,000 bind parameters.
  const r = await db
    .insertInto('ecb_reference_rates')
    .columns(['currency', 'fix_date', 'per_eur'])
    .expression(
      sql`SELECT * FROM unnest(${missing.currencies}::text[], ${missing.dates}::date[], ${missing.rates}::numeric[])`,
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}
