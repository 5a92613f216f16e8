import { ECB_REFERENCE_CURRENCIES, ecbReference } from '@pippitch/shared/evidence';
import { PACK_CSV_TEMPLATE } from '@pippitch/shared/pack';
import { packCsvTemplate } from '@pippitch/shared/pack-csv';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { latestEcbFix } from '../../queries/calculations/market-rates';

/**
 * The pack upload's CSV template (issue 34): for a signed-in desk, rows in the pairs it quotes, each beyond the
 * spec's two examples at the latest ECB reference rate on file (one read of that day's rates); for anyone else,
 * the spec's template.
 */
export async function packTemplateFor(db: Database, pairs: readonly CurrencyPair[] | null): Promise<string> {
  if (!pairs) return PACK_CSV_TEMPLATE;
  const rows = await latestEcbFix(db);
  const perEur: Record<string, string> = {};
  for (const row of rows) if (ECB_REFERENCE_CURRENCIES.includes(row.currency)) perEur[row.currency] = row.perEur;
  const fixDate = rows[0]?.fixDate;
  return packCsvTemplate(pairs, (pair) => {
    const reference = fixDate ? ecbReference(pair, fixDate, perEur) : null;
    return reference && { date: reference.fixDate, rate: reference.rate };
  });
}
