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

/** A rate to 4 decimals: '1.27' → '1.2700'. */
export function formatRate(value: string | number): string {
  return new Dec(value).toFixed(4);
}

/**
 * A rate of a pair to that pair's decimals (issue 34): 4 for the six and most pairs, 2 for yen and forint quotes,
 * none for the rupiah; 4 for a code outside the catalogue.
 */
export function formatPairRate(value: string | number, pair: string): string {
  return new Dec(value).toFixed(isCataloguePair(pair) ? pairInfo(pair).decimals : 4);
}

/**
 * The calculator's signed price difference, 4 decimals: '+0.0050', '-0.0050', and plain '0.0000' for zero (a
 * zero is neither better nor worse, so it gets no sign). ASCII '-', not '−', so the text can be copied as a number.
 */
export function formatSignedRate(value: string | number): string {
  const rounded = new Dec(value).toDecimalPlaces(4);
  if (rounded.isZero()) return '0.0000';
  const text = rounded.abs().toFixed(4);
  return rounded.isNegative() ? `-${text}` : `+${text}`;
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
