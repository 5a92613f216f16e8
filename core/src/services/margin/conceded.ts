/**
 * Margin conceded (issue 25 §3): for a company's pitches in a run of London days, per broker and per pair, how much
 * margin was pitched against the mid (bps, weighted by each pitch's ticket in pounds), against the floor each pitch
 * was made under, what that margin is worth a year at the prospect's stated volume, and how many pitches went below
 * the floor with what became of their approval requests.
 *
 * Each pitch's figures are computed once, at its save, by migration 0046's calculation_margin_figures (a BEFORE
 * INSERT trigger): shared/src/margin.ts's rule in SQL (the client buys the quote currency: margin = (mid − pitched
 * rate) ÷ mid; £ = amount ÷ rate × that × pounds per base unit), rounded as the shared function rounds (bps to 1 dp,
 * ticket and £ a year to 2 dp), so the sums are sums of the figures the broker saw (margin-conceded.test.ts holds the
 * stored figures to pitchMargin pitch by pitch), and the floor of the newest policy version at or before the save,
 * its band by the ticket, lower edge inclusive as margin-policy.ts's bandFor. Their sums per broker, pair and London
 * day are kept in calculation_margin_days by statement triggers, which this reads.
 */
import { type DateSpan, weeksAndDays } from '@pippitch/shared/activity-periods';
import type { ConcededFigures } from '@pippitch/shared/margin-conceded';
import { londonDayBoundsUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { type RawBuilder, sql } from 'kysely';
import { memberName } from './member-name';
import { belowFloorStates, countsFor } from './pitch-states';

export type { ConcededFigures };

export interface ConcededBroker extends ConcededFigures {
  userId: string;
  name: string;
  /** The broker's figures per pair, pairs in alphabetical order. */
  pairs: (ConcededFigures & { pair: string })[];
}

export interface MarginConceded {
  span: DateSpan;
  /** Brokers who pitched in the range (anyone in the company, admins and since-deactivated members included). */
  brokers: ConcededBroker[];
  /** Everyone's figures per pair. */
  pairs: (ConcededFigures & { pair: string })[];
  team: ConcededFigures;
}

interface Row {
  user_id: string | null;
  name: string | null;
  pair: string | null;
  pitches: number;
  measured: number;
  margin_bps: string | null;
  floor_bps: string | null;
  floored: number;
  volume_gbp: string;
  gbp_per_year: string;
  below_floor: number;
  approved: number;
  declined: number;
  pending: number;
  unrequested: number;
}

const EMPTY: ConcededFigures = {
  pitches: 0,
  measured: 0,
  marginBps: null,
  floorBps: null,
  floored: 0,
  volumeGbp: '0.00',
  gbpPerYear: '0.00',
  belowFloor: 0,
  approved: 0,
  declined: 0,
  pending: 0,
  unrequested: 0,
};

function figures(r: Row): ConcededFigures {
  return {
    pitches: r.pitches,
    measured: r.measured,
    marginBps: r.margin_bps,
    floorBps: r.floor_bps,
    floored: r.floored,
    volumeGbp: r.volume_gbp,
    gbpPerYear: r.gbp_per_year,
    belowFloor: r.below_floor,
    approved: r.approved,
    declined: r.declined,
    pending: r.pending,
    unrequested: r.unrequested,
  };
}

/** The figures of the company's pitches saved in a run of London days (optionally one member's), as stored on each
 * calculation at its save (migration 0046's calculation_margin_figures). Exported for the test that holds them to the
 * shared function's, row by row. */
export function pitchFiguresSql(scope: { companyId: string; userId?: string | null }, span: DateSpan) {
  const from = londonDayBoundsUtc(span.start).start;
  const to = londonDayBoundsUtc(span.end).end;
  const byUser = scope.userId ? sql`AND c.user_id = ${scope.userId}` : sql``;
  return sql`
    SELECT c.id, c.user_id, c.currency_pair AS pair, c.created_at, c.margin_bps AS bps, c.margin_ticket_gbp AS ticket,
           c.margin_gbp_per_year AS per_year, c.margin_floor_bps AS floor_bps, c.margin_below_floor AS below_floor
    FROM calculations c
    WHERE c.company_id = ${scope.companyId} AND c.created_at >= ${from} AND c.created_at < ${to} ${byUser}`;
}

/**
 * The company's margin conceded over a run of London days (both included), optionally for one member: per broker
 * and pair, per broker, per pair and for the team, in one pass (GROUPING SETS). Below the floor is the margin shown
 * (1 dp) under the floor, as isBelowFloor; a pitch without a mid has no margin and so no floor.
 *
 * The sums come from the rollups of migration 0046: the range's whole weeks from calculation_margin_weeks and its
 * loose days from calculation_margin_days (for a 200-broker quarter ~3,600 rows, against 120,000 pitches); the
 * weighted figures divide the same numerators and denominators the per-pitch sums would. The approval states are
 * read live by the shared rule (pitch-states.ts): each below-floor pitch of the range an approval of its lead, pair
 * and band covers is approved, one with a request of its lead, pair and band waiting or declined counts so, and the
 * rest of the below-floor count is 'not requested'.
 */
export async function marginConceded(
  db: Database,
  scope: { companyId: string; userId?: string | null },
  span: DateSpan,
): Promise<MarginConceded> {
  const from = londonDayBoundsUtc(span.start).start;
  const to = londonDayBoundsUtc(span.end).end;
  const { weeks, days } = weeksAndDays(span);
  const byUser = (column: RawBuilder<unknown>) => (scope.userId ? sql`AND ${column} = ${scope.userId}` : sql``);
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
  const { rows } = await sql<Row>`
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
    SELECT g.user_id, ${memberName} AS name, g.pair, g.pitches, g.measured, g.margin_bps,
      g.floor_bps, g.floored, g.volume_gbp, g.gbp_per_year, g.below_floor
    FROM g
    LEFT JOIN user_profiles u ON u.id = g.user_id
    -- The grand total of nothing (no pitch in the range) is a row of nulls: the team is then EMPTY.
    WHERE g.pitches IS NOT NULL
  `.execute(db);
  // Approval states change after the save, so they are not rolled up: the shared rule, from the requests' leads.
  const states = await belowFloorStates(db, scope, { from, to });
  for (const r of rows) {
    const c = countsFor(states, { userId: r.user_id, pair: r.pair });
    Object.assign(r, c, { unrequested: r.below_floor - c.approved - c.declined - c.pending });
  }

  const team = rows.find((r) => r.user_id === null && r.pair === null);
  const pairsOf = (userId: string | null) =>
    rows
      .filter((r) => r.user_id === userId && r.pair !== null)
      .map((r) => ({ pair: r.pair as string, ...figures(r) }))
      .sort((a, b) => a.pair.localeCompare(b.pair));
  const brokers = rows
    .filter((r) => r.user_id !== null && r.pair === null)
    .map((r) => ({ userId: r.user_id as string, name: r.name ?? '', ...figures(r), pairs: pairsOf(r.user_id) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  return { span, brokers, pairs: pairsOf(null), team: team ? figures(team) : EMPTY };
}
