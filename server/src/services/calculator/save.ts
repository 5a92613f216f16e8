import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import { calculateSavings } from '@pippitch/shared/calculator';
import { normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import { afterCalculation } from './hooks';

export interface Actor {
  userId: string;
  companyId: string;
}

/**
 * One Calculate = one calculation row + one activity entry, in one transaction. Results are recomputed
 * here from the inputs (never taken from the browser). The id comes from the browser, so the same
 * Calculate sent twice (a retry, Enter pressed twice) finds its row and writes nothing more.
 */
export async function saveCalculation(db: Database, actor: Actor, input: SaveCalculationInput) {
  const r = calculateSavings({
    yourRate: input.yourRate,
    competitorRate: input.competitorRate,
    amount: input.amount,
    tradesPerYear: input.tradesPerYear,
    marginPips: input.marginPips,
  });
  const clientName = input.clientName?.trim() || null;
  const normalized = clientName ? normaliseCompanyName(clientName) || null : null;
  const calculationData = {
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
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('calculations')
      .values({
        id: input.id,
        user_id: actor.userId,
        company_id: actor.companyId,
        client_name: clientName,
        normalized_client_name: normalized,
        currency_pair: input.pair,
        calculation_data: JSON.stringify(calculationData),
        trade_details: JSON.stringify({
          your_rate: input.yourRate,
          trade_amount: input.amount,
          currency_pair: input.pair,
          competitor_rate: input.competitorRate,
          trades_per_year: input.tradesPerYear,
        }),
        savings_amount: r.annualSavings,
        live_rate: input.liveRate?.mid ?? null,
        rate_source: input.liveRate?.source ?? null,
        rate_at: input.liveRate ? new Date(input.liveRate.timestamp) : null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // Already saved: only the same member may "repeat" it; anyone else's id is simply not theirs.
      return { saved: false as const, duplicate: true as const, lead: null };
    }
    await trx
      .insertInto('activity_logs')
      .values({
        user_id: actor.userId,
        company_id: actor.companyId,
        action_type: 'calculation',
        calculation_id: input.id,
        description: clientName ? `Calculation for ${clientName}` : 'Calculation',
        amount: r.annualSavings,
        calculation_data: JSON.stringify(calculationData),
        client_name: clientName,
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
      })
      .execute();
    const lead = await afterCalculation(trx, actor, clientName);
    return { saved: true as const, duplicate: false as const, lead };
  });
}
