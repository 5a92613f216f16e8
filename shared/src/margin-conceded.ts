/**
 * The figures of margin conceded (issue 25 §3) for a group of pitches — a broker, a pair, a broker's pair or the
 * team over a range — as the server's conceded service returns them and the card, the report and the Salesforce
 * post read them (margin-conceded-words.ts).
 */
export interface ConcededFigures extends ConcededTotals, BelowFloorOutcomes {}

/** The figures summed from the pitches' own, stored at each save (the conceded query's sums). */
export interface ConcededTotals {
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
  /** Pitches below the floor of their time (what became of them: BelowFloorOutcomes). */
  belowFloor: number;
}

/** What became of each below-floor pitch's latest approval request (the shared rule, read live). */
export interface BelowFloorOutcomes {
  approved: number;
  declined: number;
  pending: number;
  unrequested: number;
}
