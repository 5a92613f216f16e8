/**
 * 'Find New Companies' (spec §5: at least 2 characters): companies in the index whose normalised name contains the
 * term, or contains a close spelling of it (pg_trgm word similarity ≥ 0.6, so 'sainsbry' finds Sainsbury's), or
 * whose company number it is. Ranked: exact name, then names starting with the term, then closeness, then name.
 */

import { isSearchableTerm, SEARCH_TOO_SHORT } from '@pippitch/shared/company-search';
import { normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import { searchCompanyIndex } from '../../queries/uk-companies/search';
import { type CompanyCard, cardOfRow } from './card';
import { isExcluded, normalisedExclusions } from './exclusions';

export const SEARCH_MAX_LIMIT = 50;

export interface CompanySearchOptions {
  /** Page size; 5 (spec §9) unless stated, at most 50. */
  limit?: number;
  offset?: number;
  /** Names not to return, e.g. the broker's leads (compared with companyNamesMatch). */
  exclude?: readonly string[];
}

export interface CompanySearchResult {
  companies: CompanyCard[];
  /** All matches not excluded, across pages. */
  total: number;
}

export async function searchCompanies(
  db: Database,
  term: string,
  options: CompanySearchOptions = {},
): Promise<CompanySearchResult> {
  if (!isSearchableTerm(term)) throw badRequest(SEARCH_TOO_SHORT, 'term');
  // Names are stored normalised, so the term is too; one made only of legal words ('Ltd', 'Holdings') is in no name.
  const key = normaliseCompanyName(term);
  if (key === '') return { companies: [], total: 0 };
  const limit = Math.min(SEARCH_MAX_LIMIT, Math.max(1, Math.floor(options.limit ?? 5)));
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  const excluded = normalisedExclusions(options.exclude ?? []);
  const number = term.trim().toUpperCase();
  const { rows, total } = await searchCompanyIndex(db, { key, number, excluded, limit, offset });
  return { companies: rows.filter((r) => !isExcluded(r.normalized_name, excluded)).map(cardOfRow), total };
}
