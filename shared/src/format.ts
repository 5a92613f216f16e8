import { Dec } from './decimal';
import { formatMoney } from './money';
import { isCataloguePair, pairInfo } from './pair-catalogue';

// Display formatting for money and rates. Built by hand on decimal strings rather than Intl.NumberFormat so a value
// never passes through a float, and server-rendered text (PDFs, e-mails) matches the browser to the penny.

/**
 * '395256.9169' → '£395,256.92'; '-12.5' → '-£12.50'. Dashboards show whole pounds: formatGBP(v, 0). For a pitch's
 * own figures use money.ts (formatSold, formatBought): only totals across pairs are in pounds whatever the pair.
 */
export function formatGBP(value: string | number, decimals = 2): string {
  return formatMoney(value, 'GBP', decimals);
}

/** A rate to 4 decimals, the spec's six's ('1.27' → '1.2700'), or to the pair's decimals when given ('150.50'). */
export function formatRate(value: string | number, decimals = 4): string {
  return new Dec(value).toFixed(decimals);
}

/**
 * Decimals a rate of a pair is shown with (issue 34): the catalogue's — 4 for the six and most pairs, 2 for yen
 * and forint quotes, none for the rupiah —; 4 for a code outside the catalogue (a record older than it).
 */
export function rateDecimals(pair: string): number {
  return isCataloguePair(pair) ? pairInfo(pair).decimals : 4;
}

/** A rate of a pair to that pair's decimals: '1.2700' on GBP/USD, '150.50' on USD/JPY, '16250' on USD/IDR. */
export function formatPairRate(value: string | number, pair: string): string {
  return formatRate(value, rateDecimals(pair));
}

/**
 * The calculator's signed price difference, 4 decimals unless the pair's are given: '+0.0050', '-0.0050', and plain
 * '0.0000' for zero (a zero is neither better nor worse, so it gets no sign); '+0.50' on USD/JPY. ASCII '-', not
 * '−', so the text can be copied as a number.
 */
export function formatSignedRate(value: string | number, decimals = 4): string {
  const rounded = new Dec(value).toDecimalPlaces(decimals);
  const text = rounded.abs().toFixed(decimals);
  return rounded.isZero() ? text : rounded.isNegative() ? `-${text}` : `+${text}`;
}

const LONDON_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '24 November 2026' in London: how every page and e-mail writes a date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return LONDON_DATE.format(new Date(iso));
}
