import { type DateSpan, datesOf } from '@pippitch/shared/activity-periods';
import type { Database } from '@pippitch/sql';
import { type ChartRow, chartDayRows } from '../../queries/activity/dashboard-chart';
import type { Scope } from '../../queries/scope';

export { CHART_BROKERS, type ChartRow } from '../../queries/activity/dashboard-chart';

/** Calculations per London day of the range: the busiest brokers each, then everyone else together. */
export interface DashboardChart {
  days: string[];
  series: { name: string; counts: number[] }[];
}

/** The chart's lines in order of their totals, 'Other brokers' last, each with a count for every day of the span. */
export function dashboardChart(
  span: DateSpan,
  brokers: readonly { id: string; name: string }[],
  rows: readonly ChartRow[],
): DashboardChart {
  const days = datesOf(span);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const names = new Map(brokers.map((b) => [b.id, b.name]));
  const lines = new Map<string | null, number[]>();
  for (const r of rows) {
    const day = dayIndex.get(String(r.day));
    if (day === undefined) continue;
    let counts = lines.get(r.user_id);
    if (!counts) {
      counts = days.map(() => 0);
      lines.set(r.user_id, counts);
    }
    counts[day] = (counts[day] ?? 0) + r.calcs;
  }
  const total = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
  const series = [...lines]
    .filter(([id]) => id !== null)
    .sort(([a, x], [b, y]) => total(y) - total(x) || String(a).localeCompare(String(b)))
    .map(([id, counts]) => ({ name: names.get(id ?? '') ?? 'Broker', counts }));
  const others = lines.get(null);
  if (others) series.push({ name: 'Other brokers', counts: others });
  return { days, series };
}

/**
 * The chart's rows for a span (queries/activity/dashboard-chart.ts): the busiest brokers' days as they are, and
 * 'everyone else' as each day's total less the busiest brokers'.
 */
export async function chartRows(db: Database, scope: Scope, span: DateSpan): Promise<ChartRow[]> {
  const rows = await chartDayRows(db, scope, span);
  // The busiest brokers' rows as they are, and per day everyone else: the day's total less theirs.
  const theirs = new Map<string, number>();
  for (const r of rows) if (r.user_id !== null) theirs.set(r.day, (theirs.get(r.day) ?? 0) + r.calcs);
  return rows.flatMap((r) => {
    if (r.user_id !== null) return [r];
    const others = r.calcs - (theirs.get(r.day) ?? 0);
    return others > 0 ? [{ ...r, calcs: others }] : [];
  });
}
