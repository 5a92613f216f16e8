import { randomUUID } from 'node:crypto';
import { DASHBOARD_RANGES, type DateSpan, dashboardPeriods } from '@pippitch/shared/activity-periods';
import { calculateSavings } from '@pippitch/shared/calculator';
import { normaliseCompanyName } from '@pippitch/shared/names';
import { londonDateOf } from '@pippitch/shared/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSums, type SumsRow } from '../../core/src/queries/activity/dashboard-sums';
import { scopeOf } from '../../core/src/queries/scope';
import { dashboardActivity } from '../../core/src/services/activity/dashboard';
import { CHART_BROKERS, type ChartRow, chartRows } from '../../core/src/services/activity/dashboard-chart';
import type { Actor } from '../../core/src/services/actor';
import { toStoredCalculation } from '../../core/src/services/calculation-data';
import { addMember, signUp, signupInput, startTestApp, type TestApp } from './helpers';

// The activity dashboard's weekly rollup (migration 0048): a range's whole London weeks are read from
// calculation_user_weeks and its loose days from calculation_user_days. Held here to the straightforward sums over
// the calculations themselves, for every dashboard range at moments whose ranges start and end mid-week (and on a
// Sunday, a Monday, in BST), through bulk saves, deletions (one pitch, a member's, a member removed) and a rebuild.
let h: TestApp;
let companyId: string;
const brokers: string[] = [];
let admin: string;
let leaver: string;

beforeAll(async () => {
  h = await startTestApp();
  await signUp(h.t.db, h.client(), signupInput({ adminSeats: 2, brokerSeats: 12 }));
  companyId = (await h.t.db.selectFrom('companies').select('id').executeTakeFirstOrThrow()).id;
  // More brokers than the chart has lines for, so 'everyone else' has a line too.
  for (let i = 0; i < CHART_BROKERS + 2; i++)
    brokers.push(await addMember(h, 'Acme FX', `b${i}@acmefx.co.uk`, 'junior'));
  admin = await addMember(h, 'Acme FX', 'admin2@acmefx.co.uk', 'admin');
  leaver = await addMember(h, 'Acme FX', 'leaver@acmefx.co.uk', 'junior');
});
afterAll(() => h.close());
/** The dashboard is the company's admins' (the admin added above reads it). */
const adminActor = (): Actor => ({ userId: admin, companyId, role: 'admin' });

// A repeatable spread of pitches (a small linear congruential generator: the same rows every run).
let seed = 20261126;
const next = (n: number) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};
const VARIANTS = [
  { competitorRate: '1.2650' }, // a saving
  { competitorRate: '1.2750' }, // a loss: the competitor is cheaper
  { competitorRate: '1.2600', offMarket: true }, // kept out of totals
  { competitorRate: '1.2690', amount: '250000', tradesPerYear: 12 },
  { pair: 'EURUSD' as const, yourRate: '1.0800', competitorRate: '1.0750', gbpPerUnit: '0.84360000' },
];

function row(userId: string, at: Date) {
  const v = VARIANTS[next(VARIANTS.length)]!;
  const input = {
    id: randomUUID(),
    pair: v.pair ?? ('GBPUSD' as const),
    yourRate: v.yourRate ?? '1.2700',
    competitorRate: v.competitorRate,
    amount: v.amount ?? '500000',
    tradesPerYear: v.tradesPerYear ?? 52,
    marginPips: 0 as const,
    comparisonDate: at.toISOString().slice(0, 10),
  };
  const r = calculateSavings(input);
  const client = next(6) === 0 ? null : `Client ${next(9)} Ltd`;
  return {
    id: input.id,
    user_id: userId,
    company_id: companyId,
    client_name: client,
    normalized_client_name: client ? normaliseCompanyName(client) : null,
    currency_pair: input.pair,
    calculation_data: JSON.stringify(toStoredCalculation(input, r)),
    trade_details: JSON.stringify({}),
    savings_amount: r.annualSavings,
    live_rate: 1.2712,
    rate_source: 'simulated',
    rate_at: at,
    created_at: at,
    off_market: v.offMarket ?? false,
    gbp_per_unit: v.gbpPerUnit ?? '1',
  };
}

/** `count` pitches at random instants from `from` for `days` days, by the members given, saved in one statement
 * (the rollups' statement triggers then add many pitches of one broker-day, and of one week, at once). */
async function saveMany(members: string[], from: string, days: number, count: number) {
  const start = new Date(`${from}T00:00:00Z`).getTime();
  const rows = Array.from({ length: count }, () =>
    row(members[next(members.length)]!, new Date(start + next(days * 24 * 60) * 60_000 + next(60_000))),
  );
  await h.t.db.insertInto('calculations').values(rows).execute();
  return rows.map((r) => r.id);
}

/** Per active broker (role junior, is_active), each span's figures summed over the calculations themselves. */
async function straightSums(current: DateSpan, previous: DateSpan): Promise<SumsRow[]> {
  const period = (span: DateSpan) => sql`london_day(c.created_at) BETWEEN ${span.start}::date AND ${span.end}::date`;
  // Pips of the on-market pitches; an off-market one adds 0.0, as a day of off-market pitches only holds 0.0 (a
  // range without any pitch sums to 0).
  // Averages are over the counted pitches only, the savings (issue 31 §5).
  const pips = sql`CASE WHEN c.standing = 'saving' THEN (c.calculation_data ->> 'difference_in_pips')::numeric ELSE 0.0 END`;
  const { rows } = await sql<SumsRow>`
    SELECT c.user_id,
      count(*) FILTER (WHERE ${period(current)})::int AS calcs,
      coalesce(sum(c.counted_savings_gbp) FILTER (WHERE ${period(current)}), 0)::text AS savings,
      coalesce(sum(${pips}) FILTER (WHERE ${period(current)}), 0)::text AS pips,
      count(*) FILTER (WHERE ${period(current)} AND c.standing = 'saving')::int AS included,
      count(*) FILTER (WHERE ${period(current)} AND c.standing = 'loss')::int AS losses,
      count(*) FILTER (WHERE ${period(current)} AND c.standing IN ('off_market', 'below_mid'))::int AS excluded,
      count(*) FILTER (WHERE ${period(previous)})::int AS prev_calcs,
      coalesce(sum(c.counted_savings_gbp) FILTER (WHERE ${period(previous)}), 0)::text AS prev_savings,
      coalesce(sum(${pips}) FILTER (WHERE ${period(previous)}), 0)::text AS prev_pips,
      count(*) FILTER (WHERE ${period(previous)} AND c.standing = 'saving')::int AS prev_included,
      count(*) FILTER (WHERE ${period(previous)} AND c.standing = 'loss')::int AS prev_losses,
      count(*) FILTER (WHERE ${period(previous)} AND c.standing IN ('off_market', 'below_mid'))::int AS prev_excluded
    FROM calculations c
    JOIN user_profiles u ON u.id = c.user_id
    WHERE c.company_id = ${companyId} AND u.role_type = 'junior' AND u.is_active
      AND london_day(c.created_at) BETWEEN ${previous.start}::date AND ${current.end}::date
    GROUP BY c.user_id`.execute(h.t.db);
  return rows;
}

/** The chart straight from the calculations: the span's 8 busiest active brokers per day, everyone else together. */
async function straightChart(span: DateSpan): Promise<ChartRow[]> {
  const { rows } = await sql<ChartRow>`
    WITH r AS (
      SELECT c.user_id, london_day(c.created_at)::text AS day
      FROM calculations c JOIN user_profiles u ON u.id = c.user_id
      WHERE c.company_id = ${companyId} AND u.role_type = 'junior' AND u.is_active
        AND london_day(c.created_at) BETWEEN ${span.start}::date AND ${span.end}::date
    ), top AS (
      SELECT user_id FROM r GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT ${CHART_BROKERS}
    )
    SELECT day, CASE WHEN user_id IN (SELECT user_id FROM top) THEN user_id END AS user_id, count(*)::int AS calcs
    FROM r GROUP BY 1, 2`.execute(h.t.db);
  return rows;
}

const byUser = (rows: SumsRow[]) => [...rows].sort((a, b) => a.user_id.localeCompare(b.user_id));
const byDayAndUser = (rows: ChartRow[]) =>
  [...rows].sort((a, b) => a.day.localeCompare(b.day) || String(a.user_id).localeCompare(String(b.user_id)));

// Moments in London: a Wednesday and a Thursday (every range starts and ends mid-week), a Sunday (the current week
// whole), a Monday (the current week one day), and a Wednesday in BST (days that start at 23:00 UTC).
const MOMENTS = [
  '2026-11-25T12:00:00Z',
  '2026-11-26T23:30:00Z',
  '2026-11-29T20:00:00Z',
  '2026-11-30T09:00:00Z',
  '2026-07-15T23:30:00Z',
];

async function expectSameAsStraightSums() {
  for (const at of MOMENTS) {
    const now = new Date(at);
    for (const range of DASHBOARD_RANGES) {
      const { current, previous } = dashboardPeriods(range, londonDateOf(now));
      const label = `${range} at ${at}`;
      expect(byUser(await dashboardSums(h.t.db, scopeOf(adminActor()), current, previous)), label).toEqual(
        byUser(await straightSums(current, previous)),
      );
      expect(byDayAndUser(await chartRows(h.t.db, scopeOf(adminActor()), current)), label).toEqual(
        byDayAndUser(await straightChart(current)),
      );
    }
  }
}

/** The weekly rows as kept equal the weekly rows built afresh from the day rows (calculation_user_weeks_build). */
async function expectWeeksAsBuilt() {
  const weeks = async () =>
    (
      await sql<Record<string, unknown>>`
        SELECT week::text, user_id, calculations, annual_savings::text, pips::text, included, losses, excluded
        FROM calculation_user_weeks WHERE company_id = ${companyId} ORDER BY 1, 2`.execute(h.t.db)
    ).rows;
  const kept = await weeks();
  await sql`SELECT calculation_user_weeks_build(${companyId})`.execute(h.t.db);
  expect(kept).toEqual(await weeks());
  expect(kept.length).toBeGreaterThan(0);
}

describe('the dashboard from weeks and loose days', () => {
  it('sums a range exactly as its calculations add up, through saves, deletions and rebuilds', async () => {
    // Two quarters and more before the latest moment, every member pitching (the admin and the leaver too: neither
    // is on the dashboard once the leaver is deactivated), in bulk statements that cross weeks.
    const everyone = [...brokers, admin, leaver];
    await saveMany(everyone, '2026-03-01', 120, 400);
    const late = await saveMany(everyone, '2026-06-29', 155, 700);
    // One broker pitching most, another only lately: the chart's ranking differs by range.
    await saveMany([brokers[0]!], '2026-05-01', 215, 80);
    await saveMany([brokers[1]!], '2026-11-16', 15, 60);
    await h.t.db.updateTable('user_profiles').set({ is_active: false }).where('id', '=', leaver).execute();
    await expectWeeksAsBuilt();
    await expectSameAsStraightSums();

    // Deletions: single pitches, then every pitch of one broker in one statement (retention), then a member removed
    // (their rollup rows go by the cascade, and the trigger's UPDATEs find nothing to write back).
    for (const id of late.slice(0, 40)) await h.t.db.deleteFrom('calculations').where('id', '=', id).execute();
    await h.t.db.deleteFrom('calculations').where('id', 'in', late.slice(40, 200)).execute();
    await h.t.db.deleteFrom('calculations').where('user_id', '=', brokers[2]!).execute();
    await h.t.db.deleteFrom('user_profiles').where('id', '=', brokers[3]!).execute();
    await expectWeeksAsBuilt();
    await expectSameAsStraightSums();
    const left = await h.t.db
      .selectFrom('calculation_user_weeks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', 'in', [brokers[2]!, brokers[3]!])
      .executeTakeFirstOrThrow();
    expect(left.n).toBe(0);

    // Saves again after the deletions, and a rebuild of the day rows (TRUNCATE, then the build migration 0035 runs
    // for calculations loaded without triggers): the weeks are rebuilt with them.
    await saveMany(
      brokers.filter((b) => b !== brokers[3]),
      '2026-09-07',
      85,
      150,
    );
    await sql`TRUNCATE calculation_user_days, calculation_clients`.execute(h.t.db);
    await sql`SELECT calculation_rollups_build(NULL)`.execute(h.t.db);
    await expectWeeksAsBuilt();
    await expectSameAsStraightSums();
  });

  it('the dashboard itself: the brokers, totals and chart of the sums', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const d = await dashboardActivity(h.t.db, adminActor(), 'lastQuarter', now);
    const straight = await straightSums(d.current, d.previous);
    const total = (f: (r: SumsRow) => number) => straight.reduce((s, r) => s + f(r), 0);
    expect(d.totals.calculations.current).toBe(String(total((r) => r.calcs)));
    expect(d.totals.calculations.previous).toBe(String(total((r) => r.prev_calcs)));
    expect(d.totals.losses.current).toBe(String(total((r) => r.losses)));
    expect(d.totals.savings.current).toBe(
      String(straight.reduce((s, r) => s + Math.round(Number(r.savings) * 100), 0) / 100),
    );
    for (const r of straight) {
      const b = d.brokers.find((x) => x.id === r.user_id);
      expect(b?.calculations).toMatchObject({ current: String(r.calcs), previous: String(r.prev_calcs) });
    }
    expect(d.chart.days).toHaveLength(90);
    expect(d.chart.series).toHaveLength(CHART_BROKERS + 1);
    expect(d.chart.series.at(-1)?.name).toBe('Other brokers');
    const charted = d.chart.series.flatMap((s) => s.counts).reduce((a, b) => a + b, 0);
    expect(charted).toBe(total((r) => r.calcs));
  });
});
