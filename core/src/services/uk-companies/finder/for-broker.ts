/**
 * The Company Finder as a broker uses it (spec §4 Company finder): each page leaves out the companies already shown
 * and the broker's own leads. The routers call these and nothing else; vendor failures arrive as AppErrors
 * (companies-house/errors.ts) whose text the broker reads as is.
 */
import type { Database } from '@pippitch/sql';
import { unavailable } from '../../../errors';
import type { Actor } from '../../actor';
import { leadNames } from '../../leads/leads';
import { type CompanySearchResult, searchCompanies } from '../search';
import { type CompanyFinder, FINDER_PAGE_SIZE, type FindSimilarResult } from './types';

export const FINDER_FAILED = 'Failed to find similar companies. Please try again.';

export interface FindSimilarForBrokerInput {
  companyName: string;
  /** Names already shown for this client: "Find More Similar Companies" pages by leaving them out. */
  shown: readonly string[];
  /** The broker's pick among an earlier answer's `choices` (FinderMatch.key). */
  target?: string | undefined;
}

/** The names of the caller's own leads: the one thing of theirs the finder reads (the company index is public). */
async function leadNamesOf(db: Database, actor: Actor): Promise<string[]> {
  return (await leadNames(db, actor)).map((l) => l.name);
}

/** The next page of companies similar to the client, never one already shown or already in the broker's leads. */
export async function findSimilarForBroker(
  db: Database,
  actor: Actor,
  input: FindSimilarForBrokerInput,
  // Optional in the registry for tests that need no finder; a server always builds one (app.ts).
  { finder }: { finder: CompanyFinder | undefined },
): Promise<FindSimilarResult> {
  if (!finder) throw unavailable(FINDER_FAILED);
  const leads = await leadNamesOf(db, actor);
  return finder.findSimilar({
    companyName: input.companyName,
    limit: FINDER_PAGE_SIZE,
    exclude: [...input.shown, ...leads],
    ...(input.target !== undefined ? { target: input.target } : {}),
  });
}

/** 'Find New Companies' on My Leads: pages of five, the broker's leads left out. */
export async function searchCompaniesForBroker(
  db: Database,
  actor: Actor,
  input: { term: string; offset: number },
): Promise<CompanySearchResult> {
  return searchCompanies(db, input.term, {
    limit: FINDER_PAGE_SIZE,
    offset: input.offset,
    exclude: await leadNamesOf(db, actor),
  });
}
