import { type CalculationInput, calculateSavings } from './calculator';
import { Dec } from './decimal';
import { formatLondonDate } from './time';

// Re-pricing alerts (issue 14 §4): the rule, the maths and the words, shared by the nightly job, My Leads and the
// digest e-mail.

export const DEFAULT_REPRICE_THRESHOLD_PCT = 10;

export const THRESHOLD_MESSAGE = 'The threshold is a whole percent from 1 to 100, e.g. 10';

/**
 * The threshold as typed, read as the broker meant it or refused (issue 22: '2.5' was saved as 25 and '-5' as 5,
 * the field having dropped the characters it did not expect).
 */
export function parseThreshold(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const t = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}$/.test(t)) return { ok: false, message: THRESHOLD_MESSAGE };
  const value = Number(t);
  return value >= 1 && value <= 100 ? { ok: true, value } : { ok: false, message: THRESHOLD_MESSAGE };
}

export const ALERT_MESSAGES = {
  unsubscribeInvalid: 'This unsubscribe link is not valid. Change the digest in My Leads instead.',
} as const;

/**
 * A calculation on today's market: the prospect's and our rates keep their distance from the mid in proportion
 * (both × current mid ÷ the mid when it was calculated), with the same amount, trades and margin; returns the new
 * annual saving. The saving in GBP then moves inversely with the pair.
 */
export function repricedAnnualSavings(input: CalculationInput, baseMid: number, currentMid: number): string {
  const k = new Dec(currentMid).dividedBy(baseMid);
  return calculateSavings({
    ...input,
    yourRate: new Dec(input.yourRate).times(k).toString(),
    competitorRate: new Dec(input.competitorRate).times(k).toString(),
  }).annualSavings;
}

/** The change in percent of the calculated saving, 2 dp, signed; '0.00' when the saving was zero. */
export function changePercent(base: string, now: string): string {
  const b = new Dec(base);
  if (b.isZero()) return '0.00';
  return new Dec(now).minus(b).dividedBy(b.abs()).times(100).toDecimalPlaces(2).toFixed(2);
}

export function isFlagged(changePct: string, thresholdPct: number): boolean {
  return new Dec(changePct).abs().greaterThan(thresholdPct);
}

/** 'Saving up 14 % since 3 Nov: call back' (whole percent, the calculation's London date). */
export function repriceMessage(changePct: string, calculatedAt: Date): string {
  const pct = new Dec(changePct);
  const since = formatLondonDate(calculatedAt).replace(/ \d{4}$/, '');
  return `Saving ${pct.isNegative() ? 'down' : 'up'} ${pct.abs().toDecimalPlaces(0).toFixed(0)} % since ${since}: call back`;
}
