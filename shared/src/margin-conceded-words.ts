/**
 * Margin conceded in words (issue 25 §3): the dashboard's card, the monthly report and the Salesforce post say the
 * same figures the same way, so they are written here once. The figures are those of the server's conceded service
 * (bps to 1 dp as text, pounds as decimal text: margin-conceded.ts).
 */
import { formatGBP } from './format';
import type { ConcededFigures } from './margin-conceded';

/** Only the fields read here, so a caller may pass any figures of that shape. */
export type ConcededWordsFigures = Pick<
  ConcededFigures,
  | 'pitches'
  | 'marginBps'
  | 'floorBps'
  | 'floored'
  | 'gbpPerYear'
  | 'belowFloor'
  | 'approved'
  | 'declined'
  | 'pending'
  | 'unrequested'
>;

/** '41.3 bps against a floor of 50.0 bps' — or only the margin when no pitch had a floor. */
export function concededMarginText(f: ConcededWordsFigures): string {
  if (f.marginBps === null) return NO_MID;
  const floor = f.floorBps === null ? '' : ` against a floor of ${f.floorBps} bps`;
  return `${f.marginBps} bps${floor}`;
}

/** '2 below the floor: 1 approved, 1 pending' — the states with none are left out. */
export function concededBelowText(f: ConcededWordsFigures): string {
  if (f.belowFloor === 0) return f.floored > 0 ? 'none below the floor' : 'no floor set for these pitches';
  return `${f.belowFloor} below the floor: ${outcomesText({ ...f, notAsked: f.unrequested })}`;
}

/** '1 approved, 2 not asked': what became of below-floor pitches, the states with none left out. */
export function outcomesText(o: { approved: number; pending: number; declined: number; notAsked: number }): string {
  const parts: [number, string][] = [
    [o.approved, 'approved'],
    [o.pending, 'pending'],
    [o.declined, 'declined'],
    [o.notAsked, 'not asked'],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}`)
    .join(', ');
}

/** The pounds a year the margin represents, whole pounds: '£1,412 a year' (negative: given away below the mid). */
export function concededPerYearText(f: Pick<ConcededWordsFigures, 'gbpPerYear'>): string {
  return `${formatGBP(f.gbpPerYear, 0)} a year`;
}

/** Pitches saved without the market's mid have no margin to measure (nor pounds, nor a floor to be below). */
const NO_MID = 'no margin measured: these pitches were saved without the market mid';

/**
 * One line: '41.3 bps against a floor of 50.0 bps · £1,412 a year · 2 below the floor: 1 approved, 1 pending'. With
 * nothing measured it says only that (issue 31 §6: '… · £0 a year · no floor applied' read as three facts, none true).
 */
export function concededText(f: ConcededWordsFigures): string {
  if (f.marginBps === null) return NO_MID;
  return `${concededMarginText(f)} · ${concededPerYearText(f)} · ${concededBelowText(f)}`;
}

/** '3 pitches' / '1 pitch'. */
export function pitchesText(n: number): string {
  return `${n} ${n === 1 ? 'pitch' : 'pitches'}`;
}
