import { describe, expect, it } from 'vitest';
import { formatGBP, formatRate, formatSignedRate } from '../src/format';

describe('formatGBP', () => {
  it.each([
    ['395256.9169960474', '£395,256.92'],
    ['393700.79', '£393,700.79'],
    ['1556.125', '£1,556.13'],
    ['0', '£0.00'],
    ['0.005', '£0.01'],
    ['-0.001', '£0.00'],
    ['999.999', '£1,000.00'],
    ['-1234.5', '-£1,234.50'],
    ['1234567890.1', '£1,234,567,890.10'],
    ['12', '£12.00'],
  ])('%s → %s', (value, expected) => {
    expect(formatGBP(value)).toBe(expected);
  });

  it.each([
    ['80918.74', 0, '£80,919'],
    ['-999.4', 0, '-£999'],
  ])('%s to %i decimals → %s', (value, decimals, expected) => {
    expect(formatGBP(value, decimals)).toBe(expected);
  });
});

describe('formatSignedRate', () => {
  it.each([
    ['-0.005', '-0.0050'],
    ['0.005', '+0.0050'],
    ['0', '0.0000'],
    ['-0.00004', '0.0000'],
    ['0.00005', '+0.0001'],
    ['-1.23456', '-1.2346'],
  ])('%s → %s', (value, expected) => {
    expect(formatSignedRate(value)).toBe(expected);
  });
});

describe('formatRate', () => {
  it.each([
    ['1.27', '1.2700'],
    ['1.33045', '1.3305'],
    ['13.5621', '13.5621'],
  ])('%s → %s', (value, expected) => {
    expect(formatRate(value)).toBe(expected);
  });
});
