import { CURRENCY_CODES } from './currencies';
import { type DailyReference, dailyCheckMessage } from './daily-reference';
import { Dec } from './decimal';
import { formatRate } from './format';
import type { GbpConversion } from './money';
import { PAIR_CATALOGUE } from './pair-catalogue';
import type { CrossRecord } from './pair-method';
import { type CurrencyPair, pipSize } from './pairs';
import { formatIsoDate, formatLondonDateTime, formatWeekdayDate } from './time';

// Pitch evidence (issue 14): the substantiation record saved with every calculation and the range-of-day check. One
// home for the contract and its words, so the calculator, the Calculation Details panel, the monthly report and the
// copied text say the same thing (the record's lines and the pitch summary: pitch-summary.ts).

/** The method of every calculation, in words (shared/src/calculator.ts is the maths it describes). */
export const CALCULATION_METHOD =
  'Your rate + margin vs competitor rate; costs = amount ÷ rate; pips at 0.0001; annual saving = saving per trade × trades per year.';

/** The method for a pair: its own pip ('pips at 0.01' on USD/JPY); the six's words are CALCULATION_METHOD's. */
export function calculationMethod(pair: CurrencyPair): string {
  return CALCULATION_METHOD.replace('0.0001', pipSize(pair));
}

/**
 * The method for several pairs at once (a monthly report's): each pair's pip as the catalogue has it, grouped by size
 * in the catalogue's order ('pips at 0.0001 for GBP/USD and GBP/PLN, at 0.01 for USD/JPY and GBP/HUF'). Pairs all at
 * the spec's 0.0001, or none, read exactly as CALCULATION_METHOD (a report of the six says what it always said).
 */
export function calculationMethodFor(pairs: Iterable<CurrencyPair>): string {
  const present = new Set(pairs);
  const bySize = new Map<string, string[]>();
  for (const info of PAIR_CATALOGUE) {
    if (!present.has(info.code)) continue;
    bySize.set(info.pipSize, [...(bySize.get(info.pipSize) ?? []), info.label]);
  }
  if ([...bySize.keys()].every((size) => size === '0.0001')) return CALCULATION_METHOD;
  const groups = [...bySize].map(([size, labels]) => `${size} for ${wordList(labels)}`);
  return CALCULATION_METHOD.replace('pips at 0.0001', `pips at ${groups.join(', at ')}`);
}

/** 'A', 'A and B', 'A, B and C'. */
function wordList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const ECB_SOURCE_NOTE = 'Source: ECB, for information purposes only';

/** The ECB publishes units of each currency per 1 EUR; these are the ones our pairs are built from. */
export const ECB_CURRENCIES = ['GBP', 'USD', 'NOK', 'SEK', 'AUD'] as const;
export type EcbCurrency = (typeof ECB_CURRENCIES)[number];

/**
 * Every currency the reference-rate table keeps (issue 34): the catalogue's, EUR being the unit. The bundled data
 * set is still built from the five above (its seeded minutes stay as they were); the record's ECB line and the
 * daily-only pairs read these.
 */
export const ECB_REFERENCE_CURRENCIES: readonly string[] = CURRENCY_CODES.filter((c) => c !== 'EUR');

/** The mid the server used: its own latest quote when the calculation was saved, never a number the browser sent. */
export interface MidUsed {
  rate: string;
  /** Words for where it came from, e.g. 'Simulated feed'. */
  source: string;
  /** ISO instant of the quote. */
  at: string;
}

export interface EcbReference {
  /** The fix used: the comparison date's, or the last one before it (no fix at weekends and TARGET holidays). */
  fixDate: string;
  rate: string;
  /** How the rate follows from the published figures, e.g. 'USD 1.1684 ÷ GBP 0.87058 per EUR'. */
  derivation: string;
  /** The date asked for, when the fix is an earlier day's (a weekend, a TARGET holiday, before 16:00 CET). */
  forDate?: string;
}

export interface DayRange {
  /** London date of the day whose low–high this is. */
  date: string;
  low: string;
  high: string;
  /**
   * Set when the day asked for has no prices (a weekend, 25 December, 1 January, a gap in the data): the range is
   * then the last trading session's before it, `from`–`to` its first and last London minutes (issue 31 §1).
   */
  session?: LastSession;
  /**
   * Set for a pair with no intraday prices (issue 34): `low`–`high` is then a band around the ECB's one reference
   * rate of `date`, not a traded range (shared/src/daily-reference.ts).
   */
  daily?: DailyReference;
}

export interface LastSession {
  /** The London date that was asked for and has no prices. */
  forDate: string;
  /** First and last minute of the session, London 'HH:MM'. */
  from: string;
  to: string;
}

export interface RangeCheck extends DayRange {
  /** The rate checked (the competitor's). */
  rate: string;
  position: 'inside' | 'below' | 'above';
  /** The mid at the minute checked and its distance from the rate, when a price exists for that minute. */
  mid: { rate: string; at: string } | null;
  /** (rate − mid) ÷ mid × 10,000, 1 dp, signed. */
  bpsFromMid: string | null;
}

export interface CalculationEvidence {
  mid: MidUsed | null;
  method: string;
  ecb: EcbReference | null;
  range: RangeCheck | null;
  /**
   * Pounds per unit of the currency sold, for totals across pairs (issue 22 §1): 1 for GBP pairs; for EUR/USD the
   * EUR/GBP mid at the calculation's moment. Absent on records saved before it was kept.
   */
  gbp?: GbpConversion;
  /** For a derived cross (issue 34): its legs and the method its minutes were made with. Absent for other pairs. */
  cross?: CrossRecord;
}

/** The ECB reference rate of a pair from one day's published rates (units per 1 EUR): a cross for GBP pairs. */
export function ecbReference(
  pair: CurrencyPair,
  fixDate: string,
  perEur: Partial<Record<string, string>>,
): EcbReference | null {
  const base = pair.slice(0, 3);
  const quote = pair.slice(3);
  const per = (c: string) => (c === 'EUR' ? '1' : perEur[c]);
  const baseRate = per(base);
  const quoteRate = per(quote);
  if (!baseRate || !quoteRate) return null;
  const rate = new Dec(quoteRate).dividedBy(baseRate).toDecimalPlaces(6).toFixed(6);
  const derivation =
    base === 'EUR'
      ? `${quote} ${trim(quoteRate)} per EUR, as published`
      : quote === 'EUR'
        ? `1 ÷ ${base} ${trim(baseRate)} per EUR`
        : `${quote} ${trim(quoteRate)} ÷ ${base} ${trim(baseRate)} per EUR`;
  return { fixDate, rate, derivation };
}

/**
 * Where a rate sits in a day's low–high, and how far it is from the mid at the minute checked: THE off-market check
 * (issue 31 §1), every day of the year. On a day without prices the server hands it the last trading session's
 * range and the latest mid (`DayRange.session`), so a Saturday, 25 December or a gap in the data is checked too.
 * The calculator page, the server's save, the landing page's demo, evidence-pack rows and the re-pricing job all
 * decide with it.
 */
export function checkAgainstRange(rate: string, day: DayRange, mid: { rate: string; at: string } | null): RangeCheck {
  const r = new Dec(rate);
  const position = r.lessThan(day.low) ? 'below' : r.greaterThan(day.high) ? 'above' : 'inside';
  const bps = mid ? r.minus(mid.rate).dividedBy(mid.rate).times(10_000).toDecimalPlaces(1) : null;
  return {
    ...day,
    rate,
    position,
    mid,
    bpsFromMid: bps ? `${bps.isPositive() && !bps.isZero() ? '+' : ''}${bps.toFixed(1)}` : null,
  };
}

/** Off-market: outside the range checked. Saved only with the broker's confirmation, and never in a total. */
export function isOffMarket(check: Pick<RangeCheck, 'position'> | null | undefined): boolean {
  return check != null && check.position !== 'inside';
}

/** 'Checked against Friday 27 Nov, 06:00–21:59': which session a check on a day without prices used. */
export function sessionNote(range: DayRange): string | null {
  if (!range.session) return null;
  return `Checked against ${formatWeekdayDate(range.date)}, ${range.session.from}–${range.session.to}`;
}

/** The check in words, as the calculator shows it under the competitor rate (rates at the pair's `decimals`). */
export function rangeCheckMessage(check: RangeCheck, decimals = 4): string {
  if (check.daily) return dailyCheckMessage(check, check.daily, decimals);
  const range = `${formatRate(check.low, decimals)}–${formatRate(check.high, decimals)}`;
  const fromMid = check.mid
    ? ` ${check.bpsFromMid} bps from the mid ${formatRate(check.mid.rate, decimals)} at ${formatLondonDateTime(new Date(check.mid.at))} London.`
    : '';
  const session = sessionNote(check);
  if (check.session) {
    const why = ` ${session} (no prices on ${formatWeekdayDate(check.session.forDate)}).`;
    if (check.position !== 'inside')
      return `Outside the last trading session's range ${range}: check the rate.${fromMid}${why}`;
    return `Within the last trading session's range ${range}.${fromMid}${why}`;
  }
  if (check.position !== 'inside') return `Outside the day's range ${range}: check the rate or the date.${fromMid}`;
  return `Within ${formatIsoDate(check.date)}'s range ${range}.${fromMid}`;
}

function trim(published: string): string {
  return new Dec(published).toString();
}
