import { Dec } from './decimal';
import { type CurrencyPair, pipSize } from './pairs';

// The sign of a pitch's margin (margin.ts has the margin itself, in bps and pounds): on its own so that the
// calculator and the landing demo, which check it as the broker types, do not load margin.ts's maths with their
// first JavaScript (the calculator's 150 KB budget; margin.ts comes with the margin card, once there is a pitch).

/**
 * A pitch whose rate (your rate + the 'Inflate Your Margin' pips) is on the client's side of the mid: a negative
 * margin, 'below the mid — a loss to you', never counted as a saving (issue 31 §5). False without a mid.
 */
export function isBelowMid(input: {
  pair: CurrencyPair;
  yourRate: string;
  marginPips: number;
  mid: string | null;
}): boolean {
  if (!input.mid || !/^\d+(\.\d+)?$/.test(input.yourRate.trim())) return false;
  // The pair's pip, as the effective rate has it (10 pips on USD/JPY are 0.10).
  const rate = new Dec(input.yourRate.trim()).plus(new Dec(pipSize(input.pair)).times(input.marginPips));
  return rate.greaterThan(input.mid);
}
