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
import { chartRows, type DashboardChart, dashboardChart } from './dashboard-chart';
import { dashboardSums } from './dashboard-sums';

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
 * docs/decisions.md) and for the team. Reads the rollups of migrations 0012 and 0048, scoped to the caller's
 * company: sums per broker over both ranges' whole weeks and loose days (the team's summed from them), distinct
 * clients from a bit per day per (broker, client) (the team's = the sum of its brokers'), and the chart from the
 * broker-days of the range.
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

  // Sums per broker, both ranges in one pass over their whole weeks and loose days (dashboard-sums.ts).
  const sumsQuery = dashboardSums(db, actor.companyId, current, previous);
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
  // Independent reads, sent together (each on its own pooled connection).
  const [brokers, sums, clientCounts, chartRowsRead] = await Promise.all([
    brokersQuery,
    sumsQuery,
    clientsQuery,
    chartRows(db, actor.companyId, current),
  ]);
  // Only the company's pairs were read; sums holds only active brokers (its join), so they alone are counted.
  const clientsOf = new Map(clientCounts.map((r) => [r.user_id, r]));
  const rows = sums.map((r) => {
    const c = clientsOf.get(r.user_id);
    return { ...r, clients: c?.clients ?? 0, prev_clients: c?.prev_clients ?? 0 };
  });
  // The team's figures are the brokers' summed here (exact decimals): cheaper than a second grouping in SQL, which
  // made PostgreSQL sort every broker-day of both ranges.
  // Its money and pips are added as decimals and written out once (Dec.toFixed() is exact: the same figures as
  // writing out every partial sum, without parsing one again for each broker).
  const teamAcc = rows.reduce(
    (t, r) => {
      t.calcs += r.calcs;
      t.savings = t.savings.plus(r.savings);
      t.pips = t.pips.plus(r.pips);
      t.prev_calcs += r.prev_calcs;
      t.prev_savings = t.prev_savings.plus(r.prev_savings);
      t.prev_pips = t.prev_pips.plus(r.prev_pips);
      t.clients += r.clients;
      t.prev_clients += r.prev_clients;
      t.included += r.included;
      t.losses += r.losses;
      t.excluded += r.excluded;
      t.prev_included += r.prev_included;
      t.prev_losses += r.prev_losses;
      t.prev_excluded += r.prev_excluded;
      return t;
    },
    {
      calcs: 0,
      savings: new Dec(0),
      pips: new Dec(0),
      prev_calcs: 0,
      prev_savings: new Dec(0),
      prev_pips: new Dec(0),
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
  const team = {
    ...teamAcc,
    savings: teamAcc.savings.toFixed(),
    pips: teamAcc.pips.toFixed(),
    prev_savings: teamAcc.prev_savings.toFixed(),
    prev_pips: teamAcc.prev_pips.toFixed(),
  };

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
    chart: dashboardChart(current, perBroker, chartRowsRead),
  };
}
