/**
 * The Companies House Company Finder (design.md §2, production): the client is looked up on the live register,
 * candidates come from a name search on its industry's words (industry-query.ts), each candidate's profile gives
 * its real SIC codes and registered office, and they are ranked exactly like the embedded finder (sic-match.ts):
 * the client's main class first, then its exact main code, then same region, then name. The register publishes no
 * head counts, so size plays no part and cards show none. The client's choices are the live hits of the name
 * search, the best name match first; the broker may pick another by its company number.
 *
 * Cost per click: 1 search + 1 profile for the client, then up to `maxSearchPages` searches and `poolSize` profile
 * reads; Companies House allows 600 requests per 5 minutes per key.
 */
import { findMatchingItem, normaliseCompanyName } from '@pippitch/shared/names';
import { badRequest } from '../../../errors';
import type { CompaniesHouseClient } from '../../../providers/companies-house/client';
import { industryQuery } from '../../../providers/companies-house/industry-query';
import type { CompanyFacts, SearchHit } from '../../../providers/companies-house/transform';
import type { CompanyCard } from '../card';
import { locationOf } from '../card';
import { isExcluded, normalisedExclusions } from '../exclusions';
import { explain } from './explain';
import { clampLimit } from './limit';
import { mainClassOf } from './matches';
import type { SicDirectory } from './sic-directory';
import { compareRanked, mainSicOf, sicMatch } from './sic-match';
import {
  type CompanyFinder,
  type FinderMatch,
  type FindSimilarInput,
  type FindSimilarResult,
  MAX_FINDER_CHOICES,
  NOT_A_CHOICE,
  type SimilarCompany,
} from './types';

export interface CompaniesHouseFinderOptions {
  /** Candidate profiles read per click (default 20). */
  poolSize?: number;
  /** Search pages of `poolSize` read to fill the pool when many hits are excluded (default 3). */
  maxSearchPages?: number;
  /** Profile requests in flight at once (default 4). */
  concurrency?: number;
}

// Dissolved and closed companies are no one's prospects.
const isLive = (status: string | null) => status === null || !/dissolved|closed|converted-closed/.test(status);

async function mapLimit<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function cardOf(facts: CompanyFacts, directory: SicDirectory): CompanyCard & { region: string | null } {
  const first = facts.sicCodes[0];
  return {
    name: facts.name,
    companyNumber: facts.companyNumber,
    industry: first ? directory.industryOf(first) : null,
    sicCodes: facts.sicCodes,
    location: locationOf(facts.locality, facts.region),
    ...(facts.postcode ? { postcode: facts.postcode } : {}),
    size: null,
    isSubsidiary: false,
    ...(facts.companyType ? { companyType: facts.companyType } : {}),
    region: facts.region,
  };
}

export function createCompaniesHouseFinder(
  client: CompaniesHouseClient,
  directory: () => Promise<SicDirectory>,
  options: CompaniesHouseFinderOptions = {},
): CompanyFinder {
  const poolSize = options.poolSize ?? 20;
  const maxSearchPages = options.maxSearchPages ?? 3;
  const concurrency = options.concurrency ?? 4;

  /** The live hits for the client's name, the best name match first, and the one to rank around. */
  async function findClient(companyName: string, chosen: string | undefined) {
    const hits = (await client.searchCompanies(companyName, { itemsPerPage: 10 })).filter((h) => isLive(h.status));
    const best = findMatchingItem(companyName, hits, (h) => h.name) ?? hits[0];
    const choices = best ? [best, ...hits.filter((h) => h !== best)].slice(0, MAX_FINDER_CHOICES) : [];
    const hit = chosen === undefined ? best : choices.find((h) => h.companyNumber === chosen);
    if (chosen !== undefined && !hit) throw badRequest(NOT_A_CHOICE, 'target');
    return { choices, target: hit ? await client.getCompany(hit.companyNumber) : null };
  }

  async function candidates(query: string, skip: (hit: SearchHit) => boolean): Promise<CompanyFacts[]> {
    const pool: CompanyFacts[] = [];
    const seen = new Set<string>();
    for (let page = 0; page < maxSearchPages && pool.length < poolSize; page++) {
      const hits = await client.searchCompanies(query, { itemsPerPage: poolSize, startIndex: page * poolSize });
      const fresh = hits.filter((h) => !seen.has(h.companyNumber) && isLive(h.status) && !skip(h));
      for (const h of hits) seen.add(h.companyNumber);
      const profiles = await mapLimit(fresh.slice(0, poolSize - pool.length), concurrency, (h) =>
        client.getCompany(h.companyNumber),
      );
      pool.push(...profiles.filter((p): p is CompanyFacts => p !== null));
      if (hits.length < poolSize) break;
    }
    return pool;
  }

  return {
    source: 'companies-house',
    async findSimilar(input: FindSimilarInput): Promise<FindSimilarResult> {
      if (normaliseCompanyName(input.companyName) === '') {
        if (input.target !== undefined) throw badRequest(NOT_A_CHOICE, 'target');
        return { companies: [], total: 0 };
      }
      const found = await findClient(input.companyName, input.target);
      const target = found.target;
      if (!target) return { companies: [], total: 0 };
      const dir = await directory();
      const profile = dir.profileOf(target.sicCodes);
      const main = mainSicOf(target.sicCodes, dir.place);
      const sic = mainClassOf(target.sicCodes, dir);
      const match: FinderMatch = {
        key: target.companyNumber,
        name: target.name,
        companyNumber: target.companyNumber,
        sic,
        region: target.region,
        size: null,
      };
      // Only the matched company's profile is read; the other choices show what the search returned.
      const choices = found.choices.map(
        (h): FinderMatch =>
          h.companyNumber === target.companyNumber
            ? match
            : {
                key: h.companyNumber,
                name: h.name,
                companyNumber: h.companyNumber,
                sic: null,
                region: h.region,
                size: null,
              },
      );
      const answer = {
        basis: { how: 'name' as const, name: target.name, companyNumber: target.companyNumber, sic },
        match,
        choices,
      };
      const query = industryQuery(target.sicCodes[0] ? dir.industryOf(target.sicCodes[0]) : null);
      if (profile.divisions.length === 0 || query === '') return { companies: [], total: 0, ...answer };

      const excluded = normalisedExclusions([...(input.exclude ?? []), input.companyName, target.name]);
      const skip = (h: { companyNumber: string; name: string }) =>
        h.companyNumber === target.companyNumber || isExcluded(normaliseCompanyName(h.name), excluded);
      const pool = (await candidates(query, skip)).filter((f) => !skip(f));

      const ranked = pool
        .flatMap((facts) => {
          const sicFit = sicMatch(profile, main, facts.sicCodes, dir.place);
          if (!sicFit) return [];
          const sameRegion = target.region !== null && facts.region === target.region;
          const order = {
            rank: sicFit.rank,
            sizeGap: null,
            sameRegion,
            name: facts.name,
            companyNumber: facts.companyNumber,
          };
          return [{ facts, sicFit, order }];
        })
        .sort((a, b) => compareRanked(a.order, b.order));
      const context = {
        clientName: input.companyName,
        basis: 'name' as const,
        region: target.region,
        size: null,
        directory: dir,
      };
      const companies: SimilarCompany[] = ranked
        .slice(0, clampLimit(input.limit))
        .map((r) => explain(cardOf(r.facts, dir), r.sicFit, context));
      return { companies, total: ranked.length, ...answer };
    },
  };
}
