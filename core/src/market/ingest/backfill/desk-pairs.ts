/**
 * Which pairs the worker keeps (issue 34 §3): the union of every desk's chosen pairs, as the stored pairs they need
 * (a direct pair's own, a derived cross's two legs), the spec's six first so a first start fills them before any
 * pair a desk added.
 */
import { PAIR_CATALOGUE, type PairInfo, storedPairsFor } from '@pippitch/shared/pair-catalogue';
import { isCurrencyPair, STORED_PAIRS } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { listPairsQuotedByAnyCompany } from '../../../queries/companies/pairs';

/** Every catalogue pair some desk quotes (the six when no company exists yet: a fresh install still loads them). */
export async function pairsChosenAnywhere(db: Database): Promise<PairInfo[]> {
  // Across every company on purpose: the worker stores one set of minutes for all desks (no tenant's data is read).
  const chosen = new Set((await listPairsQuotedByAnyCompany(db)).filter(isCurrencyPair));
  return PAIR_CATALOGUE.filter((p) => chosen.has(p.code));
}

/** The stored pairs to backfill: the six's first, then what the desks' other pairs need, in a stable order. */
export function storedPairsToKeep(chosen: readonly PairInfo[]): string[] {
  const needed = new Set(storedPairsFor(chosen.map((p) => p.code)));
  return [...STORED_PAIRS, ...[...needed].filter((p) => !(STORED_PAIRS as readonly string[]).includes(p)).sort()];
}

/** The chosen derived crosses whose two legs are both among `polled`: the live poll stores their minutes (store.ts). */
export function crossesWithLegs(chosen: readonly PairInfo[], polled: readonly string[]): PairInfo[] {
  return chosen.filter((p) => p.sourcing.kind === 'derived' && p.sourcing.legs.every((l) => polled.includes(l.stored)));
}

/**
 * The pairs the bundled data set fills for the desks (issue 34): the six, each chosen direct pair's stored pair and
 * each derived cross under its own code (offline there are no real legs to derive it from, so its minutes are
 * generated as the six's are, from the bundled ECB file); a daily-only pair none (its ECB fixes are its bars).
 */
export function dataSetPairs(chosen: readonly PairInfo[]): string[] {
  const added = chosen.filter((p) => p.sourcing.kind !== 'daily').map((p) => p.stored);
  return [...new Set<string>([...STORED_PAIRS, ...added.sort()])];
}
