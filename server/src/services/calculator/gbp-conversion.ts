import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import { fallbackGbpPerEur, type GbpConversion, pairCurrencies, SAME_CURRENCY } from '@pippitch/shared/money';
import { LIVE_SOURCE_LABELS, type LiveSource, PRICE_SOURCE_LABELS, summariseSources } from '@pippitch/shared/sources';
import { addDays } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { MID_LOOKBACK_MINUTES } from '../market/day-range';
import { minuteOf } from '../market/history';
import type { QuoteAtSave } from './quote-at-save';

/**
 * Pounds per unit of the currency a pitch sells (issue 22 §1), so totals across pairs are pounds: 1 for GBP pairs.
 * For EUR/USD, the EUR/GBP mid of the calculation's moment: the server's own GBP/EUR quote for a comparison made
 * now, the stored EUR/GBP minute (or the latest within 5 minutes before) for a historical one; failing both, the
 * ECB's GBP per EUR of the day (the last fix within a week), and last the spec's fallback rate — each says which.
 */
export async function gbpConversion(
  db: Database,
  input: Pick<SaveCalculationInput, 'pair' | 'comparisonDate' | 'comparisonTime'>,
  gbpEurQuote: QuoteAtSave | null,
): Promise<GbpConversion> {
  if (pairCurrencies(input.pair).sold === 'GBP') return SAME_CURRENCY;
  if (!input.comparisonTime && gbpEurQuote && gbpEurQuote.mid > 0) {
    return {
      rate: (1 / gbpEurQuote.mid).toFixed(8),
      source: LIVE_SOURCE_LABELS[gbpEurQuote.source as LiveSource] ?? gbpEurQuote.source,
      at: new Date(gbpEurQuote.timestamp).toISOString(),
    };
  }
  if (input.comparisonTime) {
    const at = minuteOf(input.comparisonDate, input.comparisonTime);
    // EUR/GBP is stored as quoted (pounds per euro): no inversion needed.
    const bar = (
      await sql<{ close: number; ts: Date; source: string }>`
        SELECT close, ts, source FROM fx_minute_bars
        WHERE pair = 'EURGBP' AND ts <= ${at} AND ts > ${new Date(at.getTime() - MID_LOOKBACK_MINUTES * 60_000)}
        ORDER BY ts DESC LIMIT 1`.execute(db)
    ).rows[0];
    if (bar) {
      return {
        rate: bar.close.toFixed(8),
        source: PRICE_SOURCE_LABELS[summariseSources([bar.source])] ?? bar.source,
        at: bar.ts.toISOString(),
      };
    }
  }
  const fix = (
    await sql<{ per_eur: string; fix_date: string }>`
      SELECT per_eur::text AS per_eur, to_char(fix_date, 'YYYY-MM-DD') AS fix_date FROM ecb_reference_rates
      WHERE currency = 'GBP' AND fix_date <= ${input.comparisonDate}::date
        AND fix_date > ${addDays(input.comparisonDate, -7)}::date
      ORDER BY fix_date DESC LIMIT 1`.execute(db)
  ).rows[0];
  if (fix) return { rate: fix.per_eur, source: `ECB reference rate ${fix.fix_date}`, at: null };
  return fallbackGbpPerEur();
}
