// 'Find New Companies' (spec §5 Company search, §9): the rule both sides apply to a search term, so the web enables
// the search exactly when the server will run it.

/** A term needs at least this many characters, spaces at either end not counted. */
export const SEARCH_MIN_LENGTH = 2;

export const SEARCH_TOO_SHORT = `Please enter at least ${SEARCH_MIN_LENGTH} characters to search`;

/** Whether `term` is long enough to search for. */
export function isSearchableTerm(term: string): boolean {
  return term.trim().length >= SEARCH_MIN_LENGTH;
}
