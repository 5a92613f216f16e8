import { calculateSavings, formatGBP, formatSignedRate } from '@pippitch/shared/calculator';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_AMOUNT, DEMO_RESULT } from '../src/features/marketing/DemoCalculator';

describe('the landing hero’s demo figures', () => {
  it('are what the shared calculator gives for the demo inputs', () => {
    const r = calculateSavings(DEMO);
    expect(DEMO_AMOUNT).toBe(formatGBP(DEMO.amount, 0));
    expect(DEMO_RESULT).toEqual([
      ['Price Difference', formatSignedRate(r.priceDifference)],
      ['Pips', r.differenceInPips],
      ['Savings Per Trade', formatGBP(r.savingsPerTrade)],
      ['Annual Savings', formatGBP(r.annualSavings)],
    ]);
  });
});
