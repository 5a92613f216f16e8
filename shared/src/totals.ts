import type { Outcome } from './calculator';
import { Dec } from './decimal';

// What counts in a total (issue 22 §2), the one rule behind the dashboard, user activity, CSV, reports and
// Salesforce posts (the SQL in migration 0035 is this rule for the rollups). A pitch where we are cheaper adds its
// saving; one where the competitor is cheaper is a loss, counted on its own and never added; a competitor rate
// outside the day's range, saved only after the broker's 'Use this rate anyway', is off-market and kept out of every
// total and average, pips included.

export type Standing = 'saving' | 'even' | 'loss' | 'off_market';

export function standingOf(outcome: Outcome, offMarket: boolean): Standing {
  if (offMarket) return 'off_market';
  return outcome === 'advantage' ? 'saving' : outcome === 'neutral' ? 'even' : 'loss';
}

/** Words beside a pitch in lists, CSV and reports; null for an ordinary saving. */
export const STANDING_NOTES: Readonly<Record<Standing, string | null>> = {
  saving: null,
  even: 'Same cost',
  loss: 'Competitor cheaper',
  off_market: 'Off-market rate: not in totals',
};

/** The standing in words, as the CSV and reports write it. */
export const STANDING_WORDS: Readonly<Record<Standing, string>> = {
  saving: 'Saving (counted)',
  even: 'Same cost',
  loss: 'Competitor cheaper: not added',
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
  /** Pitches in the totals: all but off-market ones. */
  included: number;
  losses: number;
  excluded: number;
  /** Savings of the pitches where we are cheaper, in pounds. */
  savingsGbp: string;
  /** Pips averaged over the included pitches, 1 dp; '0' when none. */
  averagePips: string;
}

export function totalsOf(pitches: PitchForTotals[]): Totals {
  let savings = new Dec(0);
  let pips = new Dec(0);
  let included = 0;
  let losses = 0;
  for (const p of pitches) {
    if (p.standing === 'off_market') continue;
    included += 1;
    pips = pips.plus(p.pips);
    if (p.standing === 'saving') savings = savings.plus(p.savingsGbp);
    if (p.standing === 'loss') losses += 1;
  }
  return {
    pitches: pitches.length,
    included,
    losses,
    excluded: pitches.length - included,
    savingsGbp: savings.toFixed(2),
    averagePips: averagePips(pips.toFixed(), included),
  };
}

/** Summed pips over the included pitches, averaged to 1 dp ('0' for none). */
export function averagePips(pips: string, included: number): string {
  if (included === 0) return '0';
  return new Dec(pips).dividedBy(included).toDecimalPlaces(1).toFixed(1);
}

/** The message when a competitor rate outside the day's range is saved without the broker confirming it. */
export const OFF_MARKET_CONFIRM_NEEDED =
  "The competitor rate is outside the day's range (or the last trading session's, on a day without prices): tick 'Use this rate anyway' to save it (it will be kept out of totals).";
export const USE_RATE_ANYWAY = 'Use this rate anyway';
