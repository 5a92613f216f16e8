/**
 * Margin conceded (issue 25 §3): for a company's pitches in a run of London days, per broker and per pair, how much
 * margin was pitched against the mid (bps, weighted by each pitch's ticket in pounds), against the floor each pitch
 * was made under, what that margin is worth a year at the prospect's stated volume, and how many pitches went below
 * the floor with what became of their approval requests.
 *
 * One set-based query: each pitch's margin is computed in SQL with shared/src/margin.ts's rule (the client buys the
 * quote currency: margin = (mid − pitched rate) ÷ mid; £ = amount ÷ rate × that × pounds per base unit), rounded as
 * the shared function rounds (bps to 1 dp, ticket and £ a year to 2 dp), so the sums are sums of the figures the
 * broker saw; conceded-sql.test.ts holds the two to agreement. The floor of each pitch is the newest policy version
 * at or before its save, found by a LATERAL join on margin_policy_versions (its (company_id, changed_at DESC) index),
 * and its band by the ticket, lower edge inclusive as margin-policy.ts's bandFor.
 */
import type { DateSpan } from '@pippitch/shared/activity-periods';
import { londonDayBoundsUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { type RawBuilder, sql } from 'kysely';

export interface ConcededFigures {
  /** Pitches saved in the range. */
  pitches: number;
  /** Of them, those saved with a mid: the only ones whose margin can be measured. */
  measured: number;
  /** Ticket-weighted margin against the mid, bps to 1 dp; null when nothing was measured. */
  marginBps: string | null;
  /** Ticket-weighted floor over the pitches a floor applied to, bps to 1 dp; null when none had a floor. */
  floorBps: string | null;
  /** Pitches a floor applied to. */
  floored: number;
  /** The tickets in pounds at the mid, summed (the weights). */
  volumeGbp: string;
  /** The margin a year at each prospect's stated trades, summed, 2 dp (negative: given away). */
  gbpPerYear: string;
  /** Pitches below the floor of their time, and what became of each one's latest approval request. */
  belowFloor: number;
  approved: number;
  declined: number;
  pending: number;
  unrequested: number;
}

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

/** Per pitch matching `where` (on calculations c): its margin figures as shared/src/margin.ts computes them and the
 * floor of its time. */
function pitchFigures(where: RawBuilder<unknown>) {
  // One division per figure keeps numeric's precision (it keeps at least 16 significant digits per division), so
  // the rounding to 1 dp or 2 dp lands where decimal.js's 40 digits land. nullif: a zero mid or rate (which no save
  // allows) measures nothing instead of failing the whole report.
  return sql`
    SELECT c.id, c.user_id, c.currency_pair AS pair, c.created_at, m.bps, m.ticket, m.per_year, f.floor_bps
    FROM calculations c
    CROSS JOIN LATERAL (
      SELECT nullif((c.evidence -> 'mid' ->> 'rate')::numeric, 0) AS mid,
             nullif((c.calculation_data ->> 'your_rate')::numeric
               + 0.0001 * (c.calculation_data ->> 'pips_added')::numeric, 0) AS rate,
             (c.calculation_data ->> 'trade_amount')::numeric AS amount,
             (c.calculation_data ->> 'trades_per_year')::numeric AS trades
    ) i
    CROSS JOIN LATERAL (
      SELECT round((i.mid - i.rate) * 10000 / i.mid, 1) AS bps,
             round(i.amount * c.gbp_per_unit / i.mid, 2) AS ticket,
             round(i.amount * (i.mid - i.rate) * c.gbp_per_unit * i.trades / (i.rate * i.mid), 2) AS per_year
    ) m
    LEFT JOIN LATERAL (
      SELECT (b ->> 'floorBps')::numeric AS floor_bps
      FROM (
        SELECT v.floors FROM margin_policy_versions v
        WHERE v.company_id = c.company_id AND v.changed_at <= c.created_at
        ORDER BY v.changed_at DESC, v.id DESC
        LIMIT 1
      ) v
      CROSS JOIN LATERAL jsonb_array_elements(v.floors -> c.currency_pair) b
      WHERE m.ticket >= (b ->> 'fromGbp')::numeric
        AND (b ->> 'toGbp' IS NULL OR m.ticket < (b ->> 'toGbp')::numeric)
      LIMIT 1
    ) f ON true
    WHERE ${where}`;
}

/** The figures of the company's pitches saved in a run of London days (optionally one member's). Exported for the
 * test that holds them to the shared function's, row by row. */
export function pitchFiguresSql(scope: { companyId: string; userId?: string | null }, span: DateSpan) {
  const from = londonDayBoundsUtc(span.start).start;
  const to = londonDayBoundsUtc(span.end).end;
  const byUser = scope.userId ? sql`AND c.user_id = ${scope.userId}` : sql``;
  return pitchFigures(
    sql`c.company_id = ${scope.companyId} AND c.created_at >= ${from} AND c.created_at < ${to} ${byUser}`,
  );
}

/** The latest request of each pitch decides its state (a declined one may be asked again). */
const latestRequests = (companyId: string) => sql`
  SELECT DISTINCT ON (calculation_id) calculation_id, status
  FROM margin_approvals
  WHERE company_id = ${companyId}
  ORDER BY calculation_id, created_at DESC`;

/**
 * The company's margin conceded over a run of London days (both included), optionally for one member: per broker
 * and pair, per broker, per pair and for the team, in one pass (GROUPING SETS). Below the floor is the margin shown
 * (1 dp) under the floor, as isBelowFloor; a pitch without a mid has no margin and so no floor.
 */
export async function marginConceded(
  db: Database,
  scope: { companyId: string; userId?: string | null },
  span: DateSpan,
): Promise<MarginConceded> {
  const below = sql`p.bps < p.floor_bps`;
  const { rows } = await sql<Row>`
    WITH p AS (${pitchFiguresSql(scope, span)}),
    -- Read for the company's requests at once: a handful beside its calculations.
    a AS (${latestRequests(scope.companyId)})
    SELECT p.user_id, coalesce(nullif(u.full_name, ''), u.email) AS name, p.pair,
      count(*)::int AS pitches,
      count(p.bps)::int AS measured,
      round(sum(p.bps * p.ticket) / nullif(sum(p.ticket) FILTER (WHERE p.bps IS NOT NULL), 0), 1)::text AS margin_bps,
      round(sum(p.floor_bps * p.ticket) / nullif(sum(p.ticket) FILTER (WHERE p.floor_bps IS NOT NULL), 0), 1)::text
        AS floor_bps,
      count(p.floor_bps)::int AS floored,
      coalesce(sum(p.ticket), 0)::numeric(20, 2)::text AS volume_gbp,
      coalesce(sum(p.per_year), 0)::numeric(20, 2)::text AS gbp_per_year,
      count(*) FILTER (WHERE ${below})::int AS below_floor,
      count(*) FILTER (WHERE ${below} AND a.status = 'approved')::int AS approved,
      count(*) FILTER (WHERE ${below} AND a.status = 'declined')::int AS declined,
      count(*) FILTER (WHERE ${below} AND a.status = 'pending')::int AS pending,
      count(*) FILTER (WHERE ${below} AND a.status IS NULL)::int AS unrequested
    FROM p
    JOIN user_profiles u ON u.id = p.user_id
    LEFT JOIN a ON a.calculation_id = p.id
    GROUP BY GROUPING SETS ((p.user_id, u.full_name, u.email, p.pair), (p.user_id, u.full_name, u.email), (p.pair), ())
  `.execute(db);

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
