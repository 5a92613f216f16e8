import { CURRENCY_CODES } from './currencies';
import { type DailyReference, dailyCheckMessage } from './daily-reference';
import { Dec } from './decimal';
import { formatRate } from './format';
import { formatBought, formatSold, type GbpConversion } from './money';
import { type CrossRecord, crossWords } from './pair-method';
import { type CurrencyPair, pairLabel } from './pairs';
import { formatIsoDate, formatLondonDateTime, formatWeekdayDate } from './time';

// Pitch evidence (issue 14): the substantiation record saved with every calculation, the range-of-day check and the
// pitch summary a broker copies into an e-mail. One home for the contract and its words, so the calculator, the
// Calculation Details panel, the monthly report and the copied text say the same thing.

/** The method of every calculation, in words (shared/src/calculator.ts is the maths it describes). */
export const CALCULATION_METHOD =
  'Your rate + margin vs competitor rate; costs = amount ÷ rate; pips at 0.0001; annual saving = saving per trade × trades per year.';

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

/** The check in words, as the calculator shows it under the competitor rate. */
export function rangeCheckMessage(check: RangeCheck): string {
  if (check.daily) return dailyCheckMessage(check, check.daily);
  const range = `${formatRate(check.low)}–${formatRate(check.high)}`;
  const fromMid = check.mid
    ? ` ${check.bpsFromMid} bps from the mid ${formatRate(check.mid.rate)} at ${formatLondonDateTime(new Date(check.mid.at))} London.`
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

/** Says when the fix quoted is not the date's own: ' (the last published before 28 Nov 2026)'. */
export function ecbFixNote(ecb: EcbReference): string {
  return ecb.forDate && ecb.forDate !== ecb.fixDate ? ` (the last published before ${formatIsoDate(ecb.forDate)})` : '';
}

/** The record's lines, as Calculation Details and the monthly report show them. */
export function evidenceLines(pair: CurrencyPair, evidence: CalculationEvidence): string[] {
  const lines: string[] = [];
  lines.push(
    evidence.mid
      ? `Mid used: ${formatRate(evidence.mid.rate)} (${evidence.mid.source}, ${formatLondonDateTime(new Date(evidence.mid.at))} London)`
      : 'Mid used: none (no live price was available when this was saved)',
  );
  if (evidence.cross) lines.push(`Cross rate: ${crossWords(evidence.cross)}.`);
  if (evidence.range) lines.push(`Competitor rate: ${rangeCheckMessage(evidence.range)}`);
  lines.push(
    evidence.ecb
      ? `ECB reference rate ${formatIsoDate(evidence.ecb.fixDate)}${ecbFixNote(evidence.ecb)}: ${pairLabel(pair)} ${formatRate(evidence.ecb.rate)} (${evidence.ecb.derivation}). ${ECB_SOURCE_NOTE}.`
      : 'ECB reference rate: none on file for this date.',
  );
  lines.push(`Method: ${evidence.method}`);
  return lines;
}

/** What the pitch summary is made from: a saved calculation as Calculation Details holds it. */
export interface PitchSummaryInput {
  clientName: string | null;
  pair: CurrencyPair;
  createdAt: string;
  /** Your rate + margin (the rate the comparison used). */
  effectiveRate: string;
  marginPips: number;
  competitorRate: string;
  amount: string;
  tradesPerYear: number;
  costWithCompetitor: string;
  costWithUs: string;
  savingsPerTrade: string;
  annualSavings: string;
  isAdvantage: boolean;
  evidence: CalculationEvidence | null;
}

/**
 * The text a broker pastes into an e-mail: plain words, the figures and their sources. It claims a saving only
 * when the calculation shows one, and names nothing the record does not hold.
 */
export function pitchSummary(c: PitchSummaryInput): string {
  const who = c.clientName ? ` for ${c.clientName}` : '';
  const margin = c.marginPips ? ` (including a ${c.marginPips}-pip margin)` : '';
  const lines = [
    `FX comparison${who}: ${pairLabel(c.pair)}, ${formatLondonDateTime(new Date(c.createdAt))} London`,
    '',
    `Amount bought per trade: ${formatBought(c.amount, c.pair)}, ${c.tradesPerYear} trades a year`,
    `Your current rate: ${formatRate(c.competitorRate)} — cost per trade ${formatSold(c.costWithCompetitor, c.pair)}`,
    `Our rate: ${formatRate(c.effectiveRate)}${margin} — cost per trade ${formatSold(c.costWithUs, c.pair)}`,
    c.isAdvantage
      ? `Saving: ${formatSold(c.savingsPerTrade, c.pair)} per trade, ${formatSold(c.annualSavings, c.pair)} a year at ${c.tradesPerYear} trades`
      : 'On these figures our rate does not save you money; we would not claim a saving.',
  ];
  if (c.evidence) lines.push('', ...evidenceLines(c.pair, c.evidence));
  lines.push('', 'Rates are indicative and not an offer to deal.');
  return lines.join('\n');
}

function trim(published: string): string {
  return new Dec(published).toString();
}
