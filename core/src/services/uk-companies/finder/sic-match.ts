/**
 * How a candidate's SIC codes meet the client's, and the order similar companies are shown in. Both finders rank
 * with these rules (the index in SQL, queries/uk-companies/rank-similar.ts, which mirrors `matchRank` and
 * `compareRanked`; Companies House here), and every card's industry and reasoning are written from the one code
 * `sicMatch` picks, so a card can never show one trade while its reason cites another.
 *
 * A client's first SIC code is its main business (Tesco: 47110 groceries, before 47710 clothing and 47750
 * cosmetics), so companies in that code's class come first; among them the same size band first, so a large grocer
 * is shown large grocers before small ones.
 */
import type { PlacedSicCode, SicProfile } from '@pippitch/shared/sic';
import { MIN_SIMILAR_TIER, type SharedLevel, sicCloseness } from './closeness';

/**
 * 6 the client's main code · 5 its main code's class · 4 another of its codes or classes · 3 a shared group ·
 * 2 a shared division. Below 2 a company does not match well enough.
 */
export type MatchRank = 2 | 3 | 4 | 5 | 6;

/** The client's main code and its class, when it has them. */
export interface MainSic {
  code: string | null;
  class: string | null;
}

export interface SicMatch {
  rank: MatchRank;
  /** The candidate's own code that the card describes and the reasoning cites. */
  code: string;
  /** The level and code of the hierarchy the two share through that code. */
  shared: { level: SharedLevel; code: string };
}

/** A company's first SIC code is its main business. */
export function mainSicOf(codes: readonly string[], place: (code: string) => PlacedSicCode): MainSic {
  const code = codes[0] ?? null;
  return { code, class: code ? place(code).class : null };
}

function matchOfCode(
  target: SicProfile,
  main: MainSic,
  code: string,
  place: (code: string) => PlacedSicCode,
): SicMatch | null {
  if (code === main.code) return { rank: 6, code, shared: { level: 'code', code } };
  const placed = place(code);
  if (placed.class !== null && placed.class === main.class) {
    return { rank: 5, code, shared: { level: 'class', code: placed.class } };
  }
  const own: SicProfile = {
    codes: [code],
    subclasses: placed.subclass ? [placed.subclass] : [],
    classes: placed.class ? [placed.class] : [],
    groups: placed.group ? [placed.group] : [],
    divisions: placed.division ? [placed.division] : [],
    sections: placed.section ? [placed.section] : [],
  };
  const { tier, shared } = sicCloseness(target, own);
  if (tier < MIN_SIMILAR_TIER || !shared) return null;
  return { rank: Math.min(tier, 4) as MatchRank, code, shared };
}

/** The candidate code closest to the client (highest rank; the candidate's own order breaks ties), or null. */
export function sicMatch(
  target: SicProfile,
  main: MainSic,
  candidateCodes: readonly string[],
  place: (code: string) => PlacedSicCode,
): SicMatch | null {
  let best: SicMatch | null = null;
  for (const code of candidateCodes) {
    const match = matchOfCode(target, main, code, place);
    if (match && (!best || match.rank > best.rank)) best = match;
  }
  return best;
}

export interface RankFacts {
  rank: MatchRank;
  /** Distance between size bands; null when either size is unknown (sorted last). */
  sizeGap: number | null;
  sameRegion: boolean;
  name: string;
  companyNumber: string | null;
}

/**
 * The order of similar companies: the client's main class (ranks 5 and 6 together) before other shared classes,
 * groups and divisions; then the same size band first; then the exact main code; then the same region; then name
 * and company number, so the same question always gets the same answer.
 */
export function compareRanked(a: RankFacts, b: RankFacts): number {
  const gap = (x: RankFacts) => x.sizeGap ?? Number.POSITIVE_INFINITY;
  return (
    Math.min(b.rank, 5) - Math.min(a.rank, 5) ||
    gap(a) - gap(b) ||
    b.rank - a.rank ||
    Number(b.sameRegion) - Number(a.sameRegion) ||
    a.name.localeCompare(b.name, 'en') ||
    (a.companyNumber ?? '\uffff').localeCompare(b.companyNumber ?? '\uffff', 'en')
  );
}
