import { weeksAndDays } from '@pippitch/shared/activity-periods';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemScope } from '../../core/src/queries/scope';
import { marginConceded } from '../../core/src/services/margin/conceded';
import { addMember } from './helpers';

import {
  addPitch,
  brokerId,
  companyId,
  gbpusd,
  h,
  request,
  setPolicy,
  useConcededDesk,
} from './margin-conceded-fixture';

// Issue 25 §3: the figures stored on each pitch at its save and the per-day and per-week rollups of migration 0046
// (the team CSV reads the first, the dashboard's card the second).
useConcededDesk();

describe('margin conceded, stored', () => {
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
    const pitch = (userId: string, yourRate: string, amount: string, at: string) =>
      addPitch(userId, { pair: 'GBPUSD', yourRate, amount, mid: '1.3556', at: `${day}T${at}:00Z` });

    await setPolicy(`${day}T08:00:00Z`, { GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 30 }] });
    const kept = await pitch(brokerId, '1.3500', '500000', '09:00'); // 41.3 ≥ 30
    const leaverBelow = await pitch(member, '1.3540', '600000', '09:01'); // 11.8 < 30
    await pitch(member, '1.3500', '100000', '09:02'); // 41.3 ≥ 30
    // An approval is for the band of the policy in force (issue 32): here GBP/USD's one band, floor 30.
    await request(leaverBelow, 'approved', `${day}T09:30:00Z`, { fromGbp: 0, toGbp: null, floorBps: 30 });
    // A tighter floor from 10:00 holds later pitches only: 41.3 is now below 45.
    await setPolicy(`${day}T10:00:00Z`, { GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 45 }] });
    const later = await pitch(brokerId, '1.3500', '500000', '11:00');
    expect(await stored(kept)).toEqual({ bps: '41.3', floor: '30', below: false });
    expect(await stored(later)).toEqual({ bps: '41.3', floor: '45', below: true });

    const all = [gbpusd('1.3500', '500000'), gbpusd('1.3540', '600000'), gbpusd('1.3500', '100000')];
    const tickets = [...all, all[0]].map((x) => Number(x?.ticketGbp));
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    const floors = [30, 30, 30, 45];
    let team = (await marginConceded(h.t.db, systemScope('system:reports', companyId), span)).team;
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
    team = (await marginConceded(h.t.db, systemScope('system:reports', companyId), span)).team;
    expect(team).toMatchObject({ pitches: 3, measured: 3, belowFloor: 1, approved: 0, unrequested: 1 });
    expect(team.volumeGbp).toBe(sum([tickets[0], tickets[2], tickets[3]] as number[]).toFixed(2));
    await rebuilt();

    // Retention of the member's pitches: the member's (broker, pair, day) row leaves the rollup.
    await h.t.db.deleteFrom('calculations').where('user_id', '=', member).execute();
    const result = await marginConceded(h.t.db, systemScope('system:reports', companyId), span);
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
    expect((await marginConceded(h.t.db, systemScope('system:reports', companyId), span)).team).toMatchObject({
      pitches: 1,
      belowFloor: 0,
    });
    expect(
      (
        await marginConceded(h.t.db, systemScope('system:reports', companyId), {
          start: '2026-08-04',
          end: '2026-08-04',
        })
      ).team,
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
      ].map((x) => marginConceded(h.t.db, systemScope('system:reports', companyId), x)),
    );
    const whole = await marginConceded(h.t.db, systemScope('system:reports', companyId), {
      start: '2026-07-29',
      end: '2026-08-20',
    });
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
    expect(
      (await marginConceded(h.t.db, systemScope('system:reports', companyId), span)).brokers.map((b) => b.userId),
    ).toContain(gone);
    await h.t.db.deleteFrom('user_profiles').where('id', '=', gone).execute();
    expect(
      (await marginConceded(h.t.db, systemScope('system:reports', companyId), span)).brokers.map((b) => b.userId),
    ).toEqual([brokerId]);
    await rebuilt();
  });
});
