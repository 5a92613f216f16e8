import { describe, expect, it } from 'vitest';
import { type CalculationInput, type CalculationResult, calculateSavings } from '../src/calculator';

type Case = [string, CalculationInput, CalculationResult];

const cases: Case[] = [
  [
    'the worked example: competitor cheaper for the client by 50 pips',
    { yourRate: '1.2700', competitorRate: '1.2650', amount: '500000', tradesPerYear: 52, marginPips: 0 },
    {
      effectiveRate: '1.2700',
      priceDifference: '-0.0050',
      differenceInPips: '50.0',
      costWithCompetitor: '395256.92',
      costWithUs: '393700.79',
      savingsPerTrade: '1556.13',
      annualSavings: '80918.74',
      percentageSavings: '0.39',
      isAdvantage: true,
      outcome: 'advantage',
    },
  ],
  [
    '1.2650 + 50 pips is exactly 1.2700 (no float artefact)',
    { yourRate: '1.2650', competitorRate: '1.2650', amount: '500000', tradesPerYear: 52, marginPips: 50 },
    {
      effectiveRate: '1.2700',
      priceDifference: '-0.0050',
      differenceInPips: '50.0',
      costWithCompetitor: '395256.92',
      costWithUs: '393700.79',
      savingsPerTrade: '1556.13',
      annualSavings: '80918.74',
      percentageSavings: '0.39',
      isAdvantage: true,
      outcome: 'advantage',
    },
  ],
  [
    'reversed rates: a disadvantage, with a positive price difference',
    { yourRate: '1.2650', competitorRate: '1.2700', amount: '500000', tradesPerYear: 52, marginPips: 0 },
    {
      effectiveRate: '1.2650',
      priceDifference: '0.0050', // a raw decimal; formatSignedRate adds the '+' for display
      differenceInPips: '50.0',
      costWithCompetitor: '393700.79',
      costWithUs: '395256.92',
      savingsPerTrade: '1556.13',
      annualSavings: '80918.74',
      percentageSavings: '0.40',
      isAdvantage: false,
      outcome: 'disadvantage',
    },
  ],
  [
    'equal rates are neutral',
    { yourRate: '1.2735', competitorRate: '1.2735', amount: '250000', tradesPerYear: 12, marginPips: 0 },
    {
      effectiveRate: '1.2735',
      priceDifference: '0.0000',
      differenceInPips: '0.0',
      costWithCompetitor: '196309.38',
      costWithUs: '196309.38',
      savingsPerTrade: '0.00',
      annualSavings: '0.00',
      percentageSavings: '0.00',
      isAdvantage: false,
      outcome: 'neutral',
    },
  ],
  [
    'a margin that brings the effective rate level with the competitor is neutral',
    { yourRate: '1.2600', competitorRate: '1.2650', amount: '500000', tradesPerYear: 52, marginPips: 50 },
    {
      effectiveRate: '1.2650',
      priceDifference: '0.0000',
      differenceInPips: '0.0',
      costWithCompetitor: '395256.92',
      costWithUs: '395256.92',
      savingsPerTrade: '0.00',
      annualSavings: '0.00',
      percentageSavings: '0.00',
      isAdvantage: false,
      outcome: 'neutral',
    },
  ],
  [
    'five-decimal rates: pips keep the tenth, annual uses the unrounded saving (530.10 × 10 ≠ 5300.96)',
    { yourRate: '1.27354', competitorRate: '1.2650', amount: '100000', tradesPerYear: 10, marginPips: 0 },
    {
      effectiveRate: '1.27354',
      priceDifference: '-0.0085',
      differenceInPips: '85.4',
      costWithCompetitor: '79051.38',
      costWithUs: '78521.29',
      savingsPerTrade: '530.10',
      annualSavings: '5300.96',
      percentageSavings: '0.67',
      isAdvantage: true,
      outcome: 'advantage',
    },
  ],
  [
    'a 10-pip margin on the demo rate',
    { yourRate: '1.3556', competitorRate: '1.3500', amount: '500000', tradesPerYear: 52, marginPips: 10 },
    {
      effectiveRate: '1.3566',
      priceDifference: '-0.0066',
      differenceInPips: '66.0',
      costWithCompetitor: '370370.37',
      costWithUs: '368568.48',
      savingsPerTrade: '1801.89',
      annualSavings: '93698.30',
      percentageSavings: '0.49',
      isAdvantage: true,
      outcome: 'advantage',
    },
  ],
  [
    'a large-number pair (GBPNOK) with a 20-pip margin',
    { yourRate: '13.5621', competitorRate: '13.4000', amount: '1000', tradesPerYear: 1, marginPips: 20 },
    {
      effectiveRate: '13.5641',
      priceDifference: '-0.1641',
      differenceInPips: '1641.0',
      costWithCompetitor: '74.63',
      costWithUs: '73.72',
      savingsPerTrade: '0.90',
      annualSavings: '0.90',
      percentageSavings: '1.21',
      isAdvantage: true,
      outcome: 'advantage',
    },
  ],
  [
    'small amount: annual 26.90, not the rounded 3.84 × 7 = 26.88',
    { yourRate: '1.2700', competitorRate: '1.2650', amount: '1234.56', tradesPerYear: 7, marginPips: 0 },
    {
      effectiveRate: '1.2700',
      priceDifference: '-0.0050',
      differenceInPips: '50.0',
      costWithCompetitor: '975.94',
      costWithUs: '972.09',
      savingsPerTrade: '3.84',
      annualSavings: '26.90',
      percentageSavings: '0.39',
      isAdvantage: true,
      outcome: 'advantage',
    },
  ],
];

const marginCases: [string, number, string][] = [
  ['1.2650', 0, '1.2650'],
  ['1.2650', 10, '1.2660'],
  ['1.2650', 20, '1.2670'],
  ['1.2650', 30, '1.2680'],
  ['1.2650', 40, '1.2690'],
  ['1.2650', 50, '1.2700'],
  ['1.1', 30, '1.1030'],
  ['13.5621', 50, '13.5671'],
  ['0.9999', 10, '1.0009'],
];

describe('calculateSavings', () => {
  it.each(cases)('%s', (_name, input, expected) => {
    expect(calculateSavings(input)).toEqual(expected);
  });

  it.each(marginCases)('%s + %i pips = %s exactly', (yourRate, marginPips, effective) => {
    const result = calculateSavings({ yourRate, competitorRate: '1.2', amount: '1', tradesPerYear: 1, marginPips });
    expect(result.effectiveRate).toBe(effective);
  });

  it('never prints a negative zero difference', () => {
    const result = calculateSavings({
      yourRate: '1.27001',
      competitorRate: '1.27',
      amount: '1000',
      tradesPerYear: 1,
      marginPips: 0,
    });
    expect(result.priceDifference).toBe('0.0000');
    expect(result.differenceInPips).toBe('0.1');
    expect(result.outcome).toBe('advantage');
  });

  it.each<[string, Partial<CalculationInput>]>([
    ['zero your rate', { yourRate: '0' }],
    ['negative competitor rate', { competitorRate: '-1.2' }],
    ['negative amount', { amount: '-5' }],
    ['fractional trades', { tradesPerYear: 1.5 }],
    ['a margin that makes the rate zero', { yourRate: '0.0010', marginPips: -10 }],
  ])('rejects %s', (_name, override) => {
    const input = { yourRate: '1.27', competitorRate: '1.265', amount: '1000', tradesPerYear: 1, marginPips: 0 };
    expect(() => calculateSavings({ ...input, ...override })).toThrow(RangeError);
  });
});
