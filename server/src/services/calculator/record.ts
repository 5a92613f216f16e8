/**
 * The saved calculation's JSON (spec §3 `calculations.calculation_data`, also copied to the activity entry): one
 * schema, written by save.ts and read back by history.ts, so the two cannot drift apart.
 */
import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import type { CalculationResult } from '@pippitch/shared/calculator';
import type { CalculationEvidence } from '@pippitch/shared/evidence';
import { readEvidence } from '@pippitch/shared/evidence-record';
import { z } from 'zod';

export const storedCalculation = z.object({
  currency_pair: z.string(),
  your_rate: z.string(),
  competitor_rate: z.string(),
  comparison_date: z.string(),
  trade_amount: z.string(),
  trades_per_year: z.number(),
  pips_added: z.number(),
  effective_rate: z.string(),
  price_difference: z.string(),
  difference_in_pips: z.string(),
  cost_with_competitor: z.string(),
  cost_with_us: z.string(),
  savings_per_trade: z.string(),
  annual_savings: z.string(),
  percentage_savings: z.string(),
  is_advantage: z.boolean(),
});
export type StoredCalculation = z.infer<typeof storedCalculation>;

export function toStoredCalculation(input: SaveCalculationInput, r: CalculationResult): StoredCalculation {
  return {
    currency_pair: input.pair,
    your_rate: input.yourRate,
    competitor_rate: input.competitorRate,
    comparison_date: input.comparisonDate,
    trade_amount: input.amount,
    trades_per_year: input.tradesPerYear,
    pips_added: input.marginPips,
    effective_rate: r.effectiveRate,
    price_difference: r.priceDifference,
    difference_in_pips: r.differenceInPips,
    cost_with_competitor: r.costWithCompetitor,
    cost_with_us: r.costWithUs,
    savings_per_trade: r.savingsPerTrade,
    annual_savings: r.annualSavings,
    percentage_savings: r.percentageSavings,
    is_advantage: r.isAdvantage,
  };
}

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
  /** The calculator's differenceInPips, under the name the web and its tests read (docs/decisions.md). */
  pips: string;
  /** The substantiation record (null for calculations saved before records existed). */
  evidence: CalculationEvidence | null;
  /** Saved with an off-market competitor rate ('Use this rate anyway'): kept out of totals (issue 22 §2). */
  offMarket: boolean;
}

export function toCalculationEntry(
  row: { id: string; created_at: Date; client_name: string | null; evidence: unknown; off_market: boolean },
  d: StoredCalculation,
): CalculationEntry {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    clientName: row.client_name,
    pair: d.currency_pair,
    yourRate: d.your_rate,
    competitorRate: d.competitor_rate,
    comparisonDate: d.comparison_date,
    amount: d.trade_amount,
    tradesPerYear: d.trades_per_year,
    marginPips: d.pips_added,
    effectiveRate: d.effective_rate,
    priceDifference: d.price_difference,
    pips: d.difference_in_pips,
    costWithCompetitor: d.cost_with_competitor,
    costWithUs: d.cost_with_us,
    savingsPerTrade: d.savings_per_trade,
    annualSavings: d.annual_savings,
    percentageSavings: d.percentage_savings,
    isAdvantage: d.is_advantage,
    evidence: readEvidence(row.evidence),
    offMarket: row.off_market,
  };
}
