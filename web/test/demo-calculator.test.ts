import { calculateSavings, formatSignedRate } from '@pippitch/shared/calculator';
import { formatBought, formatSold } from '@pippitch/shared/money';
import { describe, expect, it } from 'vitest';
import { demoRangeCheck } from '../src/features/marketing/demo-range';
import { DEMO, DEMO_AMOUNT, DEMO_RESULT } from '../src/features/marketing/HeroExampleCard';

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

describe('the landing demo’s off-market check (issue 31 §1)', () => {
  it('uses the shared check against a sample range it names, and passes the demo’s own competitor rate', () => {
    expect(demoRangeCheck('1.3556', DEMO.competitorRate)).toMatchObject({
      offMarket: false,
      message: 'Within the demo’s sample range 1.3353–1.3759.'.replace('’', "'"),
    });
    const typo = demoRangeCheck('1.3556', '1.03');
    expect(typo?.offMarket).toBe(true);
    expect(typo?.message).toMatch(
      /^Outside the demo's sample range 1\.3353–1\.3759 \(the sample rate ±1\.5 %\): check the rate\./,
    );
    expect(demoRangeCheck('1.3556', '1.')).toBeNull();
  });
});
