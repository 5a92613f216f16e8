import { type DateSpan, datesOf, weeksAndDays } from '@pippitch/shared/activity-periods';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { STORED_BROKER } from '../stored-role';

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

/**
 * The chart's rows for a span, in one query that needs no other read (so it runs beside the dashboard's others):
 *   - its CHART_BROKERS busiest active brokers (most calculations over the span, then by id; none without one),
 *     ranked from the span's whole weeks and loose days as the sums are (dashboard-sums.ts), and their broker-days
 *     (at most 8 × 90) read from their own index;
 *   - the day's total of all the company's active brokers (user_id null), summed over the span's broker-days (a
 *     quarter: 18,000 for 200 brokers) grouped by day alone, leaving the company's other members out by a short
 *     list (admins, deactivated members) read once instead of joining every broker-day to its member (a member never
 *     changes company, so the company's day rows are its own members').
 * 'Everyone else' is each day's total less the busiest brokers' (chartRows). The chart used to read every broker-day
 * of the range twice, joined to its member, to rank and to sum: as long a query as the sums' (43 ms against ~10 ms
 * for this on the bench's quarter, loaded machine).
 */
export async function chartRows(db: Database, companyId: string, span: DateSpan): Promise<ChartRow[]> {
  const { weeks, days } = weeksAndDays(span);
  const ranked = [
    ...(weeks
      ? [
          sql`SELECT w.user_id, w.calculations FROM calculation_user_weeks w
              WHERE w.company_id = ${companyId} AND w.week >= ${weeks.start}::date AND w.week <= ${weeks.end}::date`,
        ]
      : []),
    ...(days.length > 0
      ? [
          sql`SELECT d.user_id, d.calculations FROM calculation_user_days d
              WHERE d.company_id = ${companyId} AND d.day = ANY(${days.flatMap(datesOf)}::date[])`,
        ]
      : []),
  ];
  const { rows } = await sql<ChartRow>`
    WITH top AS (
      SELECT r.user_id FROM (${sql.join(ranked, sql` UNION ALL `)}) r
      JOIN user_profiles u ON u.id = r.user_id
      WHERE u.company_id = ${companyId} AND u.role_type = ${STORED_BROKER} AND u.is_active
      GROUP BY r.user_id HAVING sum(r.calculations) > 0
      ORDER BY sum(r.calculations) DESC, r.user_id LIMIT ${CHART_BROKERS}
    )
    SELECT d.day, d.user_id, d.calculations AS calcs
    FROM calculation_user_days d
    WHERE d.user_id IN (SELECT user_id FROM top) AND d.company_id = ${companyId}
      AND d.day >= ${span.start}::date AND d.day <= ${span.end}::date
    UNION ALL
    SELECT d.day, NULL, sum(d.calculations)::int
    FROM calculation_user_days d
    WHERE d.company_id = ${companyId} AND d.day >= ${span.start}::date AND d.day <= ${span.end}::date
      AND d.user_id <> ALL (ARRAY(
        SELECT u.id FROM user_profiles u
        WHERE u.company_id = ${companyId} AND NOT (u.role_type = ${STORED_BROKER} AND u.is_active)))
    GROUP BY d.day`.execute(db);
  // The busiest brokers' rows as they are, and per day everyone else: the day's total less theirs.
  const theirs = new Map<string, number>();
  for (const r of rows) if (r.user_id !== null) theirs.set(r.day, (theirs.get(r.day) ?? 0) + r.calcs);
  return rows.flatMap((r) => {
    if (r.user_id !== null) return [r];
    const others = r.calcs - (theirs.get(r.day) ?? 0);
    return others > 0 ? [{ ...r, calcs: others }] : [];
  });
}
