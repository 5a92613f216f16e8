/**
 * Placing Companies House SIC codes in the ONS SIC 2007 hierarchy (data README, sic2007-ons-hierarchy.tsv):
 * '62012' → subclass '62.01/2', class '62.01', group '62.0', division '62', section 'J'. Pure, so the loader and
 * the Companies House adapter place codes the same way.
 */

export type SicLevel = 'section' | 'division' | 'group' | 'class' | 'subclass';

/** Every level a company's SIC codes reach; "shares a group" is then a set intersection. */
export interface SicProfile {
  codes: string[];
  subclasses: string[];
  classes: string[];
  groups: string[];
  divisions: string[];
  sections: string[];
}

export interface SicPath {
  code: string;
  /** Only when the fifth digit is not 0: '62012' has subclass '62.01/2', '46900' has none. */
  subclass: string | null;
  class: string;
  group: string;
  division: string;
  section: string | null;
}

// SIC 2007 sections by division range. Fixed by the classification itself, and checked against the ONS file in
// the loader tests, so the Companies House adapter can place a code without the database.
const SECTION_RANGES: ReadonlyArray<readonly [string, number, number]> = [
  ['A', 1, 3],
  ['B', 5, 9],
  ['C', 10, 33],
  ['D', 35, 35],
  ['E', 36, 39],
  ['F', 41, 43],
  ['G', 45, 47],
  ['H', 49, 53],
  ['I', 55, 56],
  ['J', 58, 63],
  ['K', 64, 66],
  ['L', 68, 68],
  ['M', 69, 75],
  ['N', 77, 82],
  ['O', 84, 84],
  ['P', 85, 85],
  ['Q', 86, 88],
  ['R', 90, 93],
  ['S', 94, 96],
  ['T', 97, 98],
  ['U', 99, 99],
];

export function sectionOfDivision(division: string): string | null {
  const n = Number(division);
  if (!/^\d{2}$/.test(division)) return null;
  return SECTION_RANGES.find(([, from, to]) => n >= from && n <= to)?.[0] ?? null;
}

/** '1110' → '01110'; anything that is not 1–5 digits → null. */
export function padSicCode(raw: string): string | null {
  const code = raw.trim();
  return /^\d{1,5}$/.test(code) ? code.padStart(5, '0') : null;
}

/** The gender-pay-gap service's code '1' means "Public Sector"; it is not a SIC code. */
export const PUBLIC_SECTOR_CODE = '1';

/**
 * Splits a pay-gap `SicCodes` field ('85200,\n85310', leading zeros dropped) into distinct five-digit codes in
 * their original order, and says whether the public-sector marker was among them.
 */
export function parseSicCodes(field: string): { codes: string[]; publicSector: boolean } {
  const parts = field.split(/[\s,;]+/).filter((p) => p !== '');
  const codes: string[] = [];
  for (const part of parts) {
    if (part === PUBLIC_SECTOR_CODE) continue;
    const code = padSicCode(part);
    if (code && !codes.includes(code)) codes.push(code);
  }
  return { codes, publicSector: parts.includes(PUBLIC_SECTOR_CODE) };
}

/** The hierarchy path a five-digit code would have; whether each level exists is for the caller to check. */
export function sicPath(code: string): SicPath {
  const division = code.slice(0, 2);
  const cls = `${division}.${code.slice(2, 4)}`;
  return {
    code,
    subclass: code[4] !== '0' ? `${cls}/${code[4]}` : null,
    class: cls,
    group: `${division}.${code[2]}`,
    division,
    section: sectionOfDivision(division),
  };
}

/**
 * The path of `code` keeping only levels that exist in the hierarchy. A code whose class is not an ONS class
 * (Companies House's 74990, 98000, 99999) is placed nowhere: its digits would suggest a parent with a different
 * meaning (99 is extraterritorial organisations, 99999 is a dormant company).
 */
export function placeSicCode(code: string, exists: (hierarchyCode: string) => boolean): PlacedSicCode {
  const path = sicPath(code);
  const keep = (level: string | null) => (level !== null && exists(path.class) && exists(level) ? level : null);
  return {
    code,
    subclass: keep(path.subclass),
    class: keep(path.class),
    group: keep(path.group),
    division: keep(path.division),
    section: keep(path.section),
  };
}

/** A code and the levels of the hierarchy it belongs to (NULL where it has none). */
export interface PlacedSicCode {
  code: string;
  subclass: string | null;
  class: string | null;
  group: string | null;
  division: string | null;
  section: string | null;
}

export const emptySicProfile = (): SicProfile => ({
  codes: [],
  subclasses: [],
  classes: [],
  groups: [],
  divisions: [],
  sections: [],
});

/** The union of the placed paths of `codes`, each list distinct and in first-seen order. */
export function sicProfile(codes: readonly string[], place: (code: string) => PlacedSicCode): SicProfile {
  const profile = emptySicProfile();
  const add = (list: string[], value: string | null | undefined) => {
    if (value && !list.includes(value)) list.push(value);
  };
  for (const code of codes) {
    const p = place(code);
    add(profile.codes, code);
    add(profile.subclasses, p.subclass);
    add(profile.classes, p.class);
    add(profile.groups, p.group);
    add(profile.divisions, p.division);
    add(profile.sections, p.section);
  }
  return profile;
}
