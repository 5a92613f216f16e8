import { Dec } from './decimal';
import { formatRate } from './format';
import { DAILY_REFERENCE_LABEL } from './sources';
import { formatIsoDate, formatWeekdayDate } from './time';

// Pairs with no minute market (issue 34 §2: a non-deliverable currency, or one the provider does not carry) are
// priced from the ECB's daily reference rate only. A day then has ONE rate, not a low–high, so the range-of-day
// check becomes a band around that rate (docs/decisions.md, issue 34): wide enough that a rate dealt any time that
// day is never called off-market, narrow enough to catch a typo or a quote from another day.

/**
 * The band either side of the day's reference rate, in per cent: wider than 99% of the day-on-day moves of every
 * daily-only currency against GBP and USD in the bundled ECB file since 30 Sep 2024 (the largest, BRL's, 3.9%;
 * the others at most 2.2%).
 */
export const DAILY_BAND_PERCENT = '3';

/** What a check against a daily reference rate holds beside its band. */
export interface DailyReference {
  /** The ECB reference rate of the day checked, in the pair's terms (6 decimals). */
  rate: string;
  bandPercent: string;
  /** The date asked for, when it has no fix of its own (a weekend, a TARGET holiday, before 14:10 CET). */
  forDate?: string;
}

/** The check's band around one reference rate: `date` is the fix's, `forDate` the date asked when they differ. */
export function dailyReferenceRange(
  rate: string,
  fixDate: string,
  forDate: string,
): { date: string; low: string; high: string; daily: DailyReference } {
  const r = new Dec(rate);
  const band = new Dec(DAILY_BAND_PERCENT).dividedBy(100);
  return {
    date: fixDate,
    low: r.times(new Dec(1).minus(band)).toDecimalPlaces(6).toFixed(6),
    high: r.times(new Dec(1).plus(band)).toDecimalPlaces(6).toFixed(6),
    daily: {
      rate: r.toDecimalPlaces(6).toFixed(6),
      bandPercent: DAILY_BAND_PERCENT,
      ...(forDate !== fixDate && { forDate }),
    },
  };
}

/** The words of a check against a daily reference rate, as the calculator, the record and the report show them. */
export function dailyCheckMessage(
  check: { date: string; position: 'inside' | 'below' | 'above'; bpsFromMid: string | null },
  daily: DailyReference,
  /** The pair's rate decimals (4 for the six). */
  decimals = 4,
): string {
  const reference = `the ECB reference rate ${formatRate(daily.rate, decimals)} of ${formatIsoDate(check.date)}`;
  const lastFix = daily.forDate ? ` (none on ${formatWeekdayDate(daily.forDate)}: the last published before it)` : '';
  const bps = check.bpsFromMid ? ` ${check.bpsFromMid} bps from it` : '';
  const why = ` ${capitalised(DAILY_REFERENCE_LABEL)}: the check is a ${daily.bandPercent}% band around the day's one rate.`;
  if (check.position !== 'inside')
    return `More than ${daily.bandPercent}% from ${reference}${lastFix}:${bps ? `${bps};` : ''} check the rate or the date.${why}`;
  return `Within ${daily.bandPercent}% of ${reference}${lastFix}${bps ? `,${bps}` : ''}.${why}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
