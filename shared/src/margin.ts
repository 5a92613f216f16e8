import { Dec, decimal, fixed, positive } from './decimal';
import { type CurrencyPair, pipSize, storageFor } from './pairs';

// The margin of a pitch against the mid (issue 25 §4): how far the rate the client is pitched sits from the mid, in
// basis points of the mid, and what that is worth in pounds per trade and per year. One home for the rule, used by
// the calculator, the server's policy gate, the dashboard and the reports.
//
// Direction: on the calculator the client buys the pair's quote currency (the amount, e.g. USD on GBP/USD) and pays
// in its base currency (calculator.ts: cost = amount ÷ rate). A rate below the mid gives the client fewer units per
// pound than the market, so the broker earns: margin = (mid − rate) ÷ mid. A client buying the base currency (a pack
// trade) pays above the mid: margin = (rate − mid) ÷ mid — the same convention as pack.ts's markup. A rate on the
// client's side of the mid is a negative margin: the desk gives money away.
//
// Pounds: the margin in the base currency is base amount × gap ÷ mid (as pack.ts), which for a client buying the
// quote currency is exactly amount ÷ rate − amount ÷ mid, the cost at our rate less the cost at the mid. GBP-based
// pairs (GBP/EUR included) are then pounds; EUR/USD is converted at the EUR/GBP mid the calculation stored
// (money.ts's gbp_per_unit).

/** Which currency the client buys: the calculator's client always buys the quote currency. */
export type ClientBuys = 'quote' | 'base';

export interface MarginInput {
  pair: CurrencyPair;
  /** The broker's rate before 'Inflate Your Margin'. */
  yourRate: string;
  /** The 'Inflate Your Margin' pips, added to your rate as the calculator does (spec §9). */
  marginPips: number;
  /** The mid in the pair's own terms (GBP/EUR, not EUR/GBP: see midFromStored). */
  mid: string;
  /** What the client buys, in that currency: the calculator's amount. */
  amount: string;
  tradesPerYear: number;
  /** Pounds per unit of the pair's base currency: '1' for GBP pairs, the EUR/GBP mid for EUR/USD. */
  gbpPerBase: string;
  clientBuys?: ClientBuys;
}

export interface Margin {
  /** The rate pitched: your rate + margin pips × the pair's pip (calculator.ts's effective rate). */
  pitchedRate: string;
  /** Signed, in basis points of the mid, 1 dp. What is shown and what the floor is checked against. */
  bps: string;
  /** The margin on one trade in pounds, 2 dp (negative: given away). */
  gbpPerTrade: string;
  /** Unrounded per-trade figure × trades per year, then 2 dp (as calculator.ts's annual savings). */
  gbpPerYear: string;
  /** The ticket in pounds at the mid, 2 dp: what the band of the policy is chosen by. */
  ticketGbp: string;
}

/**
 * A stored price as the pair's mid. GBP/EUR is stored as EUR/GBP (pairs.ts): its mid is 1 ÷ the stored price, in
 * decimal and to the 6 decimals the server serves, so a margin computed from storage matches the calculator's.
 */
export function midFromStored(pair: CurrencyPair, storedPrice: string): string {
  const { invert } = storageFor(pair);
  if (!invert) return storedPrice;
  // pairs.ts's servePrice rounds the same way in floats; decimals keep the digits exact.
  return new Dec(1).dividedBy(positive('storedPrice', storedPrice)).toDecimalPlaces(6).toFixed(6);
}

/** The ticket in pounds at the mid: the amount bought, turned into the base currency at the mid, then into pounds. */
export function ticketInGbp(input: Pick<MarginInput, 'mid' | 'amount' | 'gbpPerBase' | 'clientBuys'>): string {
  const mid = positive('mid', input.mid);
  const base = (input.clientBuys ?? 'quote') === 'quote' ? new Dec(input.amount).dividedBy(mid) : new Dec(input.amount);
  return base.times(input.gbpPerBase).toDecimalPlaces(2).toFixed(2);
}

/** Throws RangeError on input no saved calculation holds (a zero mid or rate, negative amounts). */
export function pitchMargin(input: MarginInput): Margin {
  const mid = positive('mid', input.mid);
  const rate = positive('yourRate', input.yourRate).plus(new Dec(pipSize(input.pair)).times(input.marginPips));
  positive('pitched rate', rate.toFixed());
  const amount = decimal('amount', input.amount);
  if (amount.isNegative()) throw new RangeError(`amount must not be negative, got '${input.amount}'`);
  if (!Number.isInteger(input.tradesPerYear) || input.tradesPerYear < 0) {
    throw new RangeError(`tradesPerYear must be a whole number ≥ 0, got ${input.tradesPerYear}`);
  }
  const gbpPerBase = positive('gbpPerBase', input.gbpPerBase);
  const buysQuote = (input.clientBuys ?? 'quote') === 'quote';
  const gap = buysQuote ? mid.minus(rate) : rate.minus(mid);
  const fraction = gap.dividedBy(mid);
  // The base currency that changes hands at the pitched rate: what the client pays (buying the quote currency) or
  // buys (buying the base).
  const baseAmount = buysQuote ? amount.dividedBy(rate) : amount;
  const perTrade = baseAmount.times(fraction).times(gbpPerBase);
  return {
    pitchedRate: rate.toFixed(Math.max(4, rate.decimalPlaces())),
    bps: fixed(fraction.times(10_000), 1),
    gbpPerTrade: fixed(perTrade, 2),
    gbpPerYear: fixed(perTrade.times(input.tradesPerYear), 2),
    ticketGbp: ticketInGbp(input),
  };
}
