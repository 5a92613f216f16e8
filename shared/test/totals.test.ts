import { describe, expect, it } from 'vitest';
import { annualHeading, averagePips, STANDING_NOTES, standingOf, totalsOf } from '../src/totals';

describe('standingOf', () => {
  it('off-market wins over any outcome', () => {
    expect(standingOf('advantage', true)).toBe('off_market');
    expect(standingOf('disadvantage', true)).toBe('off_market');
  });
  it('names savings, losses and even pitches', () => {
    expect(standingOf('advantage', false)).toBe('saving');
    expect(standingOf('disadvantage', false)).toBe('loss');
    expect(standingOf('neutral', false)).toBe('even');
  });
});

describe('totalsOf', () => {
  it('adds only savings, counts losses apart and keeps off-market pitches out of totals and pips', () => {
    const t = totalsOf([
      { standing: 'saving', savingsGbp: '80918.74', pips: '50.0' },
      { standing: 'loss', savingsGbp: '22488.76', pips: '30.0' },
      { standing: 'off_market', savingsGbp: '2582833.58', pips: '1148.0' },
      { standing: 'even', savingsGbp: '0', pips: '0.0' },
    ]);
    // Averages over the counted pitches only: the one saving (issue 31 §5).
    expect(t).toEqual({
      pitches: 4,
      included: 1,
      losses: 1,
      excluded: 1,
      savingsGbp: '80918.74',
      averagePips: '50.0',
    });
  });
  it('a pitch below the mid is a loss to the desk: never a saving, never in an average (issue 31 §5)', () => {
    expect(standingOf('advantage', false, true)).toBe('below_mid');
    expect(standingOf('advantage', true, true)).toBe('off_market');
    const t = totalsOf([
      { standing: 'saving', savingsGbp: '100.00', pips: '20.0' },
      { standing: 'below_mid', savingsGbp: '99696.00', pips: '180.0' },
    ]);
    expect(t).toMatchObject({ included: 1, excluded: 1, savingsGbp: '100.00', averagePips: '20.0' });
    expect(STANDING_NOTES.below_mid).toBe('Below the mid — a loss to you');
    expect(annualHeading('disadvantage')).toBe('Annual extra cost');
    expect(annualHeading('advantage')).toBe('Annual Savings');
  });
  it('gives zeros for nothing, or only off-market pitches', () => {
    expect(totalsOf([]).averagePips).toBe('0');
    expect(totalsOf([{ standing: 'off_market', savingsGbp: '5', pips: '9' }])).toMatchObject({
      included: 0,
      excluded: 1,
      savingsGbp: '0.00',
      averagePips: '0',
    });
  });
  it('averages exactly, rounding half up', () => {
    expect(averagePips('0.15', 1)).toBe('0.2');
    expect(averagePips('100', 3)).toBe('33.3');
  });
});
