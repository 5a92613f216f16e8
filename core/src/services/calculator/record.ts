/** One calculation as Calculation Details and the activity pages read it, from its row and its stored JSON. */
import type { CalculationResult } from '@pippitch/shared/calculator';
import type { CalculationEvidence } from '@pippitch/shared/evidence';
import { readEvidence } from '@pippitch/shared/evidence-record';
import type { StoredCalculation } from '../calculation-data';

/** One entry of Calculation Details, as the browser reads it. */
export interface CalculationEntry
  extends Pick<
    CalculationResult,
    | 'effectiveRate'
    | 'priceDifference'
    | 'costWithCompetitor'
    | 'costWithUs'
    | 'savingsPerTrade'
    | 'annualSavings'
    | 'percentageSavings'
    | 'isAdvantage'
  > {
  id: string;
  createdAt: string;
  clientName: string | null;
  pair: string;
  yourRate: string;
  competitorRate: string;
  comparisonDate: string;
  amount: string;
  tradesPerYear: number;
  marginPips: number;
  /** The calculator's differenceInPips (stored as `difference_in_pips`). */
  differenceInPips: string;
  /** The substantiation record (null for calculations saved before records existed). */
  evidence: CalculationEvidence | null;
  /** Saved with an off-market competitor rate ('Use this rate anyway'): kept out of totals (issue 22 §2). */
  offMarket: boolean;
}

export function toCalculationEntry(
  row: { id: string; createdAt: Date; clientName: string | null; evidence: unknown; offMarket: boolean },
  d: StoredCalculation,
): CalculationEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    clientName: row.clientName,
    pair: d.currency_pair,
    yourRate: d.your_rate,
    competitorRate: d.competitor_rate,
    comparisonDate: d.comparison_date,
    amount: d.trade_amount,
    tradesPerYear: d.trades_per_year,
    marginPips: d.pips_added,
    effectiveRate: d.effective_rate,
    priceDifference: d.price_difference,
    differenceInPips: d.difference_in_pips,
    costWithCompetitor: d.cost_with_competitor,
    costWithUs: d.cost_with_us,
    savingsPerTrade: d.savings_per_trade,
    annualSavings: d.annual_savings,
    percentageSavings: d.percentage_savings,
    isAdvantage: d.is_advantage,
    evidence: readEvidence(row.evidence),
    offMarket: row.offMarket,
  };
}
