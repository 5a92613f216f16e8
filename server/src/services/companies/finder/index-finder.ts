/**
 * The embedded Company Finder (design.md §2): similar companies from the bundled UK index, ranked in the database.
 * Used whenever no Companies House key is configured.
 */
import type { Database } from '@pippitch/sql';
import { cardOfRow, profileOfRow } from '../card';
import { isExcluded, normalisedExclusions } from '../exclusions';
import { explain } from './explain';
import { clampLimit } from './limit';
import { rankSimilar } from './rank-similar';
import { type FinderTarget, resolveTarget } from './resolve-target';
import { sicDirectory } from './sic-directory';
import type { CompanyFinder, FinderBasis, FindSimilarInput, FindSimilarResult } from './types';

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
      const context = {
        clientName: input.companyName,
        basis: target.how,
        profile: target.profile,
        region: target.region,
        size: target.size,
        directory,
      };
      const companies = rows
        .filter((row) => !isExcluded(row.normalized_name, excluded))
        .map((row) => explain({ ...cardOfRow(row), region: row.region }, profileOfRow(row), context));
      return { companies, total: rows[0]?.total ?? 0, basis: basisOf(target) };
    },
  };
}
