/**
 * 'Find New Companies' over the company index (public reference data: no scope, see index-row.ts). Ranked: exact
 * name, then names starting with the term, then closeness (pg_trgm), then name.
 */
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { cardColumns, type IndexRow } from './index-row';

export interface IndexSearch {
  /** The normalised term (non-empty). */
  key: string;
  /** The term as a company number. */
  number: string;
  /** Normalised names not to return (compared with company_names_match). */
  excluded: readonly string[];
  limit: number;
  offset: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** One page of the companies whose name holds the term or a close spelling of it, or whose number it is. */
export async function searchCompanyIndex(
  db: Database,
  { key, number, excluded, limit, offset }: IndexSearch,
): Promise<{ rows: IndexRow[]; total: number }> {
  const matching = sql`
    (c.normalized_name LIKE ${`%${escapeLike(key)}%`} OR ${key} <% c.normalized_name OR c.company_number = ${number})
    AND NOT EXISTS (
      SELECT 1 FROM unnest(${excluded}::text[]) AS e(n) WHERE company_names_match(c.normalized_name, e.n)
    )`;
  const { rows } = await sql<IndexRow & { total: number }>`
    SELECT ${cardColumns}, count(*) OVER ()::int AS total
    FROM company_index c
    WHERE ${matching}
    ORDER BY c.normalized_name = ${key} DESC,
      c.normalized_name LIKE ${`${escapeLike(key)}%`} DESC,
      word_similarity(${key}, c.normalized_name) DESC,
      similarity(c.normalized_name, ${key}) DESC,
      c.name, c.id
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    // Past the last page no row carries the window count; ask for it on its own.
    const counted = await sql<{ n: number }>`SELECT count(*)::int AS n FROM company_index c WHERE ${matching}`.execute(
      db,
    );
    total = counted.rows[0]?.n ?? 0;
  }
  return { rows, total };
}
