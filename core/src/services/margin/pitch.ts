/**
 * The margin of a saved pitch and the floor it was made under (issue 25 §2), from what the calculation stored: the
 * broker's rate and pips, the amount and trades, the server's mid at that minute and its pounds per unit. The rules
 * are shared/src/margin.ts's and margin-policy.ts's; this only reads the row and the policy of its time.
 */
import { type Margin, pitchMargin } from '@pippitch/shared/margin';
import { type FloorApplied, floorFor, isBelowFloor, type MarginPolicy } from '@pippitch/shared/margin-policy';
import { type CurrencyPair, isCurrencyPair } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { storedCalculation } from '../calculation-data';
import { policyAt } from './policy';

export interface PitchMargin {
  calculationId: string;
  pair: CurrencyPair;
  createdAt: string;
  /** Null when the calculation holds no mid (saved without a quote): nothing to measure, so no floor applies. */
  margin: Margin | null;
  floor: FloorApplied | null;
  belowFloor: boolean;
}

export type CalculationRow = {
  id: string;
  company_id: string;
  currency_pair: string;
  calculation_data: unknown;
  evidence: unknown;
  gbp_per_unit: string;
  created_at: Date;
};

export function calculationColumns() {
  return ['id', 'company_id', 'currency_pair', 'calculation_data', 'evidence', 'gbp_per_unit', 'created_at'] as const;
}

function midOf(evidence: unknown): string | null {
  const mid = (evidence as { mid?: { rate?: unknown } | null } | null)?.mid;
  return typeof mid?.rate === 'string' ? mid.rate : null;
}

/** A calculation row's margin against the floor of a given policy (the one in force when it was saved). */
export function measurePitch(row: CalculationRow, policy: MarginPolicy): PitchMargin {
  const data = storedCalculation.parse(row.calculation_data);
  const pair = row.currency_pair;
  if (!isCurrencyPair(pair)) throw new Error(`calculation ${row.id} has an unknown pair '${pair}'`);
  const mid = midOf(row.evidence);
  const base = { calculationId: row.id, pair, createdAt: row.created_at.toISOString() };
  if (!mid) return { ...base, margin: null, floor: null, belowFloor: false };
  const margin = pitchMargin({
    pair,
    yourRate: data.your_rate,
    marginPips: data.pips_added,
    mid,
    amount: data.trade_amount,
    tradesPerYear: data.trades_per_year,
    gbpPerBase: row.gbp_per_unit,
  });
  const floor = floorFor(policy, pair, margin.ticketGbp);
  return { ...base, margin, floor, belowFloor: isBelowFloor(margin.bps, floor) };
}

/** A calculation row's margin against the floor of the policy in force when it was saved. */
export async function marginOfCalculation(db: Database, row: CalculationRow): Promise<PitchMargin> {
  return measurePitch(row, await policyAt(db, row.company_id, row.created_at));
}

/** The margin of one of the company's calculations (a broker's own only, unless `userId` is null for an admin). */
export async function marginOfPitch(
  db: Database,
  scope: { companyId: string; userId: string | null },
  calculationId: string,
): Promise<PitchMargin | null> {
  let q = db
    .selectFrom('calculations')
    .select(calculationColumns())
    .where('id', '=', calculationId)
    .where('company_id', '=', scope.companyId);
  if (scope.userId) q = q.where('user_id', '=', scope.userId);
  const row = await q.executeTakeFirst();
  return row ? marginOfCalculation(db, row) : null;
}
