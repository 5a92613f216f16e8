import { type DateSpan, datesOf, weeksAndDays } from '@pippitch/shared/activity-periods';
import type { Database } from '@pippitch/sql';
import { type RawBuilder, sql } from 'kysely';
import { STORED_BROKER } from '../../services/stored-role';
import type { Scope } from '../scope';

/**
 * One active broker's sums over the range (calcs, …) and over the previous range (prev_calcs, …). Named as the SQL
 * names them (server/test/activity-weeks.test.ts holds them equal to its own straight sums over the calculations);
 * services/activity/dashboard.ts reads them into the dashboard's words.
 */
export interface SumsRow {
  user_id: string;
  calcs: number;
  savings: string;
  pips: string;
  included: number;
  losses: number;
  excluded: number;
  prev_calcs: number;
  prev_savings: string;
  prev_pips: string;
  prev_included: number;
  prev_losses: number;
  prev_excluded: number;
}

/** The scope's company's active brokers (role junior, is_active), on user_profiles `u`. */
function activeBroker(scope: Scope): RawBuilder<boolean> {
  return sql<boolean>`u.company_id = ${scope.companyId} AND u.role_type = ${STORED_BROKER} AND u.is_active`;
}

/**
 * Per active broker, the range's sums and the previous range's, in one pass over the rollups: each range's whole
 * London weeks from calculation_user_weeks (migration 0048) and its loose days from calculation_user_days (0012).
 * The two ranges are adjacent and the current one starts after the previous one's last whole week, so a row is in the
 * current range exactly when its day (or week's Monday) is on or after the range's start. A quarter and the quarter
 * before it for 200 brokers: ~5,000 week rows and at most ~5,000 day rows, instead of 36,000 broker-days.
 */
export async function dashboardSums(
  db: Database,
  scope: Scope,
  current: DateSpan,
  previous: DateSpan,
): Promise<SumsRow[]> {
  const split = [weeksAndDays(previous), weeksAndDays(current)];
  const weeks = split.flatMap((s) => (s.weeks ? [s.weeks] : []));
  // The loose days as a list (at most 12 a range): one index-only scan of calculation_user_days_range, where ORed
  // ranges made PostgreSQL visit the table.
  const days = split.flatMap((s) => s.days.flatMap(datesOf));
  const inWeeks = sql.join(
    weeks.map((s) => sql`(w.week >= ${s.start}::date AND w.week <= ${s.end}::date)`),
    sql` OR `,
  );
  const figures = (t: string) =>
    sql.join(
      ['calculations', 'annual_savings', 'pips', 'included', 'losses', 'excluded'].map((c) => sql.ref(`${t}.${c}`)),
    );
  const parts: RawBuilder<unknown>[] = [];
  if (weeks.length > 0) {
    parts.push(sql`
      SELECT w.user_id, w.week >= ${current.start}::date AS cur, ${figures('w')}
      FROM calculation_user_weeks w
      WHERE w.company_id = ${scope.companyId} AND (${inWeeks})`);
  }
  if (days.length > 0) {
    parts.push(sql`
      SELECT d.user_id, d.day >= ${current.start}::date AS cur, ${figures('d')}
      FROM calculation_user_days d
      WHERE d.company_id = ${scope.companyId} AND d.day = ANY(${days}::date[])`);
  }
  const sum = (column: string, cur: boolean, cast: 'int' | 'text') =>
    sql`coalesce(sum(${sql.ref(`r.${column}`)}) FILTER (WHERE ${cur ? sql`r.cur` : sql`NOT r.cur`}), 0)::${sql.raw(cast)}`;
  const { rows } = await sql<SumsRow>`
    SELECT r.user_id,
      ${sum('calculations', true, 'int')} AS calcs, ${sum('annual_savings', true, 'text')} AS savings,
      ${sum('pips', true, 'text')} AS pips, ${sum('included', true, 'int')} AS included,
      ${sum('losses', true, 'int')} AS losses, ${sum('excluded', true, 'int')} AS excluded,
      ${sum('calculations', false, 'int')} AS prev_calcs, ${sum('annual_savings', false, 'text')} AS prev_savings,
      ${sum('pips', false, 'text')} AS prev_pips, ${sum('included', false, 'int')} AS prev_included,
      ${sum('losses', false, 'int')} AS prev_losses, ${sum('excluded', false, 'int')} AS prev_excluded
    FROM (${sql.join(parts, sql` UNION ALL `)}) r
    JOIN user_profiles u ON u.id = r.user_id
    WHERE ${activeBroker(scope)}
    GROUP BY r.user_id`.execute(db);
  return rows;
}
