/**
 * The Company Finder's contract (spec §2 Company Finder panel, §7 google-competitor-search): the embedded
 * index and Companies House both answer it, chosen by configuration (design.md §2).
 */

import type { CompanyCard } from '../card';

export type { CompanyCard };

/** Spec §9: the finder shows five companies per click. */
export const FINDER_PAGE_SIZE = 5;

/** How many companies a client's name may be matched to and offered to the broker to choose from. */
export const MAX_FINDER_CHOICES = 6;

/** A `target` that is not one of the companies offered for the client's name. */
export const NOT_A_CHOICE = 'Please choose one of the companies offered for this client name';

export interface SimilarCompany extends CompanyCard {
  /**
   * The company's own SIC code that ranked it: `industry` describes this code and `reasoning` cites its shared
   * level, so the card and its reason always tell the same story (sic-match.ts).
   */
  sicCode: string;
  /** One sentence built from the facts that ranked it: shared SIC level, size, region. */
  reasoning: string;
}

/** A company the client's name may stand for, as the 'Similar to …' line shows it. */
export interface FinderMatch {
  /** Sent back as FindSimilarInput.target to rank around this company instead; only valid among `choices`. */
  key: string;
  name: string;
  companyNumber?: string;
  /** The class of its main SIC code: { code: '28.92', name: 'Manufacture of machinery for mining, …' }. */
  sic: { code: string; name: string | null } | null;
  region: string | null;
  /** Size band such as '1,000–4,999 staff'; null when unknown. */
  size: string | null;
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
  /**
   * The key of one of a previous answer's `choices`: the broker's pick when the name is ambiguous. Checked against
   * the choices found again for `companyName`; anything else is refused (AppError BAD_REQUEST).
   */
  target?: string;
}

/** How the client's name was placed: found by name, or only its industry guessed from the words of the name. */
export interface FinderBasis {
  how: 'name' | 'name-words';
  /** The company in the index (or register) whose industry the ranking uses. */
  name: string;
  companyNumber?: string;
  /** The class the ranking centres on (the main code's class of that company). */
  sic: { code: string; name: string | null } | null;
}

export interface FindSimilarResult {
  companies: SimilarCompany[];
  /**
   * How many companies match well enough and are not excluded, this page included; 0 once exhausted. With the
   * shown names excluded it shrinks page by page, so 'Showing n of total' is n of (shown before + total).
   */
  total: number;
  basis?: FinderBasis;
  /** The company the client's name was matched to ('Similar to …'); absent when the name found none. */
  match?: FinderMatch;
  /** Every company the name may stand for, best first, `match` first: more than one lets the broker pick. */
  choices?: FinderMatch[];
}

export interface CompanyFinder {
  readonly source: 'index' | 'companies-house';
  findSimilar(input: FindSimilarInput): Promise<FindSimilarResult>;
}
