import { Dec, decimal, fixed, positive } from './decimal';
import { PIP_SIZE } from './pairs';

// The savings calculator (design.md §3, which settles where spec §9 is loose). Inputs and outputs are decimal
// strings: the browser, the server and the saved calculation all hold the same digits, with no float artefacts
// such as 1.2650 + 50 pips ≠ 1.2700.

export type { CalculatorForm, CalculatorFormResult } from './calculator-form';
export { parseCalculatorForm } from './calculator-form';
export { formatGBP, formatRate, formatSignedRate } from './format';

export interface CalculationInput {
  /** The broker's rate, before any margin. */
  yourRate: string;
  competitorRate: string;
  /** Amount to buy, in GBP. */
  amount: string;
  tradesPerYear: number;
  /** Margin pips added to your rate (MARGIN_OPTIONS in the UI). */
  marginPips: number;
  /** The pair's pip (pipSize(pair)): the spec's 0.0001 when not given; a yen or forint quote's is 0.01. */
  pipSize?: string;
}

/** 'advantage' shows green, 'disadvantage' red; equal costs are 'neutral' and never red. */
export type Outcome = 'advantage' | 'neutral' | 'disadvantage';

export interface CalculationResult {
  /** Your rate + margin pips × the pip, exact: at least 4 dp, more when your rate has more ('1.2700', '1.27354'). */
  effectiveRate: string;
  /** Competitor − effective rate, with its real sign, 4 dp. */
  priceDifference: string;
  /** |competitor − effective rate| ÷ the pip (× 10 000 for 0.0001), 1 dp. */
  differenceInPips: string;
  /** Amount / competitor rate, 2 dp. */
  costWithCompetitor: string;
  /** Amount / effective rate, 2 dp. */
  costWithUs: string;
  /** |cost with competitor − cost with us|, 2 dp. */
  savingsPerTrade: string;
  /** Unrounded savings per trade × trades per year, then 2 dp. */
  annualSavings: string;
  /** Savings per trade / cost with competitor × 100, 2 dp. */
  percentageSavings: string;
  isAdvantage: boolean;
  outcome: Outcome;
}

/**
 * Throws RangeError on input no form could produce (zero or negative rates, negative amounts, fractional trades):
 * callers validate user text with parseCalculatorForm first.
 */
export function calculateSavings(input: CalculationInput): CalculationResult {
  const yourRate = positive('yourRate', input.yourRate);
  const competitorRate = positive('competitorRate', input.competitorRate);
  const amount = decimal('amount', input.amount);
  if (amount.isNegative()) throw new RangeError(`amount must not be negative, got '${input.amount}'`);
  if (!Number.isInteger(input.tradesPerYear) || input.tradesPerYear < 0) {
    throw new RangeError(`tradesPerYear must be a whole number ≥ 0, got ${input.tradesPerYear}`);
  }
  if (!Number.isFinite(input.marginPips)) throw new RangeError(`marginPips must be a number, got ${input.marginPips}`);

  const pip = new Dec(input.pipSize ?? PIP_SIZE);
  const effectiveRate = yourRate.plus(pip.times(input.marginPips));
  if (!effectiveRate.isPositive() || effectiveRate.isZero()) {
    throw new RangeError(`effective rate must be greater than zero, got ${effectiveRate.toFixed()}`);
  }

  const difference = competitorRate.minus(effectiveRate);
  // Pips come from the unrounded difference: with 5-decimal rates the 4-dp difference would lose the tenth of a pip
  // that the 1-dp pips figure exists to show.
  const pips = difference.abs().dividedBy(pip);

  const costWithCompetitor = amount.dividedBy(competitorRate);
  const costWithUs = amount.dividedBy(effectiveRate);
  const savings = costWithCompetitor.minus(costWithUs).abs();
  // Annual savings multiply the unrounded per-trade figure, so 52 trades do not multiply a rounding error by 52.
  const annual = savings.times(input.tradesPerYear);
  const percentage = costWithCompetitor.isZero() ? new Dec(0) : savings.dividedBy(costWithCompetitor).times(100);

  const comparison = costWithCompetitor.comparedTo(costWithUs);
  const outcome: Outcome = comparison > 0 ? 'advantage' : comparison === 0 ? 'neutral' : 'disadvantage';

  return {
    effectiveRate: effectiveRate.toFixed(Math.max(4, effectiveRate.decimalPlaces())),
    priceDifference: fixed(difference, 4),
    differenceInPips: pips.toFixed(1),
    costWithCompetitor: costWithCompetitor.toFixed(2),
    costWithUs: costWithUs.toFixed(2),
    savingsPerTrade: savings.toFixed(2),
    annualSavings: annual.toFixed(2),
    percentageSavings: percentage.toFixed(2),
    isAdvantage: outcome === 'advantage',
    outcome,
  };
}
