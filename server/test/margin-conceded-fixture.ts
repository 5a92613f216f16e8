import { randomUUID } from 'node:crypto';
import { pitchMargin } from '@pippitch/shared/margin';
import { normaliseCompanyName } from '@pippitch/shared/names';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { afterAll, beforeAll } from 'vitest';
import { addMember, ownerOfNewCompany, signedIn, startTestApp, type TestApp, type TestClient } from './helpers';

// Issue 25 §3: margin conceded per broker and pair. The SQL computes each pitch's margin itself (a set-based query
// over 500,000 calculations), so its figures are first held to shared/src/margin.ts's on hand-picked pitches, then
// the sums, the floor of each pitch's time, the bands and the approvals are checked by hand.
export let h: TestApp;
export let owner: TestClient;
export let broker: TestClient;
export let ownerId: string;
export let companyId: string;
export let brokerId: string;
export let rivalId: string;

export interface Pitch {
  pair: CurrencyPair;
  yourRate: string;
  marginPips?: number;
  amount: string;
  tradesPerYear?: number;
  /** The mid as evidence stores it (the pair's own terms); null: saved without a quote. */
  mid: string | null;
  gbpPerUnit?: string;
  at: string;
  /** The client (and so the lead) pitched; 'Tesco PLC' unless said. */
  client?: string;
}

/** A calculation with the stored fields the margin reads (services/calculator/save.ts's shapes). */
export async function addPitch(userId: string, p: Pitch): Promise<string> {
  const id = randomUUID();
  const user = await h.t.db
    .selectFrom('user_profiles')
    .select('company_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await h.t.db
    .insertInto('calculations')
    .values({
      id,
      user_id: userId,
      company_id: user.company_id,
      client_name: p.client ?? 'Tesco PLC',
      normalized_client_name: normaliseCompanyName(p.client ?? 'Tesco PLC'),
      currency_pair: p.pair,
      calculation_data: JSON.stringify({
        currency_pair: p.pair,
        your_rate: p.yourRate,
        trade_amount: p.amount,
        trades_per_year: p.tradesPerYear ?? 52,
        pips_added: p.marginPips ?? 0,
        // The calculator's results: read by the CSV, not by the margin.
        competitor_rate: '1.3400',
        comparison_date: p.at.slice(0, 10),
        effective_rate: p.yourRate,
        price_difference: '0',
        difference_in_pips: '0',
        cost_with_competitor: '0',
        cost_with_us: '0',
        savings_per_trade: '0',
        annual_savings: '0',
        percentage_savings: '0',
        is_advantage: true,
      }),
      trade_details: JSON.stringify({}),
      savings_amount: '0',
      evidence: JSON.stringify({ mid: p.mid ? { rate: p.mid, at: p.at, source: 'Simulated' } : null }),
      gbp_per_unit: p.gbpPerUnit ?? '1',
      created_at: new Date(p.at),
    })
    .execute();
  return id;
}

export async function setPolicy(at: string, floors: Record<string, unknown>) {
  await h.t.db
    .insertInto('margin_policy_versions')
    .values({
      company_id: companyId,
      floors: JSON.stringify(floors),
      margin_options: [0, 10, 20, 30, 40, 50],
      changed_by: ownerId,
      changed_by_name: 'Owner',
      changed_at: new Date(at),
    })
    .execute();
}

/**
 * A request (issue 32: for a lead, pair and band) for the pitch's own margin, its lead the pitch's client under its
 * broker (added if missing), in the band given (the upper GBP/USD band of the test's policy unless said).
 */
export async function request(
  calculationId: string,
  status: 'pending' | 'approved' | 'declined',
  at: string,
  band: { fromGbp: number; toGbp: number | null; floorBps: number } = { fromGbp: 368840.37, toGbp: null, floorBps: 50 },
) {
  const pitch = await h.t.db
    .selectFrom('calculations')
    .select(['user_id', 'client_name', 'normalized_client_name', 'currency_pair', 'margin_bps'])
    .where('id', '=', calculationId)
    .executeTakeFirstOrThrow();
  const lead = await h.t.db
    .insertInto('user_leads')
    .values({
      user_id: pitch.user_id,
      custom_name: pitch.client_name ?? '',
      normalized_name: pitch.normalized_client_name ?? '',
      source: 'calculator',
    })
    .onConflict((oc) => oc.columns(['user_id', 'normalized_name']).doUpdateSet({ contacted: true }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.t.db.updateTable('calculations').set({ lead_id: lead.id }).where('id', '=', calculationId).execute();
  await h.t.db
    .insertInto('margin_approvals')
    .values({
      company_id: companyId,
      calculation_id: calculationId,
      lead_id: lead.id,
      requested_by: brokerId,
      reason: 'Key account',
      margin_bps: pitch.margin_bps ?? '0',
      floor_bps: String(band.floorBps),
      floor_label: 'GBP/USD',
      pair: pitch.currency_pair,
      band_from_gbp: band.fromGbp,
      band_to_gbp: band.toGbp,
      status,
      decided_at: status === 'pending' ? null : new Date(at),
      created_at: new Date(at),
    })
    .execute();
}

/** Registers the file's set-up: one app, a desk with its owner and a broker, and a rival company. */
export function useConcededDesk(): void {
  beforeAll(async () => {
    h = await startTestApp();
    h.clock.now = new Date('2026-11-22T12:00:00Z');
    const desk = await ownerOfNewCompany(h, 'Conceded Desk');
    owner = desk.c;
    ownerId = desk.userId;
    companyId = desk.companyId;
    brokerId = await addMember(h, 'Conceded Desk', 'broker@concededdesk.co.uk', 'junior');
    broker = await signedIn(h, 'broker@concededdesk.co.uk');
    rivalId = (await ownerOfNewCompany(h, 'Rival Conceded')).userId;
  });
  afterAll(() => h?.close());
}

/** A GBP/USD pitch's margin at the fixtures' mid (1.3556), by shared/src/margin.ts. */
export const gbpusd = (yourRate: string, amount: string) =>
  pitchMargin({ pair: 'GBPUSD', yourRate, marginPips: 0, mid: '1.3556', amount, tradesPerYear: 52, gbpPerBase: '1' });
