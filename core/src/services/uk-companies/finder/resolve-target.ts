/**
 * Finds the client in the index. The client's name is free text, so:
 * 1. by name: the same normalised name, else the closest by trigrams (similarity ≥ 0.5, or the whole typed name
 *    found inside a longer one, pg_trgm word similarity ≥ 0.6), or, for a typed name of one 3–6 letter word, the
 *    companies it abbreviates ('JCB' → J.C. BAMFORD EXCAVATORS LIMITED, 'IBM' → International Business
 *    Machines). A whole-word or leading-initials match counts as fully close, so among them the bigger employer
 *    wins ('JCB' is the 1,000–4,999 staff J.C. Bamford, not the 500–999 staff JCB Cab Systems), then by name. Up
 *    to MAX_FINDER_CHOICES of these are the broker's choices; the first is the match unless the broker picked
 *    another.
 * 2. by name words, when the name is not in the index (most of the UK's companies are not) or the company found
 *    has no SIC code: the industry of the company whose name shares the rarest words with it ('Acme Software
 *    Solutions' → the software company that shares 'software'), each shared word weighing ln(N / companies with
 *    that word). Region and size then come from the company found by name, if any.
 */

import { normaliseCompanyName } from '@pippitch/shared/names';
import type { SicProfile } from '@pippitch/shared/sic';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../../errors';
import { companiesByName, companyByNameWords } from '../../../queries/uk-companies/by-name';
import type { IndexRow } from '../../../queries/uk-companies/index-row';
import { profileOfRow } from '../card';
import { MAX_FINDER_CHOICES, NOT_A_CHOICE } from './types';

export interface FinderTarget {
  how: 'name' | 'name-words';
  /** The company the name was matched to, if any: never suggested as similar to itself. */
  self: IndexRow | null;
  /** Every company found by name, best first: what the broker may choose from. */
  candidates: IndexRow[];
  /**
   * Ids of the company matched and of every other the name certainly stands for (the same name, or the name
   * spelled out: 'JCB' is J.C. Bamford as much as JCB Cab Systems). None of them is the client's peer.
   */
  sameClient: number[];
  /** The company whose SIC codes stand for the client's industry. */
  industryFrom: IndexRow;
  profile: SicProfile;
  region: string | null;
  sizeRank: number | null;
  size: string | null;
}

/** A choice's key: its company number, or its row id for the few employers filed without one. */
export const matchKey = (row: Pick<IndexRow, 'id' | 'company_number'>): string =>
  row.company_number ?? `index-${row.id}`;

/** A typed name that may be an abbreviation: one word of 3–6 letters (two letters match too much). */
export const acronymOf = (normalised: string): string | null => (/^[a-z]{3,6}$/.test(normalised) ? normalised : null);

/** Words of 3+ characters: shorter ones are initials ('j', 'uk') that say nothing about the trade. */
export function nameWords(normalised: string): string[] {
  return [...new Set(normalised.split(' ').filter((w) => w.length >= 3))].slice(0, 8);
}

/**
 * The client in the index: the best match for its name, or `chosen` (a matchKey) when the broker picked another of
 * the candidates. A `chosen` that is not among this name's candidates is refused: the broker picks only from what
 * the server offered.
 */
export async function resolveTarget(db: Database, companyName: string, chosen?: string): Promise<FinderTarget | null> {
  const normalised = normaliseCompanyName(companyName);
  if (normalised === '') {
    if (chosen !== undefined) throw badRequest(NOT_A_CHOICE, 'target');
    return null;
  }
  const candidates = await companiesByName(db, {
    normalised,
    acronym: acronymOf(normalised),
    limit: MAX_FINDER_CHOICES,
  });
  const self = chosen === undefined ? (candidates[0] ?? null) : candidates.find((c) => matchKey(c) === chosen);
  if (self === undefined) throw badRequest(NOT_A_CHOICE, 'target');
  const classified = self && self.sic_divisions.length > 0;
  const industryFrom = classified ? self : await companyByNameWords(db, { normalised, words: nameWords(normalised) });
  if (!industryFrom) return null;
  return {
    how: classified ? 'name' : 'name-words',
    self,
    candidates,
    sameClient: candidates.filter((c) => c === self || c.certain).map((c) => c.id),
    industryFrom,
    profile: profileOfRow(industryFrom),
    region: self?.region ?? null,
    sizeRank: self?.size_rank ?? null,
    size: self?.size_band ?? null,
  };
}
