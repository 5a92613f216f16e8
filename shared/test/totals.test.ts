import { describe, expect, it } from 'vitest';
import { averagePips, standingOf, totalsOf } from '../src/totals';

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
    expect(t).toEqual({
      pitches: 4,
      included: 3,
      losses: 1,
      excluded: 1,
      savingsGbp: '80918.74',
      averagePips: '26.7',
    });
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
