import { describe, expect, it } from 'vitest';
import { DEFAULT_MARGIN_POLICY, type MarginPolicy } from '../src/margin-policy';
import { policyChanges } from '../src/margin-policy-diff';

const MID = { fromGbp: 100_000, toGbp: 1_000_000, floorBps: 50 };
const TOP = { fromGbp: 1_000_000, toGbp: null, floorBps: 40 };

describe('policyChanges: one change of the margin policy in words', () => {
  it('a first floor and fewer options, from the default', () => {
    const after: MarginPolicy = { floors: { GBPUSD: [MID] }, marginOptions: [0, 10, 20] };
    expect(policyChanges(DEFAULT_MARGIN_POLICY, after)).toEqual([
      'GBP/USD £100k–£1m: no floor → 50 bps',
      'Inflate Your Margin: None, 10, 20, 30, 40 and 50 pips → None, 10 and 20 pips',
    ]);
  });

  it('a floor raised, a band added, another pair’s floor removed; unchanged bands are not listed', () => {
    const before: MarginPolicy = {
      floors: { GBPUSD: [MID], EURUSD: [{ fromGbp: 0, toGbp: null, floorBps: 30 }] },
      marginOptions: [0, 10],
    };
    const after: MarginPolicy = { floors: { GBPUSD: [MID, { ...TOP, floorBps: 45 }] }, marginOptions: [0, 10] };
    expect(policyChanges(before, after)).toEqual([
      'GBP/USD over £1m: no floor → 45 bps',
      'EUR/USD all sizes: 30 bps → no floor',
    ]);
    expect(policyChanges(after, { ...after, floors: { GBPUSD: [{ ...MID, floorBps: 52.5 }, TOP] } })).toEqual([
      'GBP/USD £100k–£1m: 50 → 52.5 bps',
      'GBP/USD over £1m: 45 → 40 bps',
    ]);
  });

  it('a band whose edges moved reads as removed and added, in order of their start; a same save says nothing', () => {
    const before: MarginPolicy = { floors: { GBPUSD: [MID] }, marginOptions: [0] };
    const after: MarginPolicy = { floors: { GBPUSD: [{ ...MID, toGbp: 2_000_000 }] }, marginOptions: [0] };
    expect(policyChanges(before, after)).toEqual([
      'GBP/USD £100k–£1m: 50 bps → no floor',
      'GBP/USD £100k–£2m: no floor → 50 bps',
    ]);
    expect(policyChanges(before, before)).toEqual([]);
  });
});
