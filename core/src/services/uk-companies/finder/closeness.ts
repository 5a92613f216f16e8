/**
 * How close two companies are in the SIC hierarchy. The finder ranks by it (in SQL for the index, here for
 * Companies House) and writes the reasoning from it (here, for both), so the levels are defined once.
 */
import type { SicProfile } from '@pippitch/shared/sic';

/** 5 same code (subclass, or class when the code has none) · 4 class · 3 group · 2 division · 1 section · 0 none. */
export type SicTier = 0 | 1 | 2 | 3 | 4 | 5;

/** "Matches well enough" (spec: exhaustion message): at least the same SIC division. */
export const MIN_SIMILAR_TIER: SicTier = 2;

export type SharedLevel = 'code' | 'class' | 'group' | 'division' | 'section';

export interface SicCloseness {
  tier: SicTier;
  /** The level and code they share at that tier; the target's own order picks among several. */
  shared: { level: SharedLevel; code: string } | null;
}

const LEVELS: ReadonlyArray<readonly [SicTier, SharedLevel, keyof SicProfile]> = [
  [5, 'code', 'codes'],
  [4, 'class', 'classes'],
  [3, 'group', 'groups'],
  [2, 'division', 'divisions'],
  [1, 'section', 'sections'],
];

export function sicCloseness(target: SicProfile, candidate: SicProfile): SicCloseness {
  for (const [tier, level, key] of LEVELS) {
    const theirs = new Set(candidate[key]);
    const code = target[key].find((c) => theirs.has(c));
    if (code !== undefined) return { tier, shared: { level, code } };
  }
  return { tier: 0, shared: null };
}
