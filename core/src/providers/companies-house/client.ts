/**
 * The Companies House public data API over global fetch: the API key is the basic-auth username with an empty
 * password. Every failure becomes one of the messages in errors.ts; a 404 on a company is "no such company".
 */
import { badKey, badResponse, rateLimited, unavailable } from './errors';
import { type CompanyFacts, type SearchHit, toCompanyFacts, toSearchHits } from './transform';

export const COMPANIES_HOUSE_URL = 'https://api.company-information.service.gov.uk';

export interface CompaniesHouseClientOptions {
  apiKey: string;
  /** Base URL, without a trailing slash; the public API unless stated (tests point it at a local server). */
  baseUrl?: string;
  /** Per request; a slower answer counts as unavailable. */
  timeoutMs?: number;
}

export interface CompaniesHouseClient {
  searchCompanies(query: string, page: { itemsPerPage: number; startIndex?: number }): Promise<SearchHit[]>;
  /** null when the register has no such company (404). */
  getCompany(companyNumber: string): Promise<CompanyFacts | null>;
}

export function createCompaniesHouseClient(options: CompaniesHouseClientOptions): CompaniesHouseClient {
  const base = (options.baseUrl ?? COMPANIES_HOUSE_URL).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function getJson(path: string, notFoundIsNull: boolean): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw unavailable(err); // refused, reset, DNS, timeout
    }
    if (response.status === 404 && notFoundIsNull) return null;
    if (response.status === 429) throw rateLimited();
    if (response.status === 401 || response.status === 403) throw badKey();
    if (!response.ok) throw unavailable(new Error(`HTTP ${response.status} from ${path}`));
    const text = await response.text().catch((err: unknown) => {
      throw unavailable(err);
    });
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw badResponse(err);
    }
  }

  return {
    async searchCompanies(query, page) {
      const params = new URLSearchParams({ q: query, items_per_page: String(page.itemsPerPage) });
      if (page.startIndex) params.set('start_index', String(page.startIndex));
      return toSearchHits(await getJson(`/search/companies?${params}`, false));
    },
    async getCompany(companyNumber) {
      const json = await getJson(`/company/${encodeURIComponent(companyNumber)}`, true);
      return json === null ? null : toCompanyFacts(json);
    },
  };
}
