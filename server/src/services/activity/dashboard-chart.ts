import { type DateSpan, datesOf } from '@pippitch/shared/activity-periods';

/** How many brokers get a line of their own in the chart; the rest are summed as 'Other brokers'. */
export const CHART_BROKERS = 8;

/** Calculations per London day of the range: the busiest brokers each, then everyone else together. */
export interface DashboardChart {
  days: string[];
  series: { name: string; counts: number[] }[];
}

/** One broker's range as the dashboard's sums query reads it: the total, and each broker-day of the range. */
export interface BrokerDays {
  user_id: string;
  calcs: number;
  days: string[] | null;
  day_calcs: number[] | null;
}

/**
 * The chart from the broker-days the sums query already read (no second pass over them): the range's busiest
 * brokers each get a line, in order of their totals; everyone else is summed into one.
 */
export function dashboardChart(
  span: DateSpan,
  brokers: readonly { id: string; name: string }[],
  sums: readonly BrokerDays[],
): DashboardChart {
  const days = datesOf(span);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const names = new Map(brokers.map((b) => [b.id, b.name]));
  const top = new Set(
    sums
      .filter((r) => r.calcs > 0)
      .sort((a, b) => b.calcs - a.calcs || a.user_id.localeCompare(b.user_id))
      .slice(0, CHART_BROKERS)
      .map((r) => r.user_id),
  );
  const lines = new Map<string | null, number[]>();
  for (const r of sums) {
    const line = top.has(r.user_id) ? r.user_id : null;
    (r.days ?? []).forEach((day, i) => {
      const at = dayIndex.get(day);
      if (at === undefined) return;
      let counts = lines.get(line);
      if (!counts) {
        counts = days.map(() => 0);
        lines.set(line, counts);
      }
      counts[at] = (counts[at] ?? 0) + (r.day_calcs?.[i] ?? 0);
    });
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
