/**
 * The embedded finder's ranking (services/uk-companies/finder/index-source.ts), in one query so that exclusion,
 * LIMIT and the total agree: candidates share at least the client's SIC division (MIN_SIMILAR_TIER), are not the
 * client (FinderTarget.sameClient) and match no excluded name (company_names_match, the SQL twin of
 * companyNamesMatch). `rank` is sic-match.ts's matchRank and the ORDER BY is its compareRanked: the client's main
 * class first, then the same size band, then the exact main code, then the same region, then name, company number
 * and id, so the same question always gets the same answer. The company index is public reference data, the same
 * for every company: no scope (index-row.ts).
 */
import type { SicProfile } from '@pippitch/shared/sic';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { cardColumns, type IndexRow } from './index-row';

export interface RankedRow extends IndexRow {
  rank: number;
  total: number;
}

export interface RankSimilarInput {
  /** The client as resolve-target.ts found it (its FinderTarget). */
  target: { profile: SicProfile; region: string | null; sizeRank: number | null; sameClient: readonly number[] };
  /** The client's main SIC code and class (sic-match.ts's MainSic). */
  main: { code: string | null; class: string | null };
  /** Normalised names, none empty (an empty name matches nothing anyway). */
  excluded: readonly string[];
  limit: number;
}

export async function rankSimilar(
  db: Database,
  { target, main, excluded, limit }: RankSimilarInput,
): Promise<RankedRow[]> {
  const p = target.profile;
  const { rows } = await sql<RankedRow>`
    WITH ranked AS (
      SELECT ${cardColumns},
        CASE
          WHEN c.sic_codes && ${main.code ? [main.code] : []}::text[] THEN 6
          WHEN c.sic_classes && ${main.class ? [main.class] : []}::text[] THEN 5
          WHEN c.sic_codes && ${p.codes}::text[] OR c.sic_classes && ${p.classes}::text[] THEN 4
          WHEN c.sic_groups && ${p.groups}::text[] THEN 3
          ELSE 2
        END AS rank,
        coalesce(c.region = ${target.region}::text, false) AS same_region,
        abs(c.size_rank - ${target.sizeRank}::int) AS size_gap
      FROM company_index c
      WHERE c.sic_divisions && ${p.divisions}::text[]
        AND c.id <> ALL(${target.sameClient}::int[])
        AND NOT EXISTS (
          SELECT 1 FROM unnest(${excluded}::text[]) AS e(n) WHERE company_names_match(c.normalized_name, e.n)
        )
    )
    SELECT *, count(*) OVER ()::int AS total
    FROM ranked
    ORDER BY least(rank, 5) DESC, size_gap ASC NULLS LAST, rank DESC, same_region DESC,
      name, company_number NULLS LAST, id
    LIMIT ${limit}`.execute(db);
  return rows;
}
