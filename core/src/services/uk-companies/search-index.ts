/**
 * Company data for the Company Finder (issue 5): the bundled UK index, its loader, the finder providers and the
 * 'Find New Companies' search. Routers call these; nothing here knows about tRPC.
 */

export {
  BAD_KEY_MESSAGE,
  BAD_RESPONSE_MESSAGE,
  CompaniesHouseError,
  type CompaniesHouseFailure,
  RATE_LIMITED_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../../providers/companies-house/errors';
export type { CompanyCard } from './card';
export {
  FINDER_FAILED,
  findSimilarForBroker,
  searchCompaniesForBroker,
} from './finder/for-broker';
export { createIndexCompanyFinder } from './finder/index-source';
export { MAX_FINDER_LIMIT } from './finder/limit';
// The finder's contract, whole: what a finder is given, what it answers, and its limits and words.
export * from './finder/types';
export { type LoadOptions, type LoadResult, loadCompanyIndex } from './load/load-index';
export {
  type CompanySearchOptions,
  type CompanySearchResult,
  SEARCH_MAX_LIMIT,
  searchCompanies,
} from './search';
