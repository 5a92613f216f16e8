import { randomUUID } from 'node:crypto';
import { calculateSavings } from '@pippitch/shared/calculator';
import { normaliseCompanyName } from '@pippitch/shared/names';
import { type CurrencyPair, pipSize } from '@pippitch/shared/pairs';
import { toStoredCalculation } from '../../core/src/services/calculation-data';
import type { TestApp } from './helpers';

export interface CalculationAt {
  client?: string | null;
  yourRate?: string;
  competitorRate?: string;
  amount?: string;
  tradesPerYear?: number;
  liveRate?: number;
  /** Any catalogue pair (issue 34); its rates are in the pair's own terms (USD/JPY near 150). */
  pair?: CurrencyPair;
  /** Saved after 'Use this rate anyway' (issue 22): kept out of totals. */
  offMarket?: boolean;
  /** Pounds per unit of the sold currency (EUR/USD pitches). */
  gbpPerUnit?: string;
  /** The mid the server recorded (evidence.mid.rate, the pair's own terms), which margin conceded measures against. */
  mid?: string;
}

/**
 * A calculation saved at a chosen instant (the calculator's own save stamps the database's now()), with the same
 * stored shape as services/calculator/save.ts; the rollup trigger of migration 0012 counts it as any other.
 */
export async function addCalculationAt(h: TestApp, userId: string, at: string, c: CalculationAt = {}) {
  const input = {
    id: randomUUID(),
    pair: c.pair ?? ('GBPUSD' as const),
    yourRate: c.yourRate ?? '1.2700',
    competitorRate: c.competitorRate ?? '1.2650',
    amount: c.amount ?? '500000',
    tradesPerYear: c.tradesPerYear ?? 52,
    marginPips: 0 as const,
    comparisonDate: at.slice(0, 10),
  };
  const r = calculateSavings({ ...input, marginPips: 0, pipSize: pipSize(input.pair) });
  const user = await h.t.db
    .selectFrom('user_profiles')
    .select('company_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const client = c.client === undefined ? 'Tesco PLC' : c.client;
  await h.t.db
    .insertInto('calculations')
    .values({
      id: input.id,
      user_id: userId,
      company_id: user.company_id,
      client_name: client,
      normalized_client_name: client ? normaliseCompanyName(client) || null : null,
      currency_pair: input.pair,
      calculation_data: JSON.stringify(toStoredCalculation(input, r)),
      trade_details: JSON.stringify({}),
      savings_amount: r.annualSavings,
      live_rate: c.liveRate ?? 1.2712,
      rate_source: 'simulated',
      rate_at: new Date(at),
      created_at: new Date(at),
      off_market: c.offMarket ?? false,
      gbp_per_unit: c.gbpPerUnit ?? '1',
      // A record of the stored shape (shared/src/evidence-record.ts) with only the mid: no ECB rate, no day range.
      ...(c.mid
        ? {
            evidence: JSON.stringify({
              mid: { rate: c.mid, at, source: 'Simulated' },
              method: 'test',
              ecb: null,
              range: null,
            }),
          }
        : {}),
    })
    .execute();
  return { id: input.id, result: r };
}

/** A margin policy version stamped at a chosen instant (the editor stamps now()): floors per pair, all options. */
export async function setFloorsAt(
  h: TestApp,
  admin: { companyId: string; userId: string },
  at: string,
  floors: Record<string, { fromGbp: number; toGbp: number | null; floorBps: number }[]>,
) {
  await h.t.db
    .insertInto('margin_policy_versions')
    .values({
      company_id: admin.companyId,
      floors: JSON.stringify(floors),
      margin_options: [0, 10, 20, 30, 40, 50],
      changed_by: admin.userId,
      changed_by_name: 'Owner',
      changed_at: new Date(at),
    })
    .execute();
}
