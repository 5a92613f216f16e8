import { calculateSavings, formatSignedRate } from '@pippitch/shared/calculator';
import { formatBought, formatSold } from '@pippitch/shared/money';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_AMOUNT, DEMO_RESULT } from '../src/features/marketing/DemoCalculator';

describe('the landing hero’s demo figures', () => {
  it('are what the shared calculator gives for the demo inputs', () => {
    const r = calculateSavings(DEMO);
    expect(DEMO_AMOUNT).toBe(formatBought(DEMO.amount, 'GBPUSD'));
    expect(DEMO_RESULT).toEqual([
      ['Price Difference', formatSignedRate(r.priceDifference)],
      ['Pips', r.differenceInPips],
      ['Savings Per Trade', formatSold(r.savingsPerTrade, 'GBPUSD')],
      ['Annual Savings', formatSold(r.annualSavings, 'GBPUSD')],
    ]);
  });
});
