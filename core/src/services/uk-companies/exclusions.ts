/**
 * The names a finder or search must not return, normalised once with the shared normaliser. A name that
 * normalises to nothing ('Ltd', '£££') is dropped: it matches nothing (design.md §3), and in SQL an empty string
 * would otherwise sit inside every name.
 */
import { normaliseCompanyName, normalisedNamesMatch } from '@pippitch/shared/names';

export function normalisedExclusions(names: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const normalised = normaliseCompanyName(name);
    if (normalised !== '') out.add(normalised);
  }
  return [...out];
}

/** The TypeScript check of the same rule, applied to what a query returns as a last guard. */
export function isExcluded(normalisedName: string, excluded: readonly string[]): boolean {
  return excluded.some((e) => normalisedNamesMatch(normalisedName, e));
}
