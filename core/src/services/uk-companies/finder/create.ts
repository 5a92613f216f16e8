/**
 * Picks the Company Finder (design.md §2): Companies House when an API key is configured, else the bundled index.
 * Config comes from core/src/config.ts (COMPANIES_HOUSE_API_KEY, COMPANIES_HOUSE_URL).
 */
import type { Database } from '@pippitch/sql';
import { createCompaniesHouseClient } from '../../../providers/companies-house/client';
import { createCompaniesHouseFinder } from './companies-house-source';
import { createIndexCompanyFinder } from './index-source';
import { sicDirectory } from './sic-directory';
import type { CompanyFinder } from './types';

export interface CompanyFinderConfig {
  companiesHouseApiKey?: string | undefined;
  companiesHouseUrl?: string | undefined;
}

export function createCompanyFinder(config: CompanyFinderConfig, db: Database): CompanyFinder {
  const apiKey = config.companiesHouseApiKey?.trim();
  if (!apiKey) return createIndexCompanyFinder(db);
  const client = createCompaniesHouseClient({
    apiKey,
    ...(config.companiesHouseUrl ? { baseUrl: config.companiesHouseUrl } : {}),
  });
  // The SIC names and hierarchy still come from the loaded tables, which every start fills.
  return createCompaniesHouseFinder(client, () => sicDirectory(db));
}
