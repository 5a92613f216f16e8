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
import { sql } from 'kysely';
import { MID_LOOKBACK_MINUTES } from '../../market/read/day-range';
import { minuteOf } from '../../market/read/history';
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
    const bar = (
      await sql<{ close: number; ts: Date; source: string }>`
        SELECT close, ts, source FROM fx_minute_bars
        WHERE pair = ${usd ? 'GBPUSD' : 'EURGBP'} AND ts <= ${at} AND ts > ${new Date(at.getTime() - MID_LOOKBACK_MINUTES * 60_000)}
        ORDER BY ts DESC LIMIT 1`.execute(db)
    ).rows[0];
    if (bar) {
      return {
        rate: (usd ? 1 / bar.close : bar.close).toFixed(8),
        source: PRICE_SOURCE_LABELS[minuteKindOf(bar.source, bar.ts)] ?? bar.source,
        at: bar.ts.toISOString(),
      };
    }
  }
  // Pounds per euro is the ECB's GBP; pounds per dollar its GBP ÷ USD of the same fix.
  const fix = (
    await sql<{ per_eur: string; fix_date: string }>`
      SELECT (g.per_eur / coalesce(u.per_eur, 1))::numeric(20, 8)::text AS per_eur,
             to_char(g.fix_date, 'YYYY-MM-DD') AS fix_date
      FROM ecb_reference_rates g
      LEFT JOIN ecb_reference_rates u ON ${usd} AND u.currency = 'USD' AND u.fix_date = g.fix_date
      WHERE g.currency = 'GBP' AND g.fix_date <= ${input.comparisonDate}::date
        AND g.fix_date > ${addDays(input.comparisonDate, -7)}::date
        AND (NOT ${usd} OR u.per_eur IS NOT NULL)
      ORDER BY g.fix_date DESC LIMIT 1`.execute(db)
  ).rows[0];
  if (fix) return { rate: fix.per_eur, source: `ECB reference rate ${fix.fix_date}`, at: null };
  return usd ? fallbackGbpPerUsd() : fallbackGbpPerEur();
}
