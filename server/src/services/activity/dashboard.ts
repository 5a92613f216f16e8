import { type DashboardRange, type DateSpan, dashboardPeriods } from '@pippitch/shared/activity-periods';
import { Dec } from '@pippitch/shared/decimal';
import { growthText } from '@pippitch/shared/growth';
import { lastActiveText } from '@pippitch/shared/last-active';
import { londonDateOf } from '@pippitch/shared/time';
import { averagePips } from '@pippitch/shared/totals';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Actor } from '../actor';
import { STORED_BROKER } from '../stored-role';
import { CHART_BROKERS, type ChartRow, type DashboardChart, dashboardChart } from './dashboard-chart';

/** A figure of the range beside the previous range of the same length, and the spec's growth text. */
export interface Figure {
  current: string;
  previous: string;
  growth: string;
}

export interface BrokerActivity {
  id: string;
  name: string;
  email: string;
  calculations: Figure;
  clients: Figure;
  /**
   * Annual savings of the pitches where we are cheaper (on-market rates only), in pounds (EUR/USD converted at the
   * mid each calculation used), as a decimal string (shown as whole pounds).
   */
  savings: Figure;
  /** Average pips over the range's included (on-market) calculations, one decimal; '0' when there were none. */
  averagePips: Figure;
  /** Pitches where the competitor was cheaper: counted, never added to savings. */
  losses: Figure;
  /** Pitches with an off-market competitor rate: kept out of savings and averages. */
  excluded: Figure;
  lastActiveAt: string | null;
  lastActive: string;
}

export interface DashboardActivity {
  range: DashboardRange;
  current: DateSpan;
  previous: DateSpan;
  totals: Omit<BrokerActivity, 'id' | 'name' | 'email' | 'lastActiveAt' | 'lastActive'>;
  brokers: BrokerActivity[];
  /** Calculations per London day of the range: the busiest brokers each, then everyone else together. */
  chart: DashboardChart;
}

interface Sums {
  calculations: number;
  clients: number;
  savings: string;
  pips: string;
  included: number;
  losses: number;
  excluded: number;
}

function figures(cur: Sums, prev: Sums): Omit<BrokerActivity, 'id' | 'name' | 'email' | 'lastActiveAt' | 'lastActive'> {
  const fig = (c: string | number, p: string | number): Figure => ({
    current: String(c),
    previous: String(p),
    growth: growthText(c, p),
  });
  return {
    calculations: fig(cur.calculations, prev.calculations),
    clients: fig(cur.clients, prev.clients),
    savings: fig(cur.savings, prev.savings),
    averagePips: fig(averagePips(cur.pips, cur.included), averagePips(prev.pips, prev.included)),
    losses: fig(cur.losses, prev.losses),
    excluded: fig(cur.excluded, prev.excluded),
  };
}

const NONE: Sums = { calculations: 0, clients: 0, savings: '0', pips: '0', included: 0, losses: 0, excluded: 0 };

/**
 * The admin dashboard's activity for one range of London days and the previous range of the same length: per
 * active broker (role junior, is_active — deactivated members and admins are not on the dashboard, spec §6 and
 * docs/decisions.md) and for the team. Reads the per-day rollups of migration 0012, scoped to the caller's company:
 * sums per broker over the broker-days of both ranges (the team's summed from them), distinct clients from a bit per day per
 * (broker, client) (the team's = the sum of its brokers'), and the chart from the sums' table.
 */
export async function dashboardActivity(
  db: Database,
  actor: Pick<Actor, 'companyId'>,
  range: DashboardRange,
  now: Date,
): Promise<DashboardActivity> {
  const { current, previous } = dashboardPeriods(range, londonDateOf(now));
  const brokersQuery = db
    .selectFrom('user_profiles as u')
    .select([
      'u.id',
      'u.full_name',
      'u.email',
      (eb) =>
        eb
          .selectFrom('calculation_user_days as d')
          .select('d.last_at')
          .whereRef('d.user_id', '=', 'u.id')
          .orderBy('d.day', 'desc')
          .limit(1)
          .as('last_at'),
    ])
    .where('u.company_id', '=', actor.companyId)
    .where('u.role_type', '=', STORED_BROKER)
    .where('u.is_active', '=', true)
    .orderBy('u.full_name')
    .orderBy('u.id')
    .execute();

  const inRange = sql<boolean>`d.day >= ${current.start}::date`;
  const inPrevious = sql<boolean>`d.day < ${current.start}::date`;
  const both = sql<boolean>`d.day BETWEEN ${previous.start}::date AND ${current.end}::date`;
  const activeBroker = (qb: 'u') =>
    sql<boolean>`${sql.ref(`${qb}.company_id`)} = ${actor.companyId} AND ${sql.ref(`${qb}.role_type`)} = ${STORED_BROKER} AND ${sql.ref(`${qb}.is_active`)}`;
  // Sums per broker and for the team, both ranges in one pass over at most one row per broker and day.
  const sumsQuery = db
    .selectFrom('calculation_user_days as d')
    .innerJoin('user_profiles as u', 'u.id', 'd.user_id')
    .select([
      'd.user_id',
      sql<number>`coalesce(sum(d.calculations) FILTER (WHERE ${inRange}), 0)::int`.as('calcs'),
      sql<string>`coalesce(sum(d.annual_savings) FILTER (WHERE ${inRange}), 0)::text`.as('savings'),
      sql<string>`coalesce(sum(d.pips) FILTER (WHERE ${inRange}), 0)::text`.as('pips'),
      sql<number>`coalesce(sum(d.calculations) FILTER (WHERE ${inPrevious}), 0)::int`.as('prev_calcs'),
      sql<string>`coalesce(sum(d.annual_savings) FILTER (WHERE ${inPrevious}), 0)::text`.as('prev_savings'),
      sql<string>`coalesce(sum(d.pips) FILTER (WHERE ${inPrevious}), 0)::text`.as('prev_pips'),
      sql<number>`coalesce(sum(d.included) FILTER (WHERE ${inRange}), 0)::int`.as('included'),
      sql<number>`coalesce(sum(d.losses) FILTER (WHERE ${inRange}), 0)::int`.as('losses'),
      sql<number>`coalesce(sum(d.excluded) FILTER (WHERE ${inRange}), 0)::int`.as('excluded'),
      sql<number>`coalesce(sum(d.included) FILTER (WHERE ${inPrevious}), 0)::int`.as('prev_included'),
      sql<number>`coalesce(sum(d.losses) FILTER (WHERE ${inPrevious}), 0)::int`.as('prev_losses'),
      sql<number>`coalesce(sum(d.excluded) FILTER (WHERE ${inPrevious}), 0)::int`.as('prev_excluded'),
    ])
    .where('d.company_id', '=', actor.companyId)
    .where(both)
    .where(activeBroker('u'))
    .groupBy('d.user_id')
    .execute();
  // Distinct clients per broker: one row per (broker, client) with a bit per London day pitched, so each range is
  // one bit test per pair. The team's figure is the sum of the brokers' (docs/decisions.md, Activity).
  // Distinct clients per broker in both ranges. The current range ends today, so a pair pitched on or after its
  // first day is in it (its newest day says so, no bit test) unless that day is later than the range's end (a
  // moved clock); only the previous range needs the bit test.
  const clientsQuery = db
    .selectFrom('calculation_clients as c')
    .select([
      'c.user_id',
      sql<number>`(count(*) FILTER (WHERE c.last_day >= ${current.start}::date AND (c.last_day <= ${current.end}::date
        OR activity_days_any(c.days, ${current.start}::date, ${current.end}::date))))::int`.as('clients'),
      sql<number>`(count(*) FILTER (WHERE activity_days_any(c.days, ${previous.start}::date, ${previous.end}::date)))::int`.as(
        'prev_clients',
      ),
    ])
    .where('c.company_id', '=', actor.companyId)
    .where('c.last_day', '>=', previous.start)
    .groupBy('c.user_id')
    .execute();
  // The chart: the range's busiest brokers each get a line, everyone else is summed as one (NULL). It picks the
  // busiest itself rather than from the sums, so it runs beside them instead of after them (the quarter's p50 was
  // the sums' 36 ms plus the chart's 14 ms one after the other, bench activity). Aggregating the chart's days into
  // the sums pass instead (array_agg) was measured slower: 1.16–1.30× on the quarter.
  const chartQuery = sql<ChartRow>`
    WITH r AS (
      SELECT d.user_id, d.day, d.calculations
      FROM calculation_user_days d
      JOIN user_profiles u ON u.id = d.user_id
      WHERE d.company_id = ${actor.companyId} AND d.day BETWEEN ${current.start}::date AND ${current.end}::date
        AND ${activeBroker('u')}
    ), top AS (
      SELECT user_id FROM r GROUP BY user_id HAVING sum(calculations) > 0
      ORDER BY sum(calculations) DESC, user_id LIMIT ${CHART_BROKERS}
    )
    SELECT r.day, CASE WHEN r.user_id IN (SELECT user_id FROM top) THEN r.user_id END AS user_id,
           sum(r.calculations)::int AS calcs
    FROM r GROUP BY 1, 2`.execute(db);
  // Independent reads, sent together (each on its own pooled connection).
  const [brokers, sums, clientCounts, chartRows] = await Promise.all([
    brokersQuery,
    sumsQuery,
    clientsQuery,
    chartQuery.then((r) => r.rows),
  ]);
  // Only the company's pairs were read; sums holds only active brokers (its join), so they alone are counted.
  const clientsOf = new Map(clientCounts.map((r) => [r.user_id, r]));
  const rows = sums.map((r) => {
    const c = clientsOf.get(r.user_id);
    return { ...r, clients: c?.clients ?? 0, prev_clients: c?.prev_clients ?? 0 };
  });
  // The team's figures are the brokers' summed here (exact decimals): cheaper than a second grouping in SQL, which
  // made PostgreSQL sort every broker-day of both ranges.
  const team = rows.reduce(
    (t, r) => ({
      calcs: t.calcs + r.calcs,
      savings: new Dec(t.savings).plus(r.savings).toFixed(),
      pips: new Dec(t.pips).plus(r.pips).toFixed(),
      prev_calcs: t.prev_calcs + r.prev_calcs,
      prev_savings: new Dec(t.prev_savings).plus(r.prev_savings).toFixed(),
      prev_pips: new Dec(t.prev_pips).plus(r.prev_pips).toFixed(),
      clients: t.clients + r.clients,
      prev_clients: t.prev_clients + r.prev_clients,
      included: t.included + r.included,
      losses: t.losses + r.losses,
      excluded: t.excluded + r.excluded,
      prev_included: t.prev_included + r.prev_included,
      prev_losses: t.prev_losses + r.prev_losses,
      prev_excluded: t.prev_excluded + r.prev_excluded,
    }),
    {
      calcs: 0,
      savings: '0',
      pips: '0',
      prev_calcs: 0,
      prev_savings: '0',
      prev_pips: '0',
      clients: 0,
      prev_clients: 0,
      included: 0,
      losses: 0,
      excluded: 0,
      prev_included: 0,
      prev_losses: 0,
      prev_excluded: 0,
    },
  );

  type Row = Omit<(typeof rows)[number], 'user_id'>;
  const cur = (r: Row): Sums => ({
    calculations: r.calcs,
    clients: r.clients,
    savings: r.savings,
    pips: r.pips,
    included: r.included,
    losses: r.losses,
    excluded: r.excluded,
  });
  const prev = (r: Row): Sums => ({
    calculations: r.prev_calcs,
    clients: r.prev_clients,
    savings: r.prev_savings,
    pips: r.prev_pips,
    included: r.prev_included,
    losses: r.prev_losses,
    excluded: r.prev_excluded,
  });
  const byUser = new Map(rows.map((r) => [r.user_id, r]));

  const perBroker: BrokerActivity[] = brokers.map((b) => {
    const r = byUser.get(b.id);
    const lastAt = b.last_at ? new Date(b.last_at) : null;
    return {
      id: b.id,
      name: b.full_name,
      email: b.email,
      ...figures(r ? cur(r) : NONE, r ? prev(r) : NONE),
      lastActiveAt: lastAt?.toISOString() ?? null,
      lastActive: lastActiveText(lastAt, now),
    };
  });

  return {
    range,
    current,
    previous,
    totals: figures(cur(team), prev(team)),
    brokers: perBroker,
    chart: dashboardChart(current, perBroker, chartRows),
  };
}
