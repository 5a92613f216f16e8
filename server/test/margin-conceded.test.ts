import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { midFromStored, pitchMargin } from '@pippitch/shared/margin';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pitchFiguresSql } from '../../core/src/queries/margin/conceded';
import { systemScope } from '../../core/src/queries/scope';
import { activityCsv } from '../../core/src/services/activity/export-csv';
import { marginConceded } from '../../core/src/services/margin/conceded';
import { errorOf } from './helpers';

import {
  addPitch,
  broker,
  brokerId,
  companyId,
  gbpusd,
  h,
  owner,
  ownerId,
  type Pitch,
  request,
  rivalId,
  setPolicy,
  useConcededDesk,
} from './margin-conceded-fixture';

// Issue 25 §3: margin conceded per broker and pair: each pitch's figures held to shared/src/margin.ts, the sums, the
// floor of each pitch's time, the bands and the approvals checked by hand (margin-conceded-fixture.ts).
useConcededDesk();

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
      SELECT id, bps::text, ticket::text, per_year::text FROM (${pitchFiguresSql(systemScope('system:reports', companyId), { start: day, end: day })}) p
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
      client: 'Acme A Ltd',
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
      client: 'Bravo B Ltd',
      pair: 'GBPUSD',
      yourRate: '1.3520',
      amount: '600000',
      mid: '1.3556',
      at: `${day}T10:02:00Z`,
    });
    const c = await addPitch(brokerId, {
      client: 'Charlie C Ltd',
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

    const result = await marginConceded(h.t.db, systemScope('system:reports', companyId), { start: day, end: day });
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
    const member = { id: brokerId, fullName: 'Broker', email: 'broker@concededdesk.co.uk' };
    const admin = { userId: ownerId, companyId, role: 'admin' as const };
    for await (const chunk of activityCsv(h.t.db, admin, [member], { start: '2026-10-10', end: '2026-10-10' }))
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
    const day = await marginConceded(h.t.db, systemScope('system:reports', companyId), {
      start: '2026-10-10',
      end: '2026-10-10',
    });
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
});
