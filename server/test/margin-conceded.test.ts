import { randomUUID } from 'node:crypto';
import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { midFromStored, pitchMargin } from '@pippitch/shared/margin';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityCsv } from '../src/services/activity/export-csv';
import { marginConceded, pitchFiguresSql, weeksAndDays } from '../src/services/margin/conceded';
import {
  addMember,
  errorOf,
  ownerOfNewCompany,
  signedIn,
  startTestApp,
  type TestApp,
  type TestClient,
} from './helpers';

// Issue 25 §3: margin conceded per broker and pair. The SQL computes each pitch's margin itself (a set-based query
// over 500,000 calculations), so its figures are first held to shared/src/margin.ts's on hand-picked pitches, then
// the sums, the floor of each pitch's time, the bands and the approvals are checked by hand.
let h: TestApp;
let owner: TestClient;
let broker: TestClient;
let ownerId: string;
let companyId: string;
let brokerId: string;
let rivalId: string;

interface Pitch {
  pair: CurrencyPair;
  yourRate: string;
  marginPips?: number;
  amount: string;
  tradesPerYear?: number;
  /** The mid as evidence stores it (the pair's own terms); null: saved without a quote. */
  mid: string | null;
  gbpPerUnit?: string;
  at: string;
}

/** A calculation with the stored fields the margin reads (services/calculator/save.ts's shapes). */
async function addPitch(userId: string, p: Pitch): Promise<string> {
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
      client_name: 'Tesco PLC',
      normalized_client_name: 'tesco',
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

async function setPolicy(at: string, floors: Record<string, unknown>) {
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

async function request(calculationId: string, status: 'pending' | 'approved' | 'declined', at: string) {
  await h.t.db
    .insertInto('margin_approvals')
    .values({
      company_id: companyId,
      calculation_id: calculationId,
      requested_by: brokerId,
      reason: 'Key account',
      margin_bps: '1',
      floor_bps: '50',
      floor_label: 'GBP/USD',
      status,
      decided_at: status === 'pending' ? null : new Date(at),
      created_at: new Date(at),
    })
    .execute();
}

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

describe('margin conceded', () => {
  it('computes each pitch’s margin in SQL exactly as shared/src/margin.ts does', async () => {
    const day = '2026-10-01';
    const pitches: Pitch[] = [
      // The spec's demo: below the mid, the desk earns (41.3 bps).
      { pair: 'GBPUSD', yourRate: '1.3500', amount: '500000', mid: '1.3556', at: `${day}T09:00:00Z` },
      // Above the mid: the desk gives margin away (negative).
      { pair: 'GBPUSD', yourRate: '1.3600', amount: '250000', mid: '1.3556', at: `${day}T09:01:00Z` },
      // 'Inflate Your Margin' pips are added to the rate before measuring.
      {
        pair: 'GBPUSD',
        yourRate: '1.3400',
        marginPips: 20,
        amount: '1000000',
        tradesPerYear: 12,
        mid: '1.3556',
        at: `${day}T09:02:00Z`,
      },
      // GBP/EUR's mid is stored as EUR/GBP and served inverted: both sides of it.
      {
        pair: 'GBPEUR',
        yourRate: '1.1800',
        amount: '300000',
        mid: midFromStored('GBPEUR', '0.84317'),
        at: `${day}T09:03:00Z`,
      },
      {
        pair: 'GBPEUR',
        yourRate: '1.1900',
        amount: '75000',
        mid: midFromStored('GBPEUR', '0.84317'),
        at: `${day}T09:04:00Z`,
      },
      // EUR/USD in pounds at the EUR/GBP mid the calculation kept: both sides.
      {
        pair: 'EURUSD',
        yourRate: '1.0700',
        amount: '400000',
        mid: '1.0742',
        gbpPerUnit: '0.84317',
        at: `${day}T09:05:00Z`,
      },
      {
        pair: 'EURUSD',
        yourRate: '1.0790',
        amount: '90000',
        mid: '1.0742',
        gbpPerUnit: '0.84317',
        at: `${day}T09:06:00Z`,
      },
      // An odd amount and a mid with six decimals, where roundings could part.
      {
        pair: 'GBPNOK',
        yourRate: '13.4987',
        amount: '1234567.89',
        tradesPerYear: 7,
        mid: '13.562149',
        at: `${day}T09:07:00Z`,
      },
    ];
    const ids: string[] = [];
    for (const p of pitches) ids.push(await addPitch(brokerId, p));
    const { rows } = await sql<{ id: string; bps: string; ticket: string; per_year: string }>`
      SELECT id, bps::text, ticket::text, per_year::text FROM (${pitchFiguresSql({ companyId }, { start: day, end: day })}) p
    `.execute(h.t.db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    pitches.forEach((p, i) => {
      const shared = pitchMargin({
        pair: p.pair,
        yourRate: p.yourRate,
        marginPips: p.marginPips ?? 0,
        mid: p.mid as string,
        amount: p.amount,
        tradesPerYear: p.tradesPerYear ?? 52,
        gbpPerBase: p.gbpPerUnit ?? '1',
      });
      const row = byId.get(ids[i] as string);
      expect({ pair: p.pair, bps: row?.bps, ticket: row?.ticket, perYear: row?.per_year }).toEqual({
        pair: p.pair,
        bps: shared.bps,
        ticket: shared.ticketGbp,
        perYear: shared.gbpPerYear,
      });
    });
    // Both signs were covered, and the demo's figures are the spec's.
    expect(rows.some((r) => r.bps.startsWith('-'))).toBe(true);
    expect(byId.get(ids[0] as string)).toMatchObject({ bps: '41.3', ticket: '368840.37' });
  });

  it('sums per broker and pair against the floor of each pitch’s time, with the approvals of those below it', async () => {
    const day = '2026-10-10';
    // Before any floor: not below anything.
    await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.3500',
      amount: '500000',
      mid: '1.3556',
      at: `${day}T08:00:00Z`,
    });
    await setPolicy(`${day}T09:00:00Z`, {
      GBPUSD: [
        { fromGbp: 0, toGbp: 368840.37, floorBps: 30 },
        { fromGbp: 368840.37, toGbp: null, floorBps: 50 },
      ],
    });
    // A ticket of exactly £368,840.37 is in the upper band (lower edge inclusive): 41.3 < 50, below.
    const a = await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.3500',
      amount: '500000',
      mid: '1.3556',
      at: `${day}T10:00:00Z`,
    });
    // A smaller ticket, lower band: 41.3 ≥ 30, not below.
    await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.3500',
      amount: '100000',
      mid: '1.3556',
      at: `${day}T10:01:00Z`,
    });
    // Two more below in the upper band: declined then asked again (pending); declined only.
    const b = await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.3520',
      amount: '600000',
      mid: '1.3556',
      at: `${day}T10:02:00Z`,
    });
    const c = await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.3530',
      amount: '600000',
      mid: '1.3556',
      at: `${day}T10:03:00Z`,
    });
    // One more, never asked.
    await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.3540',
      amount: '600000',
      mid: '1.3556',
      at: `${day}T10:04:00Z`,
    });
    // A floor exactly met (50.0 bps) is not below.
    await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.34882',
      amount: '600000',
      mid: '1.3556',
      at: `${day}T10:05:00Z`,
    });
    // No mid: counted as a pitch, never measured.
    await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.3500',
      amount: '600000',
      mid: null,
      at: `${day}T10:06:00Z`,
    });
    // A pair without a floor, by the owner.
    await addPitch(ownerId, {
      pair: 'EURUSD',
      yourRate: '1.0700',
      amount: '400000',
      mid: '1.0742',
      gbpPerUnit: '0.84317',
      at: `${day}T10:07:00Z`,
    });
    // Another company's pitch and a pitch outside the range count nowhere.
    await addPitch(rivalId, {
      pair: 'GBPUSD',
      yourRate: '1.3000',
      amount: '500000',
      mid: '1.3556',
      at: `${day}T10:00:00Z`,
    });
    await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.3000',
      amount: '500000',
      mid: '1.3556',
      at: '2026-10-11T00:30:00Z',
    });
    await request(a, 'approved', `${day}T11:00:00Z`);
    await request(b, 'declined', `${day}T11:00:00Z`);
    await request(b, 'pending', `${day}T11:05:00Z`);
    await request(c, 'declined', `${day}T11:00:00Z`);

    const gbpusd = (yourRate: string, amount: string) =>
      pitchMargin({
        pair: 'GBPUSD',
        yourRate,
        marginPips: 0,
        mid: '1.3556',
        amount,
        tradesPerYear: 52,
        gbpPerBase: '1',
      });
    const measured = [
      gbpusd('1.3500', '500000'),
      gbpusd('1.3500', '500000'),
      gbpusd('1.3500', '100000'),
      gbpusd('1.3520', '600000'),
      gbpusd('1.3530', '600000'),
      gbpusd('1.3540', '600000'),
      gbpusd('1.34882', '600000'),
    ];
    expect(measured.map((x) => x.bps)).toEqual(['41.3', '41.3', '41.3', '26.6', '19.2', '11.8', '50.0']);
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    const tickets = measured.map((x) => Number(x.ticketGbp));
    const weighted = sum(measured.map((x, i) => Number(x.bps) * (tickets[i] as number))) / sum(tickets);
    const floors = [50, 30, 50, 50, 50, 50];
    const floorWeighted = sum(floors.map((f, i) => f * (tickets[i + 1] as number))) / sum(tickets.slice(1));

    const result = await marginConceded(h.t.db, { companyId }, { start: day, end: day });
    const broker = result.brokers.find((x) => x.userId === brokerId);
    expect(broker).toMatchObject({
      pitches: 8,
      measured: 7,
      marginBps: weighted.toFixed(1),
      floorBps: floorWeighted.toFixed(1),
      floored: 6,
      gbpPerYear: sum(measured.map((x) => Number(x.gbpPerYear))).toFixed(2),
      volumeGbp: sum(tickets).toFixed(2),
      belowFloor: 4,
      approved: 1,
      declined: 1,
      pending: 1,
      unrequested: 1,
    });
    expect(broker?.pairs.map((p) => [p.pair, p.pitches, p.belowFloor])).toEqual([['GBPUSD', 8, 4]]);
    const eurusd = pitchMargin({
      pair: 'EURUSD',
      yourRate: '1.0700',
      marginPips: 0,
      mid: '1.0742',
      amount: '400000',
      tradesPerYear: 52,
      gbpPerBase: '0.84317',
    });
    expect(result.pairs.map((p) => [p.pair, p.pitches, p.floorBps, p.belowFloor])).toEqual([
      ['EURUSD', 1, null, 0],
      ['GBPUSD', 8, floorWeighted.toFixed(1), 4],
    ]);
    expect(result.pairs[0]).toMatchObject({ marginBps: eurusd.bps, gbpPerYear: eurusd.gbpPerYear });
    expect(result.team).toMatchObject({ pitches: 9, measured: 8, belowFloor: 4, floored: 6 });
    expect(result.brokers.map((x) => x.userId).sort()).toEqual([brokerId, ownerId].sort());
  });

  it('the team CSV carries each pitch’s margin, floor and approval', async () => {
    let body = '';
    const member = { id: brokerId, full_name: 'Broker', email: 'broker@concededdesk.co.uk' };
    for await (const chunk of activityCsv(h.t.db, { companyId }, [member], { start: '2026-10-10', end: '2026-10-10' }))
      body += chunk;
    const [header, ...rows] = body.trimEnd().split('\r\n');
    expect(header?.split(',').slice(-5)).toEqual([
      'Margin (bps)',
      'Margin per Year (GBP)',
      'Floor (bps)',
      'Below Floor',
      'Approval',
    ]);
    const perYear = (yourRate: string, amount: string) =>
      pitchMargin({
        pair: 'GBPUSD',
        yourRate,
        marginPips: 0,
        mid: '1.3556',
        amount,
        tradesPerYear: 52,
        gbpPerBase: '1',
      }).gbpPerYear;
    expect(rows.map((r) => r.split(',').slice(-5))).toEqual([
      ['41.3', perYear('1.3500', '500000'), '', '', ''], // before any floor
      ['41.3', perYear('1.3500', '500000'), '50', 'Yes', 'Approved'],
      ['41.3', perYear('1.3500', '100000'), '30', 'No', ''],
      ['26.6', perYear('1.3520', '600000'), '50', 'Yes', 'Pending'], // declined, then asked again
      ['19.2', perYear('1.3530', '600000'), '50', 'Yes', 'Declined'],
      ['11.8', perYear('1.3540', '600000'), '50', 'Yes', 'Not asked'],
      ['50.0', perYear('1.34882', '600000'), '50', 'No', ''], // the floor exactly met
      ['', '', '', '', ''], // saved without a mid
    ]);
  });

  it('is for admins, of their own company, over the range asked', async () => {
    expect(await errorOf(broker.api.margin.conceded.query({ range: 'today' }))).toEqual({
      code: 'FORBIDDEN',
      message: ACCESS_MESSAGES.noAdminAccess,
    });
    // Nothing pitched today (the clock's 22 Nov); the quarter holds 10 Oct's pitches and 1 Oct's.
    expect((await owner.api.margin.conceded.query({ range: 'today' })).team.pitches).toBe(0);
    const quarter = await owner.api.margin.conceded.query({ range: 'lastQuarter' });
    expect(quarter.team.pitches).toBe(8 + 10);
    expect(quarter.brokers.every((b) => b.userId === brokerId || b.userId === ownerId)).toBe(true);
    expect((await errorOf(owner.api.margin.conceded.query({ range: 'forever' as 'today' }))).code).toBe('BAD_REQUEST');
  });

  it('gives the user activity page one member’s figures for its period, the dashboard’s for that broker', async () => {
    const day = await marginConceded(h.t.db, { companyId }, { start: '2026-10-10', end: '2026-10-10' });
    const mine = await owner.api.margin.concededBy.query({ userId: brokerId, view: 'daily', date: '2026-10-10' });
    expect(mine).toEqual({
      span: { start: '2026-10-10', end: '2026-10-10' },
      broker: day.brokers.find((b) => b.userId === brokerId),
    });
    // October holds both days' pitches; a member of another company is nobody here.
    expect(
      (await owner.api.margin.concededBy.query({ userId: brokerId, view: 'monthly', date: '2026-10-10' })).broker,
    ).toMatchObject({ pitches: 8 + 8 + 1 });
    expect(
      (await owner.api.margin.concededBy.query({ userId: rivalId, view: 'monthly', date: '2026-10-10' })).broker,
    ).toBeNull();
    expect((await errorOf(broker.api.margin.concededBy.query({ userId: brokerId, view: 'daily' }))).code).toBe(
      'FORBIDDEN',
    );
  });

  it('keeps its per-day rollup right through saves, deletions and a policy change that leaves earlier pitches be', async () => {
    const day = '2026-08-03';
    const span = { start: day, end: day };
    const member = await addMember(h, 'Conceded Desk', 'leaver@concededdesk.co.uk', 'junior');
    // The rollup rows of the company, as read, to compare with the same rows built afresh from the pitches.
    const rollup = async () =>
      (
        await sql<Record<string, unknown>>`
          SELECT day::text, user_id, pair, pitches, measured, measured_ticket_gbp::text, bps_ticket::text,
                 ticket_gbp::text, floored, floored_ticket_gbp::text, floor_ticket::text, gbp_per_year::text,
                 below_floor
          FROM calculation_margin_days WHERE company_id = ${companyId}
          UNION ALL
          SELECT 'week ' || week::text, user_id, pair, pitches, measured, measured_ticket_gbp::text, bps_ticket::text,
                 ticket_gbp::text, floored, floored_ticket_gbp::text, floor_ticket::text, gbp_per_year::text,
                 below_floor
          FROM calculation_margin_weeks WHERE company_id = ${companyId} ORDER BY 1, 2, 3`.execute(h.t.db)
      ).rows;
    const rebuilt = async () => {
      const kept = await rollup();
      await sql`SELECT calculation_margin_rollups_build(${companyId})`.execute(h.t.db);
      expect(kept).toEqual(await rollup());
    };
    const stored = async (id: string) =>
      h.t.db
        .selectFrom('calculations')
        .select([
          sql<string | null>`margin_bps::text`.as('bps'),
          sql<string | null>`margin_floor_bps::text`.as('floor'),
          'margin_below_floor as below',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const gbpusd = (yourRate: string, amount: string) =>
      pitchMargin({
        pair: 'GBPUSD',
        yourRate,
        marginPips: 0,
        mid: '1.3556',
        amount,
        tradesPerYear: 52,
        gbpPerBase: '1',
      });
    const pitch = (userId: string, yourRate: string, amount: string, at: string) =>
      addPitch(userId, { pair: 'GBPUSD', yourRate, amount, mid: '1.3556', at: `${day}T${at}:00Z` });

    await setPolicy(`${day}T08:00:00Z`, { GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 30 }] });
    const kept = await pitch(brokerId, '1.3500', '500000', '09:00'); // 41.3 ≥ 30
    const leaverBelow = await pitch(member, '1.3540', '600000', '09:01'); // 11.8 < 30
    await pitch(member, '1.3500', '100000', '09:02'); // 41.3 ≥ 30
    await request(leaverBelow, 'approved', `${day}T09:30:00Z`);
    // A tighter floor from 10:00 holds later pitches only: 41.3 is now below 45.
    await setPolicy(`${day}T10:00:00Z`, { GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 45 }] });
    const later = await pitch(brokerId, '1.3500', '500000', '11:00');
    expect(await stored(kept)).toEqual({ bps: '41.3', floor: '30', below: false });
    expect(await stored(later)).toEqual({ bps: '41.3', floor: '45', below: true });

    const all = [gbpusd('1.3500', '500000'), gbpusd('1.3540', '600000'), gbpusd('1.3500', '100000')];
    const tickets = [...all, all[0]].map((x) => Number(x?.ticketGbp));
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    const floors = [30, 30, 30, 45];
    let team = (await marginConceded(h.t.db, { companyId }, span)).team;
    expect(team).toMatchObject({
      pitches: 4,
      measured: 4,
      floored: 4,
      floorBps: (sum(floors.map((f, i) => f * (tickets[i] as number))) / sum(tickets)).toFixed(1),
      volumeGbp: sum(tickets).toFixed(2),
      gbpPerYear: sum([...all, all[0]].map((x) => Number(x?.gbpPerYear))).toFixed(2),
      belowFloor: 2,
      approved: 1,
      unrequested: 1,
    });
    await rebuilt();

    // The leaver's below-floor pitch deleted (with its approval): gone from every sum.
    await h.t.db.deleteFrom('calculations').where('id', '=', leaverBelow).execute();
    team = (await marginConceded(h.t.db, { companyId }, span)).team;
    expect(team).toMatchObject({ pitches: 3, measured: 3, belowFloor: 1, approved: 0, unrequested: 1 });
    expect(team.volumeGbp).toBe(sum([tickets[0], tickets[2], tickets[3]] as number[]).toFixed(2));
    await rebuilt();

    // Retention of the member's pitches: the member's (broker, pair, day) row leaves the rollup.
    await h.t.db.deleteFrom('calculations').where('user_id', '=', member).execute();
    const result = await marginConceded(h.t.db, { companyId }, span);
    expect(result.brokers.map((b) => b.userId)).toEqual([brokerId]);
    expect(result.team).toMatchObject({ pitches: 2, belowFloor: 1, floored: 2 });
    expect((await rollup()).filter((r) => r.user_id === member)).toEqual([]);
    await rebuilt();

    // A pitch moved to another day (an update) moves its figures with it, under the policy of its new time.
    await h.t.db
      .updateTable('calculations')
      .set({ created_at: new Date('2026-08-04T09:00:00Z') })
      .where('id', '=', later)
      .execute();
    expect((await marginConceded(h.t.db, { companyId }, span)).team).toMatchObject({ pitches: 1, belowFloor: 0 });
    expect(
      (await marginConceded(h.t.db, { companyId }, { start: '2026-08-04', end: '2026-08-04' })).team,
    ).toMatchObject({ pitches: 1, belowFloor: 1, floorBps: '45.0' });
    await rebuilt();

    // A run of days reads the whole weeks inside it from the weekly rollup and the loose days from the daily one:
    // the same figures as adding up its days. (3 Aug 2026 is a Monday.)
    expect(weeksAndDays({ start: '2026-07-29', end: '2026-08-20' })).toEqual({
      weeks: { start: '2026-08-03', end: '2026-08-10' },
      days: [
        { start: '2026-07-29', end: '2026-08-02' },
        { start: '2026-08-17', end: '2026-08-20' },
      ],
    });
    expect(weeksAndDays({ start: '2026-08-03', end: '2026-08-09' })).toEqual({
      weeks: { start: '2026-08-03', end: '2026-08-03' },
      days: [],
    });
    expect(weeksAndDays({ start: '2026-08-04', end: '2026-08-10' })).toEqual({
      weeks: null,
      days: [{ start: '2026-08-04', end: '2026-08-10' }],
    });
    await pitch(brokerId, '1.3540', '600000', '12:00'); // 3 Aug, below 45
    await addPitch(brokerId, {
      pair: 'GBPUSD',
      yourRate: '1.3500',
      amount: '100000',
      mid: '1.3556',
      at: '2026-08-18T09:00:00Z',
    });
    const [week, before, after] = await Promise.all(
      [
        { start: '2026-08-03', end: '2026-08-09' },
        { start: '2026-07-29', end: '2026-08-02' },
        { start: '2026-08-17', end: '2026-08-20' },
      ].map((x) => marginConceded(h.t.db, { companyId }, x)),
    );
    const whole = await marginConceded(h.t.db, { companyId }, { start: '2026-07-29', end: '2026-08-20' });
    expect(week?.team).toMatchObject({ pitches: 3, belowFloor: 2 });
    const parts = [week, before, after].map((x) => x?.team);
    const total = (f: (t: NonNullable<(typeof parts)[number]>) => number) =>
      parts.reduce((n, t) => n + (t ? f(t) : 0), 0);
    expect(after?.team).toMatchObject({ pitches: 1, belowFloor: 1 }); // 18 Aug: 41.3 under the 45 of its time
    expect(whole.team).toMatchObject({
      pitches: total((t) => t.pitches),
      belowFloor: total((t) => t.belowFloor),
      volumeGbp: total((t) => Number(t.volumeGbp)).toFixed(2),
      gbpPerYear: total((t) => Number(t.gbpPerYear)).toFixed(2),
    });

    // A member deleted outright takes their pitches' figures with them (the cascade, then the triggers).
    const gone = await addMember(h, 'Conceded Desk', 'gone@concededdesk.co.uk', 'junior');
    await pitch(gone, '1.3540', '600000', '13:00');
    expect((await marginConceded(h.t.db, { companyId }, span)).brokers.map((b) => b.userId)).toContain(gone);
    await h.t.db.deleteFrom('user_profiles').where('id', '=', gone).execute();
    expect((await marginConceded(h.t.db, { companyId }, span)).brokers.map((b) => b.userId)).toEqual([brokerId]);
    await rebuilt();
  });
});
