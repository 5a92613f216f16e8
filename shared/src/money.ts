import { type CurrencyCode, currency, isCurrencyCode, minorUnits } from './currencies';
import { Dec } from './decimal';
import { pairInfo } from './pair-catalogue';
import { type CurrencyPair, FALLBACK_RATES, pairLabel } from './pairs';

// Which currency each figure is in, and how it is written (issue 22 §1). The maths (calculator.ts) divides the
// amount by the rate: for GBP/USD at 1.3556 the amount is what the client buys (USD, the quote currency) and the
// costs and savings are what the client sells (GBP, the base currency). For EUR/USD the costs are euros, so anything
// added up across pairs (dashboard, activity, reports, Salesforce, CSV) is first converted to pounds at the EUR/GBP
// mid the calculation used. This is the one module that decides; every surface asks it.

export type { CurrencyCode } from './currencies';

/** Symbols written before the figure; currencies without a distinct one are written with their code ('NOK 1,250.00'). */
function symbolOf(code: CurrencyCode): string | undefined {
  return isCurrencyCode(code) ? currency(code).symbol : undefined;
}

/** The currency the client buys (the amount) and the one they sell (the costs and savings) on a pair. */
export function pairCurrencies(pair: CurrencyPair): { bought: CurrencyCode; sold: CurrencyCode } {
  const { base, quote } = pairInfo(pair);
  return { sold: base, bought: quote };
}

/** Inserts thousands separators into a string of digits: '395256' → '395,256'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * '395256.9169' in GBP → '£395,256.92'; in NOK → 'NOK 395,256.92'; in JPY → 'JPY 395,257' (ISO 4217's minor units
 * unless `decimals` says otherwise); '-12.5' → '-£12.50'. Built on decimal strings, never a float, so a PDF and the
 * browser agree to the penny. A value that rounds to zero never shows a minus sign.
 */
export function formatMoney(value: string | number, code: CurrencyCode, decimals = minorUnits(code)): string {
  const rounded = new Dec(value).toDecimalPlaces(decimals);
  const [whole = '0', fraction] = rounded.abs().toFixed(decimals).split('.');
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  const symbol = symbolOf(code);
  const digits = `${groupThousands(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
  return symbol ? `${sign}${symbol}${digits}` : `${sign}${code} ${digits}`;
}

/** An amount without a symbol, whole when it is whole: '500000' → '500,000'; '1234.5' → '1,234.50'. */
export function formatAmount(value: string, decimals = value.includes('.') ? 2 : 0): string {
  return formatMoney(value, 'GBP', decimals).replace('£', '');
}

/** The amount the client buys, with its currency: '$500,000' on GBP/USD, '€250,000.50' on GBP/EUR. */
export function formatBought(value: string, pair: CurrencyPair): string {
  const { bought } = pairCurrencies(pair);
  // Whole amounts stay whole; fractions are written to the currency's minor units (a yen amount has none).
  const text = formatAmount(value, value.includes('.') ? minorUnits(bought) : 0);
  const symbol = symbolOf(bought);
  return symbol ? `${symbol}${text}` : `${bought} ${text}`;
}

/** An amount of a pair's base currency with its code: a pack's trade, '110,000 GBP' or '25,000 EUR'. */
export function formatBaseAmount(value: string, pair: CurrencyPair): string {
  const { sold } = pairCurrencies(pair);
  return `${formatAmount(value, value.includes('.') ? minorUnits(sold) : 0)} ${sold}`;
}

/** A cost or saving of a pitch, in the currency the client sells (to its minor units unless told). */
export function formatSold(value: string | number, pair: CurrencyPair, decimals?: number): string {
  const { sold } = pairCurrencies(pair);
  return formatMoney(value, sold, decimals ?? minorUnits(sold));
}

/** The calculator's amount field: 'Amount to Buy (USD)'. */
export function amountLabel(pair: CurrencyPair): string {
  return `Amount to Buy (${pairCurrencies(pair).bought})`;
}

/** The hint under it: 'The USD the client buys; costs are in GBP'. */
export function amountHint(pair: CurrencyPair): string {
  const { bought, sold } = pairCurrencies(pair);
  return `The ${bought} the client buys; costs and savings are in ${sold}`;
}

/** Words for a pair's figures, as tables headed by currency say them: 'GBP/USD: amount in USD, costs in GBP'. */
export function pairCurrencyNote(pair: CurrencyPair): string {
  const { bought, sold } = pairCurrencies(pair);
  return `${pairLabel(pair)}: amount in ${bought}, costs and savings in ${sold}`;
}

/** What totals across pairs say about their currency. */
export const GBP_TOTALS_NOTE = 'Totals in GBP; euro figures converted at the EUR/GBP mid each calculation used.';

/** The rate that turns a pitch's sold currency into pounds, and where it came from. */
export interface GbpConversion {
  /** Pounds per one unit of the sold currency ('1' for GBP pairs). */
  rate: string;
  /** Words for its source: 'GBP pair', 'Simulated feed', 'ECB reference rate 2026-11-24', 'Fallback rate'. */
  source: string;
  /** ISO instant of the price, null for a GBP pair or a fallback. */
  at: string | null;
}

export const SAME_CURRENCY: GbpConversion = { rate: '1', source: 'GBP pair', at: null };

/** The spec's fallback GBP/EUR as pounds per euro, for a EUR pitch saved with no EUR/GBP price anywhere. */
export function fallbackGbpPerEur(): GbpConversion {
  return {
    rate: new Dec(1).dividedBy(FALLBACK_RATES.GBPEUR).toDecimalPlaces(8).toFixed(8),
    source: 'Fallback rate',
    at: null,
  };
}

/** The spec's fallback GBP/USD as pounds per dollar, for a USD/x pitch saved with no GBP/USD price anywhere. */
export function fallbackGbpPerUsd(): GbpConversion {
  return {
    rate: new Dec(1).dividedBy(FALLBACK_RATES.GBPUSD).toDecimalPlaces(8).toFixed(8),
    source: 'Fallback rate',
    at: null,
  };
}

/** The live pair whose quote turns a pitch's sold currency into pounds: GBP/EUR for EUR/x, GBP/USD for USD/x. */
export function gbpLivePair(pair: CurrencyPair): 'GBPEUR' | 'GBPUSD' | null {
  const { sold } = pairCurrencies(pair);
  return sold === 'EUR' ? 'GBPEUR' : sold === 'USD' ? 'GBPUSD' : null;
}

/** A pitch's figure in pounds: value × pounds per unit, 2 dp. */
export function toGbp(value: string, conversion: Pick<GbpConversion, 'rate'>): string {
  return new Dec(value).times(conversion.rate).toDecimalPlaces(2).toFixed(2);
}
