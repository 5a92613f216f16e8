import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import type { CalculationResult } from '@pippitch/shared/calculator';
import type { Database } from '@pippitch/sql';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';

/** One Calculate as it is stored: the inputs, the results recomputed, and what the server recorded beside them. */
export interface NewCalculation {
  input: SaveCalculationInput;
  result: CalculationResult;
  clientName: string | null;
  normalizedClientName: string | null;
  /** The stored JSON (services/calculation-data.ts), on the calculation and its activity entry alike. */
  calculationData: unknown;
  liveQuote: { mid: number; source: string; timestamp: number } | null;
  evidence: unknown;
  gbpPerUnit: string;
  offMarket: boolean;
  /** The activity entry's words. */
  description: string;
  /** When it was made (the demo company's history); the database's now() otherwise. */
  at?: Date | undefined;
}

/**
 * Saves a calculation of the scope's member, in their company, with its activity entry (in the caller's
 * transaction). The id is the browser's, so the same Calculate sent twice finds its row: false, and nothing written.
 */
export async function insertCalculation(trx: Database, scope: Scope, c: NewCalculation): Promise<boolean> {
  const { input, result: r } = c;
  const owner = { user_id: ownerOf(scope), company_id: scope.companyId };
  const when = c.at ? { created_at: c.at } : {};
  const calculationData = JSON.stringify(c.calculationData);
  const inserted = await trx
    .insertInto('calculations')
    .values({
      id: input.id,
      ...owner,
      client_name: c.clientName,
      normalized_client_name: c.normalizedClientName,
      currency_pair: input.pair,
      calculation_data: calculationData,
      trade_details: JSON.stringify({
        your_rate: input.yourRate,
        trade_amount: input.amount,
        currency_pair: input.pair,
        competitor_rate: input.competitorRate,
        trades_per_year: input.tradesPerYear,
      }),
      savings_amount: r.annualSavings,
      live_rate: c.liveQuote?.mid ?? null,
      rate_source: c.liveQuote?.source ?? null,
      rate_at: c.liveQuote ? new Date(c.liveQuote.timestamp) : null,
      evidence: JSON.stringify(c.evidence),
      gbp_per_unit: c.gbpPerUnit,
      off_market: c.offMarket,
      ...when,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await trx
    .insertInto('activity_logs')
    .values({
      ...owner,
      action_type: 'calculation',
      calculation_id: input.id,
      description: c.description,
      amount: r.annualSavings,
      calculation_data: calculationData,
      client_name: c.clientName,
      currency_pair: input.pair,
      your_rate: input.yourRate,
      competitor_rate: input.competitorRate,
      amount_to_buy: input.amount,
      trades_per_year: input.tradesPerYear,
      payment_amount: input.marginPips,
      pips_difference: r.differenceInPips,
      savings_amount: r.annualSavings,
      cost_with_competitor: r.costWithCompetitor,
      cost_with_us: r.costWithUs,
      savings_per_trade: r.savingsPerTrade,
      annual_savings: r.annualSavings,
      percentage_savings: r.percentageSavings,
      comparison_date: input.comparisonDate,
      price_difference: r.priceDifference,
      ...when,
    })
    .execute();
  return true;
}

/** Files the member's calculation under their lead (issue 32): approvals and reports follow the lead by id. */
export async function fileCalculationUnderLead(
  trx: Database,
  scope: Scope,
  calculationId: string,
  leadId: string,
): Promise<void> {
  await trx
    .updateTable('calculations')
    .set({ lead_id: leadId })
    .where('id', '=', calculationId)
    .where('user_id', '=', ownerOf(scope))
    .execute();
}
