import { describe, expect, it } from 'vitest';
import { growthText, growthTone } from '../src/growth';

describe('growthText', () => {
  it.each<[string | number, string | number, string]>([
    [0, 0, '0%'],
    ['0.00', '0', '0%'],
    [3, 0, 'New'],
    ['12.50', '0.00', 'New'],
    [0, 4, '-100%'],
    [5, 4, '+25%'],
    [3, 4, '-25%'],
    [7, 8, '-12.5%'],
    [4, 4, '0%'],
    [1001, 1000, '+0.1%'],
    [10001, 10000, '0%'],
    [2, 3, '-33.3%'],
    [1, 3, '-66.7%'],
    [10, 1, '+900%'],
    ['80918.74', '40459.37', '+100%'],
    [200_000, 3, '+6666566.7%'],
  ])('%j against %j → %s', (current, previous, text) => {
    expect(growthText(current, previous)).toBe(text);
  });

  it('reads the tone of a text', () => {
    expect(growthTone('New')).toBe('up');
    expect(growthTone('+5%')).toBe('up');
    expect(growthTone('-100%')).toBe('down');
    expect(growthTone('0%')).toBe('flat');
  });
});
