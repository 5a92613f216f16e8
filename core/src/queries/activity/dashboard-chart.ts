import { type DateSpan, datesOf, weeksAndDays } from '@pippitch/shared/activity-periods';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { STORED_BROKER } from '../../services/stored-role';
import type { Scope } from '../scope';

/** How many brokers get a line of their own in the chart; the rest are summed as 'Other brokers'. */
export const CHART_BROKERS = 8;

/**
 * One day of one line as the chart query reads it: a top broker's id, or null for all the company's active brokers
 * together (services/activity/dashboard-chart.ts takes the busiest brokers' share out of it). Named as the SQL names
 * them (server/test/activity-weeks.test.ts holds them equal to its own straight chart over the calculations).
 */
export interface ChartRow {
  day: string;
  user_id: string | null;
  calcs: number;
}

/**
 * The chart's rows for a span of the scope's company, in one query that needs no other read (so it runs beside the
 * dashboard's others):
 *   - its CHART_BROKERS busiest active brokers (most calculations over the span, then by id; none without one),
 *     ranked from the span's whole weeks and loose days as the sums are (dashboard-sums.ts), and their broker-days
 *     (at most 8 × 90) read from their own index;
 *   - the day's total of all the company's active brokers (user_id null), summed over the span's broker-days (a
 *     quarter: 18,000 for 200 brokers) grouped by day alone, leaving the company's other members out by a short
 *     list (admins, deactivated members) read once instead of joining every broker-day to its member (a member never
 *     changes company, so the company's day rows are its own members').
 * The chart used to read every broker-day of the range twice, joined to its member, to rank and to sum: as long a
 * query as the sums' (43 ms against ~10 ms for this on the bench's quarter, loaded machine).
 */
export async function chartDayRows(db: Database, scope: Scope, span: DateSpan): Promise<ChartRow[]> {
  const companyId = scope.companyId;
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
  return rows;
}
