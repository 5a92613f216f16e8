import { DAILY_BAND_PERCENT } from './daily-reference';
import { type CataloguePair, type CrossLeg, PAIR_CATALOGUE, pairInfo } from './pair-catalogue';
import { DAILY_REFERENCE_LABEL } from './sources';

// How a pair is priced, in the words a record keeps and a prospect reads (issue 34 §2): a derived cross names its two
// legs and the method, a daily-only pair says it has one reference rate a day. The six and every other direct pair
// need no words beyond their minutes' source.

/** A derived cross as a pitch's record keeps it: what was multiplied, so the record says it whatever changes later. */
export interface CrossRecord {
  /** 'GBP/PLN' */
  pair: string;
  /** ['GBP/USD', 'USD/PLN'] */
  legs: [string, string];
  /** 'GBP/USD × USD/PLN at the same minute' */
  method: string;
}

function legLabel(leg: CrossLeg): string {
  const [a, b] = [leg.stored.slice(0, 3), leg.stored.slice(3)];
  return leg.invert ? `${b}/${a}` : `${a}/${b}`;
}

/** The record of a derived cross, or null for a pair priced from its own minutes or the ECB's daily rate. */
export function crossRecordOf(pair: CataloguePair): CrossRecord | null {
  const info = pairInfo(pair);
  if (info.sourcing.kind !== 'derived') return null;
  const [first, second] = info.sourcing.legs;
  return { pair: info.label, legs: [legLabel(first), legLabel(second)], method: info.sourcing.method };
}

/** 'GBP/PLN derived from GBP/USD × USD/PLN at the same minute' */
export function crossWords(cross: CrossRecord): string {
  return `${cross.pair} derived from ${cross.method}`;
}

/**
 * One line per pair not priced from its own minutes, for the method a prospect reads on a pack (its page, share page
 * and PDF) and the monthly report's sources; none when every pair is direct.
 */
export function pairMethodLines(pairs: Iterable<CataloguePair>): string[] {
  const present = new Set(pairs);
  const lines: string[] = [];
  for (const info of PAIR_CATALOGUE) {
    if (!present.has(info.code)) continue;
    const cross = crossRecordOf(info.code);
    if (cross)
      lines.push(
        `${crossWords(cross)}: our history provider has no ${cross.pair} prices of its own, so each minute is the product of its two legs' prices at that minute.`,
      );
    if (info.sourcing.kind === 'daily')
      lines.push(
        `${info.label}: ${DAILY_REFERENCE_LABEL}. Priced from the ECB's reference rate of the day (or the last before it); a rate more than ${DAILY_BAND_PERCENT}% from it is off-market.`,
      );
  }
  return lines;
}
