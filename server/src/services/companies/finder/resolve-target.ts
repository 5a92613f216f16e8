/**
 * Finds the client in the index. The client's name is free text, so:
 * 1. by name: the same normalised name, else the closest by trigrams (similarity ≥ 0.5, or the whole typed name
 *    found inside a longer one, pg_trgm word similarity ≥ 0.6); ties go to the bigger employer, then by name.
 * 2. by name words, when the name is not in the index (most of the UK's companies are not) or the company found
 *    has no SIC code: the industry of the company whose name shares the rarest words with it ('Acme Software
 *    Solutions' → the software company that shares 'software'), each shared word weighing ln(N / companies with
 *    that word). Region and size then come from the company found by name, if any.
 */

import { normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { CARD_COLUMNS, type IndexRow, profileOfRow } from '../card';
import type { SicProfile } from '../sic';

export interface FinderTarget {
  how: 'name' | 'name-words';
  /** The company found by name, if any: never suggested as similar to itself. */
  self: IndexRow | null;
  /** The company whose SIC codes stand for the client's industry. */
  industryFrom: IndexRow;
  profile: SicProfile;
  region: string | null;
  sizeRank: number | null;
  size: string | null;
}

const columns = sql.join(CARD_COLUMNS.map((c) => sql.ref(`c.${c}`)));

async function byName(db: Database, normalised: string): Promise<IndexRow | null> {
  const { rows } = await sql<IndexRow>`
    SELECT ${columns}
    FROM company_index c
    WHERE c.normalized_name = ${normalised}
       OR (c.normalized_name % ${normalised} AND similarity(c.normalized_name, ${normalised}) >= 0.5)
       OR ${normalised} <% c.normalized_name
    ORDER BY c.normalized_name = ${normalised} DESC,
      greatest(similarity(c.normalized_name, ${normalised}), word_similarity(${normalised}, c.normalized_name)) DESC,
      c.size_rank DESC NULLS LAST, c.name, c.id
    LIMIT 1`.execute(db);
  return rows[0] ?? null;
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

export async function resolveTarget(db: Database, companyName: string): Promise<FinderTarget | null> {
  const normalised = normaliseCompanyName(companyName);
  if (normalised === '') return null;
  const self = await byName(db, normalised);
  const classified = self && self.sic_divisions.length > 0;
  const industryFrom = classified ? self : await byNameWords(db, normalised);
  if (!industryFrom) return null;
  return {
    how: classified ? 'name' : 'name-words',
    self,
    industryFrom,
    profile: profileOfRow(industryFrom),
    region: self?.region ?? null,
    sizeRank: self?.size_rank ?? null,
    size: self?.size_band ?? null,
  };
}
