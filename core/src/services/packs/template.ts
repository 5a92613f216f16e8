import { ECB_REFERENCE_CURRENCIES, ecbReference } from '@pippitch/shared/evidence';
import { PACK_CSV_TEMPLATE } from '@pippitch/shared/pack';
import { packCsvTemplate } from '@pippitch/shared/pack-csv';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * The pack upload's CSV template (issue 34): for a signed-in desk, rows in the pairs it quotes, each beyond the
 * spec's two examples at the latest ECB reference rate on file (one read of that day's rates); for anyone else,
 * the spec's template.
 */
export async function packTemplateFor(db: Database, pairs: readonly CurrencyPair[] | null): Promise<string> {
  if (!pairs) return PACK_CSV_TEMPLATE;
  const { rows } = await sql<{ currency: string; per_eur: string; fix_date: string }>`
    SELECT currency, per_eur::text AS per_eur, to_char(fix_date, 'YYYY-MM-DD') AS fix_date
    FROM ecb_reference_rates
    WHERE fix_date = (SELECT max(fix_date) FROM ecb_reference_rates WHERE currency = 'GBP')`.execute(db);
  const perEur: Record<string, string> = {};
  for (const row of rows) if (ECB_REFERENCE_CURRENCIES.includes(row.currency)) perEur[row.currency] = row.per_eur;
  const fixDate = rows[0]?.fix_date;
  return packCsvTemplate(pairs, (pair) => {
    const reference = fixDate ? ecbReference(pair, fixDate, perEur) : null;
    return reference && { date: reference.fixDate, rate: reference.rate };
  });
}
