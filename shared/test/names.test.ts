import { describe, expect, it } from 'vitest';
import {
  companyNamesMatch,
  findMatchingItem,
  findMatchingName,
  levenshtein,
  maxEditDistance,
  memberDisplayName,
  normaliseClientName,
  normaliseCompanyName,
} from '../src/names';

describe('normaliseCompanyName', () => {
  it.each<[string, string]>([
    ['Acme Ltd', 'acme'],
    ['ACME Limited', 'acme'],
    ['Barclays PLC', 'barclay'],
    ['Barclay', 'barclay'],
    ["J. Sainsbury's Ltd.", 'j sainsbury'],
    ['Tesco Stores Limited', 'tesco store'],
    ['Acme Holdings (UK) Co.', 'acme uk'],
    ['International Acme Group Inc', 'acme'],
    ['A.B.C. Services LLC', 'abc service'],
    ['Smith & Jones', 'smith jone'],
    ['Rolls-Royce', 'rollsroyce'],
    ['Nestlé UK', 'nestle uk'],
    ['  Lots   of   Space  ', 'lot of space'],
    ['Bus Co', 'bus'],
    ['Glass Works Corp', 'glas work'],
    ['Groups', 'group'],
    ['Ltd', ''],
    ['Limited Co.', ''],
    ['...', ''],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(normaliseCompanyName(name)).toBe(expected);
  });
});

describe('normaliseClientName', () => {
  it.each<[string, string]>([
    ['Acme Ltd.', 'acmeltd'],
    ["J. Sainsbury's", 'jsainsburys'],
    ['  ABC-123 ', 'abc123'],
    ['Nestlé', 'nestle'],
    ['!!!', ''],
  ])('%j → %j', (name, expected) => {
    expect(normaliseClientName(name)).toBe(expected);
  });
});

describe('levenshtein', () => {
  it.each<[string, string, number]>([
    ['', '', 0],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['barclay', 'barclays', 1],
    ['flaw', 'lawn', 2],
  ])('%j ↔ %j = %i', (a, b, expected) => {
    expect(levenshtein(a, b)).toBe(expected);
    expect(levenshtein(b, a)).toBe(expected);
  });

  it('stops early past the limit', () => {
    expect(levenshtein('abcdefgh', 'zyxwvuts', 2)).toBe(3);
    expect(levenshtein('a', 'abcdef', 2)).toBe(3);
  });

  it.each<[string, string, number]>([
    ['abcd', 'abcdefghijklmnopqrst', 2],
    ['abcdefghijklm', 'abcdefghijklm', 2],
    ['abcdefghijklmn', 'abcdefghijklmn', 2],
    ['abcdefghijklmnopqrst', 'abcdefghijklmnopqrst', 3],
    ['a'.repeat(40), 'b'.repeat(60), 6],
  ])('maxEditDistance(%j, %j) = %i', (a, b, expected) => {
    expect(maxEditDistance(a, b)).toBe(expected);
  });
});

describe('companyNamesMatch', () => {
  it.each<[string, string, boolean, string]>([
    ['Acme Ltd', 'ACME Limited', true, 'suffixes and case differ'],
    ['Barclays PLC', 'Barclay', true, 'plural and suffix'],
    ['Ltd', 'Ltd', false, 'names of nothing but suffixes match nothing'],
    ['Ltd', 'Acme Ltd', false, 'an empty name is not contained in everything'],
    ['', '', false, 'empty strings'],
    ['Tesco', 'Tesco Stores Ltd', true, 'containment, whole words'],
    ['Tesco Stores', 'Tesco', true, 'containment either way round'],
    ['BP', 'BP Oil UK', true, 'a short name contained as a word'],
    ['Arc Ltd', 'Barclays', false, 'not contained as a word (arc in barclay)'],
    ['A', 'Barclays', false, 'a single letter is not a match for everything'],
    ['Acme', 'Acne', true, 'distance 1'],
    ['Acme', 'Acrd', true, 'distance 2 is within the minimum of 2'],
    ['Acme', 'Axyz', false, 'distance 3 with short names'],
    ['ABC', 'ABD', false, 'under 4 characters needs equality or containment'],
    ['abcd', 'abc', false, 'abc is inside abcd but not as a word, and is under 4 characters'],
    ['Abcd Efg', 'Abc', false, 'containment is by whole words only'],
    ['Abc Efg', 'Abc', true, 'a whole-word prefix'],
    ['abcdefghijklmnopqrst', 'abcdefghijklmnopqXYZ', true, '20 chars: 15% = 3 edits allowed'],
    ['abcdefghijklmnopqrst', 'abcdefghijklmnopWXYZ', false, '20 chars: 4 edits too many'],
    ['abcdefghijklm', 'abcdefghijkXY', true, '13 chars: floor(1.95) = 1, so the minimum 2 applies'],
    ['abcdefghijklm', 'abcdefghiWXYZ', false, '13 chars: 4 edits too many'],
    ['Johnson Matthey', 'Jonson Mathey', true, 'typos'],
    ['Marks and Spencer Group', 'Marks & Spencer', false, '"and" is a word: 4 edits on 14 characters'],
    ['Marks and Spencer', 'Marks and Spencer PLC', true, 'suffix only'],
  ])('%j vs %j → %s (%s)', (a, b, expected) => {
    expect(companyNamesMatch(a, b)).toBe(expected);
    expect(companyNamesMatch(b, a)).toBe(expected);
  });
});

describe('findMatchingName', () => {
  const leads = ['Barclays Bank', 'Acme Widgets', 'Acme Ltd', 'Tesco'];

  it.each<[string, string | undefined, string]>([
    ['ACME Limited', 'Acme Ltd', 'an exact normalised match beats containment earlier in the list'],
    ['Acme', 'Acme Ltd', 'exact beats containment'],
    ['Barclays', 'Barclays Bank', 'containment'],
    ['Tescos', 'Tesco', 'plural'],
    ['Tesko', 'Tesco', 'distance'],
    ['Sainsbury', undefined, 'no match'],
    ['Ltd', undefined, 'an empty name matches nothing'],
  ])('%j → %j (%s)', (name, expected) => {
    expect(findMatchingName(name, leads)).toBe(expected);
  });

  it('prefers the closest of several fuzzy matches', () => {
    expect(findMatchingName('Abcdefgh', ['Abcdefxy', 'Abcdefgx'])).toBe('Abcdefgx');
  });

  it('finds items by a name getter', () => {
    const items = [
      { id: 1, name: 'Globex Corp' },
      { id: 2, name: 'Initech' },
    ];
    expect(findMatchingItem('Globex International', items, (item) => item.name)).toEqual({
      id: 1,
      name: 'Globex Corp',
    });
    expect(findMatchingItem('Umbrella', items, (item) => item.name)).toBeUndefined();
  });
});

describe('memberDisplayName', () => {
  it('is the full name, else the e-mail', () => {
    expect(memberDisplayName({ fullName: 'Alice Broker', email: 'alice@acme.test' })).toBe('Alice Broker');
    expect(memberDisplayName({ fullName: '', email: 'alice@acme.test' })).toBe('alice@acme.test');
    expect(memberDisplayName({ fullName: null, email: 'alice@acme.test' })).toBe('alice@acme.test');
  });
});
