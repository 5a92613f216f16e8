import type { Outcome } from './calculator';
import { Dec } from './decimal';

// What counts in a total (issue 22 §2), the one rule behind the dashboard, user activity, CSV, reports and
// Salesforce posts (the SQL in migration 0035 is this rule for the rollups). A pitch where we are cheaper adds its
// saving; one where the competitor is cheaper is a loss, counted on its own and never added; a competitor rate
// outside the day's range, saved only after the broker's 'Use this rate anyway', is off-market and kept out of every
// total and average, pips included. A pitch whose rate is better than the mid is a loss to the brokerage (issue 31
// §5): 'below the mid', never a saving, kept out of every total. Averages are over the counted pitches only — the
// savings.

export type Standing = 'saving' | 'even' | 'loss' | 'below_mid' | 'off_market';

/** Words for a pitch whose rate is better than the mid (margin below 0 bps). */
export const BELOW_MID_WORDS = 'below the mid — a loss to you';

export function standingOf(outcome: Outcome, offMarket: boolean, belowMid = false): Standing {
  if (offMarket) return 'off_market';
  if (belowMid) return 'below_mid';
  return outcome === 'advantage' ? 'saving' : outcome === 'neutral' ? 'even' : 'loss';
}

/** The heading of a pitch's annual figure: a competitor-cheaper result is an extra cost, not a saving. */
export function annualHeading(outcome: Outcome): string {
  return outcome === 'disadvantage' ? 'Annual extra cost' : 'Annual Savings';
}

/** Words beside a pitch in lists, CSV and reports; null for an ordinary saving. */
export const STANDING_NOTES: Readonly<Record<Standing, string | null>> = {
  saving: null,
  even: 'Same cost',
  loss: 'Competitor cheaper',
  below_mid: 'Below the mid — a loss to you',
  off_market: 'Off-market rate: not in totals',
};

/** The standing in words, as the CSV and reports write it. */
export const STANDING_WORDS: Readonly<Record<Standing, string>> = {
  saving: 'Saving (counted)',
  even: 'Same cost',
  loss: 'Competitor cheaper: not added',
  below_mid: 'Below the mid — a loss to you: not counted',
  off_market: 'Off-market rate: excluded from totals',
};

export interface PitchForTotals {
  standing: Standing;
  /** The pitch's annual saving in pounds (absolute, as the calculator shows it). */
  savingsGbp: string;
  pips: string;
}

export interface Totals {
  pitches: number;
  /** Pitches counted: the savings (what the average is over). */
  included: number;
  losses: number;
  /** Kept out of every total: off-market rates and pitches below the mid. */
  excluded: number;
  /** Savings of the pitches where we are cheaper, in pounds. */
  savingsGbp: string;
  /** Pips averaged over the counted pitches, 1 dp; '0' when none. */
  averagePips: string;
}

export function totalsOf(pitches: PitchForTotals[]): Totals {
  let savings = new Dec(0);
  let pips = new Dec(0);
  let included = 0;
  let losses = 0;
  let excluded = 0;
  for (const p of pitches) {
    if (p.standing === 'off_market' || p.standing === 'below_mid') excluded += 1;
    if (p.standing === 'loss') losses += 1;
    if (p.standing !== 'saving') continue;
    included += 1;
    pips = pips.plus(p.pips);
    savings = savings.plus(p.savingsGbp);
  }
  return {
    pitches: pitches.length,
    included,
    losses,
    excluded,
    savingsGbp: savings.toFixed(2),
    averagePips: averagePips(pips.toFixed(), included),
  };
}

/** Summed pips over the counted pitches, averaged to 1 dp ('0' for none). */
export function averagePips(pips: string, included: number): string {
  if (included === 0) return '0';
  return new Dec(pips).dividedBy(included).toDecimalPlaces(1).toFixed(1);
}

/** The message when a competitor rate outside the day's range is saved without the broker confirming it. */
export const OFF_MARKET_CONFIRM_NEEDED =
  "The competitor rate is outside the day's range (or the last trading session's, on a day without prices): tick 'Use this rate anyway' to save it (it will be kept out of totals).";
export const USE_RATE_ANYWAY = 'Use this rate anyway';
