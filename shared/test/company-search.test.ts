import { describe, expect, it } from 'vitest';
import { isSearchableTerm, SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT } from '../src/company-search';

describe('the company search term rule', () => {
  it('needs at least two characters, spaces at either end not counted (spec §9)', () => {
    expect(SEARCH_MIN_LENGTH).toBe(2);
    expect(isSearchableTerm('ab')).toBe(true);
    expect(isSearchableTerm('  b  ')).toBe(false);
    expect(isSearchableTerm('')).toBe(false);
    expect(isSearchableTerm(' a b ')).toBe(true);
  });

  it('says so in the words the server answers with', () => {
    expect(SEARCH_TOO_SHORT).toBe('Please enter at least 2 characters to search');
  });
});
