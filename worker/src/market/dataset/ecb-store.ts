import { ECB_CURRENCIES } from '@pippitch/shared/evidence';
import type pg from 'pg';
import { loadEcbFixes } from './ecb';

/** The ECB's first published day: the table holds the whole history the bundled file has. */
const ECB_FIRST_FIX = '1999-01-04';

/**
 * Stores the bundled ECB reference rates (units per 1 EUR, as published) that the table lacks, so a calculation's
 * record can quote the reference rate for its comparison date (services/calculator/evidence.ts). Idempotent and
 * cheap on later starts: only fixes newer than the newest stored one are inserted, in one statement.
 */
export async function storeEcbReferenceRates(pool: pg.Pool): Promise<number> {
  const newest = await pool.query<{ d: string | null }>(
    "SELECT to_char(max(fix_date), 'YYYY-MM-DD') AS d FROM ecb_reference_rates",
  );
  const after = newest.rows[0]?.d;
  const fixes = loadEcbFixes(ECB_FIRST_FIX).filter((f) => !after || f.date > after);
  if (fixes.length === 0) return 0;
  const currencies: string[] = [];
  const dates: string[] = [];
  const rates: string[] = [];
  for (const fix of fixes) {
    ECB_CURRENCIES.forEach((currency, i) => {
      currencies.push(currency);
      dates.push(fix.date);
      // A JavaScript number prints the published digits back exactly (shortest round-trip form).
      rates.push(String(fix.rates[i]));
    });
  }
  const r = await pool.query(
    `INSERT INTO ecb_reference_rates (currency, fix_date, per_eur)
     SELECT * FROM unnest($1::text[], $2::date[], $3::numeric[])
     ON CONFLICT DO NOTHING`,
    [currencies, dates, rates],
  );
  return r.rowCount ?? 0;
}
