import { describe, expect, it } from 'vitest';
import { type ConcededWordsFigures, concededText } from '../src/margin-conceded-words';

const figures = (over: Partial<ConcededWordsFigures>): ConcededWordsFigures => ({
  pitches: 3,
  marginBps: '41.3',
  floorBps: '50.0',
  floored: 3,
  gbpPerYear: '1412.40',
  belowFloor: 2,
  approved: 1,
  declined: 0,
  pending: 1,
  unrequested: 0,
  ...over,
});

describe('margin conceded in words (card, report, Salesforce post)', () => {
  it('names the margin, the pounds and the states below the floor', () => {
    expect(concededText(figures({}))).toBe(
      '41.3 bps against a floor of 50.0 bps · £1,412 a year · 2 below the floor: 1 approved, 1 pending',
    );
  });

  it('reads plainly when nothing is below the floor (issue 31 §6)', () => {
    expect(concededText(figures({ belowFloor: 0, approved: 0, pending: 0, marginBps: '62.0' }))).toBe(
      '62.0 bps against a floor of 50.0 bps · £1,412 a year · none below the floor',
    );
    expect(concededText(figures({ floorBps: null, floored: 0, belowFloor: 0, approved: 0, pending: 0 }))).toBe(
      '41.3 bps · £1,412 a year · no floor set for these pitches',
    );
    // Nothing measured: one statement, not '£0 a year' and a floor that was never applied.
    expect(concededText(figures({ marginBps: null, floorBps: null, floored: 0, belowFloor: 0, gbpPerYear: '0' }))).toBe(
      'no margin measured: these pitches were saved without the market mid',
    );
  });
});
