import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import {
  fallbackGbpPerEur,
  fallbackGbpPerUsd,
  type GbpConversion,
  pairCurrencies,
  SAME_CURRENCY,
} from '@pippitch/shared/money';
import { LIVE_SOURCE_LABELS, type LiveSource, minuteKindOf, PRICE_SOURCE_LABELS } from '@pippitch/shared/sources';
import { addDays } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { MID_LOOKBACK_MINUTES } from '../../market/read/day-range';
import { minuteOf } from '../../market/read/history';
import { ecbPoundsPer, minuteBarBefore } from '../../queries/calculations/market-rates';
import type { QuoteAtSave } from './quote-at-save';

/**
 * Pounds per unit of the currency a pitch sells (issue 22 §1), so totals across pairs are pounds: 1 for GBP pairs.
 * For EUR/USD, the EUR/GBP mid of the calculation's moment: the server's own GBP/EUR quote for a comparison made
 * now, the stored EUR/GBP minute (or the latest within 5 minutes before) for a historical one; failing both, the
 * ECB's GBP per EUR of the day (the last fix within a week), and last the spec's fallback rate — each says which.
 * A USD/x pitch (issue 34) is converted the same way through GBP/USD: 1 ÷ its quote or minute, the ECB's GBP ÷ USD.
 */
export async function gbpConversion(
  db: Database,
  input: Pick<SaveCalculationInput, 'pair' | 'comparisonDate' | 'comparisonTime'>,
  /** The server's quote of gbpLivePair(pair): GBP/EUR for a EUR pitch, GBP/USD for a USD one. */
  gbpQuote: QuoteAtSave | null,
): Promise<GbpConversion> {
  const { sold } = pairCurrencies(input.pair);
  if (sold === 'GBP') return SAME_CURRENCY;
  const usd = sold === 'USD';
  if (!input.comparisonTime && gbpQuote && gbpQuote.mid > 0) {
    return {
      rate: (1 / gbpQuote.mid).toFixed(8),
      source: LIVE_SOURCE_LABELS[gbpQuote.source as LiveSource] ?? gbpQuote.source,
      at: new Date(gbpQuote.timestamp).toISOString(),
    };
  }
  if (input.comparisonTime) {
    const at = minuteOf(input.comparisonDate, input.comparisonTime);
    // EUR/GBP is stored as quoted (pounds per euro): no inversion needed; GBP/USD is dollars per pound: inverted.
    const bar = await minuteBarBefore(db, usd ? 'GBPUSD' : 'EURGBP', at, MID_LOOKBACK_MINUTES);
    if (bar) {
      return {
        rate: (usd ? 1 / bar.close : bar.close).toFixed(8),
        source: PRICE_SOURCE_LABELS[minuteKindOf(bar.source, bar.ts)] ?? bar.source,
        at: bar.ts.toISOString(),
      };
    }
  }
  // Pounds per euro is the ECB's GBP; pounds per dollar its GBP ÷ USD of the same fix.
  const fix = await ecbPoundsPer(db, { usd, date: input.comparisonDate, after: addDays(input.comparisonDate, -7) });
  if (fix) return { rate: fix.rate, source: `ECB reference rate ${fix.fixDate}`, at: null };
  return usd ? fallbackGbpPerUsd() : fallbackGbpPerEur();
}
