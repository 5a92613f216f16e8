/**
 * The embedded Company Finder (design.md §2): similar companies from the bundled UK index, ranked in the database.
 * Used whenever no Companies House key is configured.
 */
import type { Database } from '@pippitch/sql';
import { rankSimilar } from '../../../queries/uk-companies/rank-similar';
import { cardOfRow } from '../card';
import { isExcluded, normalisedExclusions } from '../exclusions';
import { explain } from './explain';
import { clampLimit } from './limit';
import { basisOfRow, matchOfRow } from './matches';
import { resolveTarget } from './resolve-target';
import { sicDirectory } from './sic-directory';
import { mainSicOf, sicMatch } from './sic-match';
import type { CompanyFinder, FindSimilarInput, FindSimilarResult, SimilarCompany } from './types';

export function createIndexCompanyFinder(db: Database): CompanyFinder {
  return {
    source: 'index',
    async findSimilar(input: FindSimilarInput): Promise<FindSimilarResult> {
      const target = await resolveTarget(db, input.companyName, input.target);
      if (!target) return { companies: [], total: 0 };
      const directory = await sicDirectory(db);
      const main = mainSicOf(target.profile.codes, directory.place);
      // The client itself, under the name typed or the name matched, is never "similar to" itself.
      const excluded = normalisedExclusions([
        ...(input.exclude ?? []),
        input.companyName,
        ...(target.self ? [target.self.name] : []),
      ]);
      const rows = await rankSimilar(db, { target, main, excluded, limit: clampLimit(input.limit) });
      const context = {
        clientName: input.companyName,
        basis: target.how,
        region: target.region,
        size: target.size,
        directory,
      };
      const companies: SimilarCompany[] = [];
      for (const row of rows) {
        if (isExcluded(row.normalized_name, excluded)) continue;
        const match = sicMatch(target.profile, main, row.sic_codes, directory.place);
        if (match) companies.push(explain({ ...cardOfRow(row), region: row.region }, match, context));
      }
      return {
        companies,
        total: rows[0]?.total ?? 0,
        basis: basisOfRow(target.how, target.industryFrom, directory),
        ...(target.self ? { match: matchOfRow(target.self, directory) } : {}),
        choices: target.candidates.map((row) => matchOfRow(row, directory)),
      };
    },
  };
}
