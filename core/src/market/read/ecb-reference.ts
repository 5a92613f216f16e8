import { ECB_REFERENCE_CURRENCIES, type EcbReference, ecbReference } from '@pippitch/shared/evidence';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { addDays } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * A weekend or a TARGET holiday has no fix, so a date quotes the last fix before it; never one older than this
 * (the longest gap between fixes is Christmas to the New Year), so a date past the bundled file's end has none.
 */
const LOOKBACK_DAYS = 6;

/**
 * The ECB reference rate of `pair` for a London date (core/src/market/dataset/ecb-store.ts loads the rates):
 * the fix of that date or the last one within a few days before it (then `forDate` says the date asked for),
 * derived as a cross for GBP pairs. Null when no fix is on file for the date. The table is kept current by the
 * ecb-reference-rates job (market/read/ecb-rates.ts) on top of the bundled file.
 */
export async function ecbReferenceFor(db: Database, pair: CurrencyPair, date: string): Promise<EcbReference | null> {
  const rows = (
    await sql<{ currency: string; per_eur: string; fix_date: string }>`
      SELECT currency, per_eur::text AS per_eur, to_char(fix_date, 'YYYY-MM-DD') AS fix_date
      FROM ecb_reference_rates
      WHERE fix_date = (
        SELECT max(fix_date) FROM ecb_reference_rates
        WHERE currency = 'GBP' AND fix_date <= ${date}::date AND fix_date > ${addDays(date, -LOOKBACK_DAYS - 1)}::date
      )`.execute(db)
  ).rows;
  const fixDate = rows[0]?.fix_date;
  if (!fixDate) return null;
  const perEur: Partial<Record<string, string>> = {};
  for (const row of rows) {
    if (ECB_REFERENCE_CURRENCIES.includes(row.currency)) perEur[row.currency] = row.per_eur;
  }
  const reference = ecbReference(pair, fixDate, perEur);
  // A weekend, a holiday, or today before the ECB has published: the record says which day's fix it quotes.
  return reference && fixDate !== date ? { ...reference, forDate: date } : reference;
}
