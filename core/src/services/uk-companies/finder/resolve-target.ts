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
import { sql } from 'kysely';
import { badRequest } from '../../../errors';
import { CARD_COLUMNS, type IndexRow, profileOfRow } from '../card';
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

const columns = sql.join(CARD_COLUMNS.map((c) => sql.ref(`c.${c}`)));

/** A choice's key: its company number, or its row id for the few employers filed without one. */
export const matchKey = (row: Pick<IndexRow, 'id' | 'company_number'>): string =>
  row.company_number ?? `index-${row.id}`;

/** A typed name that may be an abbreviation: one word of 3–6 letters (two letters match too much). */
export const acronymOf = (normalised: string): string | null => (/^[a-z]{3,6}$/.test(normalised) ? normalised : null);

// Words an abbreviation skips: 'Marks and Spencer' is 'ms', 'International Business Machines Ltd' is 'ibm'.
const NOT_ABBREVIATED = ['and', 'the', 'of', 'ltd', 'limited', 'plc', 'llp', 'uk', 'group', 'holdings'];

/**
 * A company found by name; `certain` when it has the name itself or spells it out in initials. (Names holding it
 * as whole words are left out of the results anyway: the typed name is an excluded name.)
 */
type NameMatch = IndexRow & { certain: boolean };

async function byName(db: Database, normalised: string): Promise<NameMatch[]> {
  const acronym = acronymOf(normalised);
  const { rows } = await sql<NameMatch>`
    WITH spelled AS (
      SELECT c.id, lower(c.name) AS lowered FROM company_index c
      WHERE ${acronym}::text IS NOT NULL AND left(c.normalized_name, 1) = left(${acronym}::text, 1)
    ),
    abbreviated AS (
      -- A name spelled with leading initials stands for them with or without the next word's first letter
      -- ('J.C. Bamford' → 'jc', 'jcb'): as close as the name itself. The initials of all its words ('International
      -- Business Machines' → 'ibm') are a guess, ranked just below a name that holds the typed word. Prefixes of
      -- the initials are not enough: 'jcb' would then also be JPMorgan Chase Bank.
      SELECT s.id,
        CASE WHEN ${acronym}::text IN (
          regexp_replace(substring(s.lowered FROM '^(?:[a-z](?:[^a-z0-9]+|$))+'), '[^a-z]', '', 'g'),
          regexp_replace(substring(s.lowered FROM '^(?:[a-z](?:[^a-z0-9]+|$))+[a-z]'), '[^a-z]', '', 'g')
        ) THEN 1.0 ELSE 0.9 END AS closeness
      FROM spelled s
      WHERE ${acronym}::text IN (
        regexp_replace(substring(s.lowered FROM '^(?:[a-z](?:[^a-z0-9]+|$))+'), '[^a-z]', '', 'g'),
        regexp_replace(substring(s.lowered FROM '^(?:[a-z](?:[^a-z0-9]+|$))+[a-z]'), '[^a-z]', '', 'g'),
        (SELECT string_agg(left(w, 1), '' ORDER BY n)
         FROM regexp_split_to_table(s.lowered, '[^a-z0-9]+') WITH ORDINALITY AS t(w, n)
         WHERE w <> '' AND w <> ALL(${NOT_ABBREVIATED}::text[]))
      )
    )
    SELECT ${columns},
      (c.normalized_name = ${normalised} OR coalesce(a.closeness = 1.0, false)) AS certain
    FROM company_index c
    LEFT JOIN abbreviated a ON a.id = c.id
    WHERE c.normalized_name = ${normalised}
       OR (c.normalized_name % ${normalised} AND similarity(c.normalized_name, ${normalised}) >= 0.5)
       OR ${normalised} <% c.normalized_name
       OR a.id IS NOT NULL
    ORDER BY c.normalized_name = ${normalised} DESC,
      greatest(
        similarity(c.normalized_name, ${normalised}),
        word_similarity(${normalised}, c.normalized_name),
        coalesce(a.closeness, 0)
      ) DESC,
      c.size_rank DESC NULLS LAST, c.name, c.id
    LIMIT ${MAX_FINDER_CHOICES}`.execute(db);
  return rows;
}

/** Words of 3+ characters: shorter ones are initials ('j', 'uk') that say nothing about the trade. */
export function nameWords(normalised: string): string[] {
  return [...new Set(normalised.split(' ').filter((w) => w.length >= 3))].slice(0, 8);
}

const escapeRegex = (word: string) => word.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

async function byNameWords(db: Database, normalised: string): Promise<IndexRow | null> {
  const words = nameWords(normalised).map(escapeRegex);
  if (words.length === 0) return null;
  const { rows } = await sql<IndexRow>`
    WITH words AS (SELECT DISTINCT w FROM unnest(${words}::text[]) AS w),
    classified AS (SELECT id, normalized_name FROM company_index WHERE cardinality(sic_divisions) > 0),
    hits AS (
      SELECT k.id, w.w FROM words w JOIN classified k ON k.normalized_name ~ ('\\m' || w.w || '\\M')
    ),
    weights AS (
      SELECT w, ln(((SELECT count(*) FROM classified) + 1)::float8 / count(*)) AS weight FROM hits GROUP BY w
    ),
    scored AS (SELECT h.id, sum(weights.weight) AS score FROM hits h JOIN weights USING (w) GROUP BY h.id)
    SELECT ${columns}
    FROM scored s JOIN company_index c ON c.id = s.id
    ORDER BY s.score DESC, similarity(c.normalized_name, ${normalised}) DESC, c.name, c.id
    LIMIT 1`.execute(db);
  return rows[0] ?? null;
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
  const candidates = await byName(db, normalised);
  const self = chosen === undefined ? (candidates[0] ?? null) : candidates.find((c) => matchKey(c) === chosen);
  if (self === undefined) throw badRequest(NOT_A_CHOICE, 'target');
  const classified = self && self.sic_divisions.length > 0;
  const industryFrom = classified ? self : await byNameWords(db, normalised);
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
