import { normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';

export interface CalculationEntry {
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
  priceDifference: string;
  pips: string;
  costWithCompetitor: string;
  costWithUs: string;
  savingsPerTrade: string;
  annualSavings: string;
  percentageSavings: string;
  isAdvantage: boolean;
}

interface Stored {
  currency_pair: string;
  your_rate: string;
  competitor_rate: string;
  comparison_date: string;
  trade_amount: string;
  trades_per_year: number;
  pips_added: number;
  price_difference: string;
  difference_in_pips: string;
  cost_with_competitor: string;
  cost_with_us: string;
  savings_per_trade: string;
  annual_savings: string;
  percentage_savings: string;
  is_advantage: boolean;
}

/** The signed-in broker's calculations for one company (by the shared name key), newest first. */
export async function calculationsFor(
  db: Database,
  userId: string,
  companyName: string,
  limit = 200,
): Promise<CalculationEntry[]> {
  const key = normaliseCompanyName(companyName);
  if (!key) return [];
  const rows = await db
    .selectFrom('calculations')
    .select(['id', 'created_at', 'client_name', 'calculation_data'])
    .where('user_id', '=', userId)
    .where('normalized_client_name', '=', key)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const d = r.calculation_data as unknown as Stored;
    return {
      id: r.id,
      createdAt: r.created_at.toISOString(),
      clientName: r.client_name,
      pair: d.currency_pair,
      yourRate: d.your_rate,
      competitorRate: d.competitor_rate,
      comparisonDate: d.comparison_date,
      amount: d.trade_amount,
      tradesPerYear: d.trades_per_year,
      marginPips: d.pips_added,
      priceDifference: d.price_difference,
      pips: d.difference_in_pips,
      costWithCompetitor: d.cost_with_competitor,
      costWithUs: d.cost_with_us,
      savingsPerTrade: d.savings_per_trade,
      annualSavings: d.annual_savings,
      percentageSavings: d.percentage_savings,
      isAdvantage: d.is_advantage,
    };
  });
}
