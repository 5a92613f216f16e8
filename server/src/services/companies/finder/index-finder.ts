/**
 * The embedded Company Finder (design.md §2): similar companies from the bundled UK index, ranked in the database.
 * Used whenever no Companies House key is configured.
 */
import type { Database } from '@pippitch/sql';
import { cardOfRow, profileOfRow } from '../card';
import { isExcluded, normalisedExclusions } from '../exclusions';
import { MIN_SIMILAR_TIER, sicCloseness } from './closeness';
import { rankSimilar } from './rank-similar';
import { similarityReason } from './reasoning';
import { type FinderTarget, resolveTarget } from './resolve-target';
import { sicDirectory } from './sic-directory';
import {
  type CompanyFinder,
  FINDER_PAGE_SIZE,
  type FinderBasis,
  type FindSimilarInput,
  type FindSimilarResult,
} from './types';

/** A page is never more than this, whatever the caller asks: the query stays cheap. */
export const MAX_FINDER_LIMIT = 50;

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return FINDER_PAGE_SIZE;
  return Math.min(MAX_FINDER_LIMIT, Math.max(1, Math.floor(limit)));
}

function basisOf(target: FinderTarget): FinderBasis {
  const from = target.industryFrom;
  return { how: target.how, name: from.name, ...(from.company_number ? { companyNumber: from.company_number } : {}) };
}

export function createIndexCompanyFinder(db: Database): CompanyFinder {
  return {
    source: 'index',
    async findSimilar(input: FindSimilarInput): Promise<FindSimilarResult> {
      const target = await resolveTarget(db, input.companyName);
      if (!target) return { companies: [], total: 0 };
      // The client itself, under the name typed or the name found, is never "similar to" itself.
      const excluded = normalisedExclusions([
        ...(input.exclude ?? []),
        input.companyName,
        ...(target.self ? [target.self.name] : []),
      ]);
      const [rows, directory] = await Promise.all([
        rankSimilar(db, target, excluded, clampLimit(input.limit)),
        sicDirectory(db),
      ]);
      const companies = rows
        .filter((row) => !isExcluded(row.normalized_name, excluded))
        .map((row) => {
          const closeness = sicCloseness(target.profile, profileOfRow(row));
          const shared = closeness.tier >= MIN_SIMILAR_TIER ? closeness.shared : null;
          return {
            ...cardOfRow(row),
            reasoning: similarityReason({
              sharedSic: shared ? directory.label(shared.level, shared.code) : 'Related SIC codes',
              basis: target.how,
              clientName: input.companyName.trim(),
              region: row.region,
              targetRegion: target.region,
              size: row.size_band,
              targetSize: target.size,
            }),
          };
        });
      return { companies, total: rows[0]?.total ?? 0, basis: basisOf(target) };
    },
  };
}
