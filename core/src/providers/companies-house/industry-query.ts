/**
 * The search text that fetches candidates from Companies House. Its search matches company names only and has no
 * "same SIC code" filter on GET /search/companies, so candidates are companies whose names carry the words of the
 * client's industry ('Business and domestic software development' → 'business domestic software development');
 * their real SIC codes, read afterwards, decide whether and how high they rank.
 */

// Words of SIC descriptions that rarely appear in company names or say nothing about the trade.
const FILLER = new Set(
  'a activities activity and as at by except for from in incl including its n.e.c. nec not of on or other others than the to with without'.split(
    ' ',
  ),
);

export function industryQuery(description: string | null): string {
  if (!description) return '';
  const words = description
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .split(/[\s-]+/)
    .filter((w) => w.length >= 3 && !FILLER.has(w));
  return [...new Set(words)].slice(0, 5).join(' ');
}
