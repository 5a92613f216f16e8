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
import type { DateSpan } from '@pippitch/shared/activity-periods';
import type { ConcededFigures } from '@pippitch/shared/margin-conceded';
import { londonDayBoundsUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { type ConcededSums, concededSums } from '../../queries/margin/conceded';
import type { Scope } from '../../queries/scope';
import { belowFloorStates, countsFor, type StateCounts } from './pitch-states';

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

type Group = ConcededSums & StateCounts & { unrequested: number };

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

/** A group's figures without the names of the group (who and which pair). */
function figures({ userId: _user, name: _name, pair: _pair, ...f }: Group): ConcededFigures {
  return f;
}

/**
 * The scope's company's margin conceded over a run of London days (both included), optionally for one broker (a
 * member of that company: another company's has no rows): per broker and pair, per broker, per pair and for the
 * team, in one pass (GROUPING SETS). Below the floor is the margin shown (1 dp) under the floor, as isBelowFloor; a
 * pitch without a mid has no margin and so no floor.
 *
 * The sums come from the rollups of migration 0046: the range's whole weeks from calculation_margin_weeks and its
 * loose days from calculation_margin_days (for a 200-broker quarter ~3,600 rows, against 120,000 pitches). The
 * approval states are read live by the shared rule (pitch-states.ts): each below-floor pitch of the range an
 * approval of its lead, pair and band covers is approved, one with a request of its lead, pair and band waiting or
 * declined counts so, and the rest of the below-floor count is 'not requested'.
 */
export async function marginConceded(
  db: Database,
  scope: Scope,
  span: DateSpan,
  brokerId?: string | null,
): Promise<MarginConceded> {
  const from = londonDayBoundsUtc(span.start).start;
  const to = londonDayBoundsUtc(span.end).end;
  const sums = await concededSums(db, scope, span, brokerId);
  // Approval states change after the save, so they are not rolled up: the shared rule, from the requests' leads.
  const states = await belowFloorStates(db, scope, { from, to, brokerId });
  const rows: Group[] = sums.map((r) => {
    const c = countsFor(states, { userId: r.userId, pair: r.pair });
    return { ...r, ...c, unrequested: r.belowFloor - c.approved - c.declined - c.pending };
  });

  const team = rows.find((r) => r.userId === null && r.pair === null);
  const pairsOf = (userId: string | null) =>
    rows
      .filter((r) => r.userId === userId && r.pair !== null)
      .map((r) => ({ pair: r.pair as string, ...figures(r) }))
      .sort((a, b) => a.pair.localeCompare(b.pair));
  const brokers = rows
    .filter((r) => r.userId !== null && r.pair === null)
    .map((r) => ({ userId: r.userId as string, name: r.name ?? '', ...figures(r), pairs: pairsOf(r.userId) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  return { span, brokers, pairs: pairsOf(null), team: team ? figures(team) : EMPTY };
}
