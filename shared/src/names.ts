// The one company-name normaliser and matcher (spec §5 "Lead matching", design.md §3), used by the calculator,
// leads, the company finder and reports, so "is this the same company?" has one answer everywhere; and the one
// rule for the name a member is shown by.

// Legal-form and corporate words that say nothing about which company it is. Removed as whole words wherever they
// stand, not only at the end: 'Acme Holdings Ltd', 'International Acme' and 'Acme Group (UK)' all keep 'acme'.
const SUFFIX_WORDS = new Set([
  'ltd',
  'limited',
  'plc',
  'llc',
  'inc',
  'corp',
  'co',
  'group',
  'holdings',
  'international',
]);

/** Lowercase, fold accents ('Nestlé' → 'nestle'), so the same name typed two ways normalises the same. */
function foldCase(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * 'Barclays PLC' → 'barclay'; "J. Sainsbury's Ltd" → 'j sainsbury'; 'Ltd' → ''.
 * Steps, in this order: lowercase; punctuation removed (not replaced by a space, so 'A.B.C.' → 'abc' and '&' between
 * spaces just disappears); suffix words removed; one trailing 's' removed from each word of 4+ letters (counting
 * the 's', so 'bus' stays and 'bank' / 'banks' meet at 'bank'); whitespace collapsed. Suffixes go before plurals so
 * 'holdings' is recognised. The 's' rule is not grammar ('glass' → 'glas'), but both sides of every comparison pass
 * through it, which is all a key needs.
 */
export function normaliseCompanyName(name: string): string {
  return foldCase(name)
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/)
    .filter((word) => word !== '' && !SUFFIX_WORDS.has(word))
    .map((word) => (word.length >= 4 && word.endsWith('s') ? word.slice(0, -1) : word))
    .join(' ');
}

/**
 * The calculator's client key (spec §5): lowercase with everything but letters and digits removed, so
 * 'Acme Ltd.' → 'acmeltd'. Used to find earlier calculations for the same client; leads use normaliseCompanyName.
 */
export function normaliseClientName(name: string): string {
  return foldCase(name).replace(/[^\p{L}\p{N}]/gu, '');
}

/** Edit distance, two rows at a time; gives up (returns limit + 1) once every path is already over `limit`. */
export function levenshtein(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Most edits two names may differ by and still match: max(2, 15% of the shorter name, rounded down). */
export function maxEditDistance(a: string, b: string): number {
  return Math.max(2, Math.floor(Math.min(a.length, b.length) * 0.15));
}

/** Whether either normalised name appears inside the other as whole words. */
function oneContainsTheOther(a: string, b: string): boolean {
  return ` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `);
}

/**
 * Whether two already-normalised names are the same company: equal; or one contains the other as whole words
 * ('tesco' in 'tesco store'); or both are 4+ characters and within maxEditDistance edits. Containment is by whole
 * words, not characters, because 'arc' is inside 'barclay' and 'a' is inside almost everything. An empty name (one
 * made only of suffixes or punctuation) matches nothing, not even another empty name.
 */
export function normalisedNamesMatch(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  if (a === b) return true;
  if (oneContainsTheOther(a, b)) return true;
  if (Math.min(a.length, b.length) < 4) return false;
  const limit = maxEditDistance(a, b);
  return levenshtein(a, b, limit) <= limit;
}

export function companyNamesMatch(a: string, b: string): boolean {
  return normalisedNamesMatch(normaliseCompanyName(a), normaliseCompanyName(b));
}

/**
 * The item whose name best matches `name`, or undefined: an exact normalised match beats containment, which beats
 * the smallest edit distance; ties go to the earlier item.
 */
export function findMatchingItem<T>(name: string, items: readonly T[], nameOf: (item: T) => string): T | undefined {
  const target = normaliseCompanyName(name);
  if (target === '') return undefined;
  let best: { item: T; score: number } | undefined;
  for (const item of items) {
    const candidate = normaliseCompanyName(nameOf(item));
    if (!normalisedNamesMatch(target, candidate)) continue;
    // Score: 0 exact, 1 containment, 2 + distance otherwise.
    const score =
      candidate === target ? 0 : oneContainsTheOther(target, candidate) ? 1 : 2 + levenshtein(target, candidate);
    if (best === undefined || score < best.score) best = { item, score };
    if (score === 0) break;
  }
  return best?.item;
}

/** The candidate name that best matches `name` (see findMatchingItem), or undefined. */
export function findMatchingName(name: string, candidates: readonly string[]): string | undefined {
  return findMatchingItem(name, candidates, (candidate) => candidate);
}

/**
 * The name a member is shown by wherever another reads it (reports, packs, e-mails, the Salesforce summary): the full
 * name, else the e-mail (a member may have left the name empty). The margin records read the same rule in SQL:
 * server/src/services/margin/member-name.ts.
 */
export function memberDisplayName(member: { fullName: string | null; email: string }): string {
  return member.fullName || member.email;
}
