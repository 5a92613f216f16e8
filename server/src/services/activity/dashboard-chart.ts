import { type DateSpan, datesOf } from '@pippitch/shared/activity-periods';

/** How many brokers get a line of their own in the chart; the rest are summed as 'Other brokers'. */
export const CHART_BROKERS = 8;

/** Calculations per London day of the range: the busiest brokers each, then everyone else together. */
export interface DashboardChart {
  days: string[];
  series: { name: string; counts: number[] }[];
}

/** One day of one line as the chart query reads it: a top broker's id, or null for everyone else together. */
export interface ChartRow {
  day: string;
  user_id: string | null;
  calcs: number;
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
