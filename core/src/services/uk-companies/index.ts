// The companies domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { createCompanyFinder } from './finder/create';
export { findSimilarForBroker, searchCompaniesForBroker } from './finder/for-broker';
export type { CompanyFinder } from './finder/types';
export { loadCompanyIndex } from './search-index';
