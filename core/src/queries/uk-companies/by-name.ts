/**
 * Finding the finder's client in the company index by its typed name (services/uk-companies/finder/resolve-target.ts
 * says how and why). Public reference data, the same for every company: no scope (index-row.ts).
 */
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { cardColumns, type IndexRow } from './index-row';

/**
 * A company found by name; `certain` when it has the name itself or spells it out in initials. (Names holding it
 * as whole words are left out of the results anyway: the typed name is an excluded name.)
 */
export type NameMatch = IndexRow & { certain: boolean };

// Words an abbreviation skips: 'Marks and Spencer' is 'ms', 'International Business Machines Ltd' is 'ibm'.
const NOT_ABBREVIATED = ['and', 'the', 'of', 'ltd', 'limited', 'plc', 'llp', 'uk', 'group', 'holdings'];

/**
 * The companies with the normalised name, or close to it, or that `acronym` (when given) abbreviates, best first:
 * the same name, then the closest, then the bigger employer, then by name.
 */
export async function companiesByName(
  db: Database,
  { normalised, acronym, limit }: { normalised: string; acronym: string | null; limit: number },
): Promise<NameMatch[]> {
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
    ),
    found AS (
      -- The name tests alone, so that they use company_index_normalized_name and company_index_name_trgm (a
      -- bitmap OR); with the abbreviations' join in the same OR, every call computed similarity and
      -- word_similarity against all 11,000 names (findSimilar p50 10 ms → 80 ms, decisions.md 2026-11-28).
      SELECT c.id FROM company_index c
      WHERE c.normalized_name = ${normalised}
         OR (c.normalized_name % ${normalised} AND similarity(c.normalized_name, ${normalised}) >= 0.5)
         OR ${normalised} <% c.normalized_name
      UNION
      SELECT a.id FROM abbreviated a
    )
    SELECT ${cardColumns},
      (c.normalized_name = ${normalised} OR coalesce(a.closeness = 1.0, false)) AS certain
    FROM found f
    JOIN company_index c ON c.id = f.id
    LEFT JOIN abbreviated a ON a.id = c.id
    ORDER BY c.normalized_name = ${normalised} DESC,
      greatest(
        similarity(c.normalized_name, ${normalised}),
        word_similarity(${normalised}, c.normalized_name),
        coalesce(a.closeness, 0)
      ) DESC,
      c.size_rank DESC NULLS LAST, c.name, c.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

const escapeRegex = (word: string) => word.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/**
 * The classified company (one with a SIC division) whose name shares the rarest of `words` with the name, each
 * shared word weighing ln(N / companies with that word); null when none shares any.
 */
export async function companyByNameWords(
  db: Database,
  { normalised, words }: { normalised: string; words: readonly string[] },
): Promise<IndexRow | null> {
  if (words.length === 0) return null;
  const { rows } = await sql<IndexRow>`
    WITH words AS (SELECT DISTINCT w FROM unnest(${words.map(escapeRegex)}::text[]) AS w),
    classified AS (SELECT id, normalized_name FROM company_index WHERE cardinality(sic_divisions) > 0),
    hits AS (
      SELECT k.id, w.w FROM words w JOIN classified k ON k.normalized_name ~ ('\\m' || w.w || '\\M')
    ),
    weights AS (
      SELECT w, ln(((SELECT count(*) FROM classified) + 1)::float8 / count(*)) AS weight FROM hits GROUP BY w
    ),
    scored AS (SELECT h.id, sum(weights.weight) AS score FROM hits h JOIN weights USING (w) GROUP BY h.id)
    SELECT ${cardColumns}
    FROM scored s JOIN company_index c ON c.id = s.id
    ORDER BY s.score DESC, similarity(c.normalized_name, ${normalised}) DESC, c.name, c.id
    LIMIT 1`.execute(db);
  return rows[0] ?? null;
}
