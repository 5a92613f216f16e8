/**
 * The Company Finder provider contract (spec §2 Company Finder panel, §7 google-competitor-search): the embedded
 * index and Companies House both answer it, chosen by configuration (design.md §2).
 */

import type { CompanyCard } from '../card';

export type { CompanyCard };

/** Spec §9: the finder shows five companies per click. */
export const FINDER_PAGE_SIZE = 5;

export interface SimilarCompany extends CompanyCard {
  /** One sentence built from the facts that ranked it: shared SIC level, region, size. */
  reasoning: string;
}

export interface FindSimilarInput {
  /** The client's name as the broker typed it. */
  companyName: string;
  /** Companies per page; FINDER_PAGE_SIZE unless stated. */
  limit?: number;
  /**
   * Names never to return (compared with companyNamesMatch): the companies already shown plus the broker's leads.
   * Passing the shown names is how "Find More Similar Companies" pages.
   */
  exclude?: readonly string[];
}

/** How the client's name was placed: found by name, or only its industry guessed from the words of the name. */
export interface FinderBasis {
  how: 'name' | 'name-words';
  /** The company in the index (or register) whose industry the ranking uses. */
  name: string;
  companyNumber?: string;
}

export interface FindSimilarResult {
  companies: SimilarCompany[];
  /**
   * How many companies match well enough and are not excluded, this page included; 0 once exhausted. With the
   * shown names excluded it shrinks page by page, so 'Showing n of total' is n of (shown before + total).
   */
  total: number;
  basis?: FinderBasis;
}

export interface CompanyFinder {
  readonly source: 'index' | 'companies-house';
  findSimilar(input: FindSimilarInput): Promise<FindSimilarResult>;
}
