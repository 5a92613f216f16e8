/**
 * The saved calculation's JSON (spec §3 `calculations.calculation_data`, also copied to the activity entry): one
 * schema, written by calculator/save.ts and parsed on every read (history, activity, CSV, report, re-pricing,
 * margins). At the root of services/ because both the calculator and the areas that read its rows import it: in
 * calculator/ it tied margin/ (which reads it) and calculator/ (which checks the margin) into a loop.
 */
import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import type { CalculationResult } from '@pippitch/shared/calculator';
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
