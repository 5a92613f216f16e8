import { type DateSpan, weeksAndDays } from '@pippitch/shared/activity-periods';
import type { ConcededTotals } from '@pippitch/shared/margin-conceded';
import { londonDayBoundsUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { type RawBuilder, sql } from 'kysely';
import type { Scope } from '../scope';
import { inSpan } from '../span';
import { memberName } from './member-name';

/**
 * Margin conceded's sums (services/margin/conceded.ts), within the scope's company, optionally one broker's. Each
 * pitch's figures are computed once, at its save, by migration 0046's calculation_margin_figures; their sums per
 * broker, pair and London day (and week) are kept in calculation_margin_days (_weeks) by statement triggers.
 */

/** The figures of the company's pitches saved in a run of London days (optionally one broker's), as stored on each
 * calculation at its save. Exported for the test that holds them to the shared function's, row by row. */
export function pitchFiguresSql(scope: Scope, span: DateSpan, brokerId?: string | null) {
  const from = londonDayBoundsUtc(span.start).start;
  const to = londonDayBoundsUtc(span.end).end;
  const byUser = brokerId ? sql`AND c.user_id = ${brokerId}` : sql``;
  return sql`
    SELECT c.id, c.user_id, c.currency_pair AS pair, c.created_at, c.margin_bps AS bps, c.margin_ticket_gbp AS ticket,
           c.margin_gbp_per_year AS per_year, c.margin_floor_bps AS floor_bps, c.margin_below_floor AS below_floor
    FROM calculations c
    WHERE c.company_id = ${scope.companyId} AND ${inSpan('c.created_at', { from, to })} ${byUser}`;
}

/** One group's sums: a broker's pair, a broker (pair null), a pair (user null) or the team (both null). */
export interface ConcededSums extends ConcededTotals {
  userId: string | null;
  name: string | null;
  pair: string | null;
}

/** The rollups' rows of the span: its whole weeks from calculation_margin_weeks, its loose days from _days. */
function rollupParts(scope: Scope, span: DateSpan, brokerId: string | null | undefined): RawBuilder<unknown>[] {
  const { weeks, days } = weeksAndDays(span);
  const byUser = (column: RawBuilder<unknown>) => (brokerId ? sql`AND ${column} = ${brokerId}` : sql``);
  const inDays = days.map((d) => sql`(d.day >= ${d.start}::date AND d.day <= ${d.end}::date)`);
  const sums = (t: string) => sql`
    sum(${sql.ref(`${t}.pitches`)}) AS pitches, sum(${sql.ref(`${t}.measured`)}) AS measured,
    sum(${sql.ref(`${t}.measured_ticket_gbp`)}) AS measured_ticket, sum(${sql.ref(`${t}.bps_ticket`)}) AS bps_ticket,
    sum(${sql.ref(`${t}.ticket_gbp`)}) AS ticket, sum(${sql.ref(`${t}.floored`)}) AS floored,
    sum(${sql.ref(`${t}.floored_ticket_gbp`)}) AS floored_ticket, sum(${sql.ref(`${t}.floor_ticket`)}) AS floor_ticket,
    sum(${sql.ref(`${t}.gbp_per_year`)}) AS per_year, sum(${sql.ref(`${t}.below_floor`)}) AS below`;
  const parts: RawBuilder<unknown>[] = [];
  if (weeks) {
    parts.push(sql`
      SELECT w.user_id, w.pair, ${sums('w')}
      FROM calculation_margin_weeks w
      WHERE w.company_id = ${scope.companyId} AND w.week >= ${weeks.start}::date AND w.week <= ${weeks.end}::date
        ${byUser(sql`w.user_id`)}
      GROUP BY w.user_id, w.pair`);
  }
  if (inDays.length > 0) {
    parts.push(sql`
      SELECT d.user_id, d.pair, ${sums('d')}
      FROM calculation_margin_days d
      WHERE d.company_id = ${scope.companyId} AND (${sql.join(inDays, sql` OR `)}) ${byUser(sql`d.user_id`)}
      GROUP BY d.user_id, d.pair`);
  }
  return parts;
}

/**
 * The span's sums per broker and pair, per broker, per pair and for the team, in one pass (GROUPING SETS). The
 * weighted figures divide the same numerators and denominators the per-pitch sums would. No rows when nothing was
 * pitched.
 */
export async function concededSums(
  db: Database,
  scope: Scope,
  span: DateSpan,
  brokerId?: string | null,
): Promise<ConcededSums[]> {
  const parts = rollupParts(scope, span, brokerId);
  const { rows } = await sql<ConcededSums>`
    WITH s AS (${sql.join(parts, sql` UNION ALL `)}),
    g AS (
      SELECT s.user_id, s.pair,
        sum(s.pitches)::int AS pitches,
        sum(s.measured)::int AS measured,
        round(sum(s.bps_ticket) / nullif(sum(s.measured_ticket), 0), 1)::text AS margin_bps,
        round(sum(s.floor_ticket) / nullif(sum(s.floored_ticket), 0), 1)::text AS floor_bps,
        sum(s.floored)::int AS floored,
        sum(s.ticket)::numeric(20, 2)::text AS volume_gbp,
        sum(s.per_year)::numeric(20, 2)::text AS gbp_per_year,
        sum(s.below)::int AS below_floor
      FROM (
        SELECT user_id, pair, sum(pitches) AS pitches, sum(measured) AS measured,
               sum(measured_ticket) AS measured_ticket, sum(bps_ticket) AS bps_ticket, sum(ticket) AS ticket,
               sum(floored) AS floored, sum(floored_ticket) AS floored_ticket, sum(floor_ticket) AS floor_ticket,
               sum(per_year) AS per_year, sum(below) AS below
        FROM s GROUP BY user_id, pair
      ) s
      GROUP BY GROUPING SETS ((s.user_id, s.pair), (s.user_id), (s.pair), ())
    )
    SELECT g.user_id AS "userId", ${memberName} AS name, g.pair, g.pitches, g.measured, g.margin_bps AS "marginBps",
      g.floor_bps AS "floorBps", g.floored, g.volume_gbp AS "volumeGbp", g.gbp_per_year AS "gbpPerYear",
      g.below_floor AS "belowFloor"
    FROM g
    LEFT JOIN user_profiles u ON u.id = g.user_id
    -- The grand total of nothing (no pitch in the range) is a row of nulls: the team is then EMPTY.
    WHERE g.pitches IS NOT NULL
  `.execute(db);
  return rows;
}
