import { describe, expect, it } from 'vitest';
import { calculateSavings } from '../src/calculator';
import {
  amountLabel,
  fallbackGbpPerEur,
  formatAmount,
  formatBaseAmount,
  formatBought,
  formatMoney,
  formatSold,
  pairCurrencies,
  SAME_CURRENCY,
  toGbp,
} from '../src/money';

describe('which currency each figure is in', () => {
  it.each([
    ['GBPUSD', 'USD', 'GBP'],
    ['GBPEUR', 'EUR', 'GBP'],
    ['EURUSD', 'USD', 'EUR'],
    ['GBPNOK', 'NOK', 'GBP'],
  ] as const)('%s: the amount is %s (bought), the costs %s (sold)', (pair, bought, sold) => {
    expect(pairCurrencies(pair)).toEqual({ bought, sold });
    expect(amountLabel(pair)).toBe(`Amount to Buy (${bought})`);
  });

  it('the maths agrees: cost = amount ÷ rate turns 500,000 USD at 1.3556 into pounds', () => {
    const r = calculateSavings({
      yourRate: '1.3556',
      competitorRate: '1.3420',
      amount: '500000',
      tradesPerYear: 52,
      marginPips: 0,
    });
    expect(formatBought('500000', 'GBPUSD')).toBe('$500,000');
    expect(formatSold(r.costWithUs, 'GBPUSD')).toBe('£368,840.37');
  });
});

describe('formatMoney', () => {
  it.each([
    ['1234.5', 'GBP', 2, '£1,234.50'],
    ['1234.5', 'EUR', 2, '€1,234.50'],
    ['1234.5', 'USD', 2, '$1,234.50'],
    ['1234.5', 'AUD', 2, 'A$1,234.50'],
    ['1234.5', 'NOK', 2, 'NOK 1,234.50'],
    ['-999.4', 'EUR', 0, '-€999'],
    ['-0.001', 'GBP', 2, '£0.00'],
  ] as const)('%s %s (%i dp) → %s', (value, currency, dp, expected) => {
    expect(formatMoney(value, currency, dp)).toBe(expected);
  });

  it('writes whole amounts whole and others to the penny', () => {
    expect(formatAmount('500000')).toBe('500,000');
    expect(formatAmount('1234.5')).toBe('1,234.50');
    expect(formatBought('250000.5', 'GBPEUR')).toBe('€250,000.50');
    expect(formatBought('1000', 'GBPSEK')).toBe('SEK 1,000');
    // A pack's trade: an amount of the pair's base currency.
    expect(formatBaseAmount('110000', 'GBPUSD')).toBe('110,000 GBP');
    expect(formatBaseAmount('25000.5', 'EURUSD')).toBe('25,000.50 EUR');
  });
});

describe('toGbp', () => {
  it('leaves a GBP pair’s figure as it is', () => {
    expect(toGbp('80918.74', SAME_CURRENCY)).toBe('80918.74');
  });
  it('converts euros at the rate given, to the penny', () => {
    expect(toGbp('10000', { rate: '0.8712' })).toBe('8712.00');
    expect(toGbp('1', { rate: '0.876543' })).toBe('0.88');
  });
  it('the fallback is the spec’s GBP/EUR 1.1854 inverted', () => {
    expect(fallbackGbpPerEur().rate).toBe('0.84359710');
  });
});
