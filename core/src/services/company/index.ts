// The company domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { createTrialCompany } from './create';
export { companyLogo, hasCompanyLogo, setCompanyLogo } from './logo';
export { deskPairs, setDeskPairs } from './pairs';
export { deleteExpiredCompanies } from './retention';
export { companySummary } from './summary';
