import { type DashboardRange, type DateSpan, dashboardPeriods } from '@pippitch/shared/activity-periods';
import { Dec } from '@pippitch/shared/decimal';
import { growthText } from '@pippitch/shared/growth';
import { lastActiveText } from '@pippitch/shared/last-active';
import { londonDateOf } from '@pippitch/shared/time';
import { averagePips } from '@pippitch/shared/totals';
import type { Database } from '@pippitch/sql';
import { activeBrokers, type ClientCounts, clientCounts } from '../../queries/activity/dashboard';
import { dashboardSums, type SumsRow } from '../../queries/activity/dashboard-sums';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { chartRows, type DashboardChart, dashboardChart } from './dashboard-chart';

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
  totals: DashboardFigures;
  brokers: BrokerActivity[];
  /** Calculations per London day of the range: the busiest brokers each, then everyone else together. */
  chart: DashboardChart;
}

/** The figures a broker and the team each show, every one beside its previous range. */
type FigureName = 'calculations' | 'clients' | 'savings' | 'averagePips' | 'losses' | 'excluded';
export type DashboardFigures = Pick<BrokerActivity, FigureName>;

// One range's sums, field by field: counts are added as numbers, money and pips as exact decimals.
const COUNTS = ['calculations', 'clients', 'included', 'losses', 'excluded'] as const;
const DECIMALS = ['savings', 'pips'] as const;
type Sums = Record<(typeof COUNTS)[number], number> & Record<(typeof DECIMALS)[number], string>;

/** A broker's (or the team's) sums over the range and over the previous range. */
interface RangeSums {
  current: Sums;
  previous: Sums;
}

/** Each figure as read from one range's sums: most are a sum as it is; average pips is pips over included. */
const FIGURES: Record<FigureName, (s: Sums) => string | number> = {
  calculations: (s) => s.calculations,
  clients: (s) => s.clients,
  savings: (s) => s.savings,
  averagePips: (s) => averagePips(s.pips, s.included),
  losses: (s) => s.losses,
  excluded: (s) => s.excluded,
};

function recordOf<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  return Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, V>;
}

/**
 * Sums added field by field. Money and pips are added as decimals and written out once (Dec.toFixed() is exact: the
 * same figures as writing out every partial sum, without parsing one again for each broker). No sums: all zero.
 */
function addSums(all: readonly Sums[]): Sums {
  return {
    ...recordOf(COUNTS, (k) => all.reduce((n, s) => n + s[k], 0)),
    ...recordOf(DECIMALS, (k) => all.reduce((d, s) => d.plus(s[k]), new Dec(0)).toFixed()),
  };
}

const NONE: RangeSums = { current: addSums([]), previous: addSums([]) };

function figures({ current, previous }: RangeSums): DashboardFigures {
  return recordOf(Object.keys(FIGURES) as FigureName[], (name) => {
    const c = FIGURES[name](current);
    const p = FIGURES[name](previous);
    return { current: String(c), previous: String(p), growth: growthText(c, p) };
  });
}

/** A broker's sums of both ranges: dashboardSums's row (the previous range's columns are `prev_`) and their clients. */
function brokerSums(r: SumsRow, clients: ClientCounts | undefined): RangeSums {
  return {
    current: {
      calculations: r.calcs,
      clients: clients?.clients ?? 0,
      savings: r.savings,
      pips: r.pips,
      included: r.included,
      losses: r.losses,
      excluded: r.excluded,
    },
    previous: {
      calculations: r.prev_calcs,
      clients: clients?.prevClients ?? 0,
      savings: r.prev_savings,
      pips: r.prev_pips,
      included: r.prev_included,
      losses: r.prev_losses,
      excluded: r.prev_excluded,
    },
  };
}

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
  actor: Actor,
  range: DashboardRange,
  now: Date,
): Promise<DashboardActivity> {
  const { current, previous } = dashboardPeriods(range, londonDateOf(now));
  // Independent reads, sent together (each on its own pooled connection). The sums hold only active brokers (their
  // join), both ranges in one pass over whole weeks and loose days (dashboard-sums.ts).
  const scope = scopeOf(actor);
  const [brokers, sums, clients, chartRowsRead] = await Promise.all([
    activeBrokers(db, scope),
    dashboardSums(db, scope, current, previous),
    clientCounts(db, scope, current, previous),
    chartRows(db, scope, current),
  ]);
  // The clients read holds every member's pairs; a broker's count only through their sums row, so only active
  // brokers' clients are counted. The team's figure is the sum of the brokers' (docs/decisions.md, Activity).
  const clientsOf = new Map(clients.map((c) => [c.userId, c]));
  const sumsOf = new Map(sums.map((r) => [r.user_id, brokerSums(r, clientsOf.get(r.user_id))]));
  // The team's figures are the brokers' summed here (exact decimals): cheaper than a second grouping in SQL, which
  // made PostgreSQL sort every broker-day of both ranges.
  const team = [...sumsOf.values()];
  const totals = figures({
    current: addSums(team.map((t) => t.current)),
    previous: addSums(team.map((t) => t.previous)),
  });
  const perBroker = brokers.map((b): BrokerActivity => {
    const lastAt = b.lastAt ? new Date(b.lastAt) : null;
    return {
      id: b.id,
      name: b.fullName,
      email: b.email,
      ...figures(sumsOf.get(b.id) ?? NONE),
      lastActiveAt: lastAt?.toISOString() ?? null,
      lastActive: lastActiveText(lastAt, now),
    };
  });
  return {
    range,
    current,
    previous,
    totals,
    brokers: perBroker,
    chart: dashboardChart(current, perBroker, chartRowsRead),
  };
}
