/**
 * The embedded finder's ranking, in one query so that exclusion, LIMIT and the total agree: candidates share at
 * least the client's SIC division (MIN_SIMILAR_TIER), are not the client (FinderTarget.sameClient) and match no excluded name
 * (company_names_match, the SQL twin of companyNamesMatch). `rank` is sic-match.ts's matchRank and the ORDER BY is
 * its compareRanked: the client's main class first, then the same size band, then the exact main code, then the
 * same region, then name, company number and id, so the same question always gets the same answer.
 */
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { CARD_COLUMNS, type IndexRow } from '../card';
import type { FinderTarget } from './resolve-target';
import type { MainSic } from './sic-match';

export interface RankedRow extends IndexRow {
  rank: number;
  total: number;
}

const columns = sql.join(CARD_COLUMNS.map((c) => sql.ref(`c.${c}`)));

export interface RankSimilarInput {
  target: FinderTarget;
  /** The client's main SIC code and class. */
  main: MainSic;
  /** Normalised names, none empty (an empty name matches nothing anyway). */
  excluded: readonly string[];
  limit: number;
}

/** No actor: the company index is public data, the same for every company. */
export async function rankSimilar(
  db: Database,
  { target, main, excluded, limit }: RankSimilarInput,
): Promise<RankedRow[]> {
  const p = target.profile;
  const { rows } = await sql<RankedRow>`
    WITH ranked AS (
      SELECT ${columns},
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
