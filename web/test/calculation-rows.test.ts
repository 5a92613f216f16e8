import { calculateSavings } from '@pippitch/shared/calculator';
import { pipSize } from '@pippitch/shared/pairs';
import { describe, expect, it } from 'vitest';
import { type CalculationFields, calculationRows } from '../src/lib/calculations';

// Calculation Details (spec §2) at each pair's decimals and each currency's minor units (issue 34 §1): the spec's
// six as they always were, a yen quote to 0.01 with yen amounts whole, a forint quote to 0.01.

function entry(
  pair: string,
  yourRate: string,
  competitorRate: string,
  amount: string,
  marginPips = 0,
): CalculationFields {
  const r = calculateSavings({
    yourRate,
    competitorRate,
    amount,
    tradesPerYear: 12,
    marginPips,
    pipSize: pair === 'GBPUSD' ? undefined : pipSize(pair as 'USDJPY'),
  });
  return {
    createdAt: '2026-11-24T14:06:00.000Z',
    pair,
    yourRate,
    marginPips,
    competitorRate,
    clientName: 'Kyoto Ceramics Ltd',
    comparisonDate: '2026-11-24',
    amount,
    tradesPerYear: 12,
    priceDifference: r.priceDifference,
    differenceInPips: r.differenceInPips,
    costWithCompetitor: r.costWithCompetitor,
    costWithUs: r.costWithUs,
    savingsPerTrade: r.savingsPerTrade,
    annualSavings: r.annualSavings,
    percentageSavings: r.percentageSavings,
  };
}

describe('calculationRows', () => {
  it('a GBP/USD pitch as the spec shows it: rates at 4 decimals', () => {
    expect(Object.fromEntries(calculationRows(entry('GBPUSD', '1.2700', '1.2650', '500000', 10)))).toEqual({
      'Time & Date': '24 Nov 2026, 14:06',
      'Currency Pair': 'GBP/USD',
      'Your Rate': '1.2700 (+10 pips)',
      'Comp Rate': '1.2650',
      'Client Name': 'Kyoto Ceramics Ltd',
      'Comp Date': '11/24/2026',
      'Amt to Buy (USD)': '500,000',
      'Trades/Year': '12',
      'Price Diff': '-0.0060',
      PIPs: '60.0',
      'Cost w/ Comp': '£395,256.92',
      'Cost w/ Us': '£393,391.03',
      'Savings/Trade': '£1,865.89',
      'Annual Savings': '£22,390.64',
      '% Savings': '0.47%',
    });
  });

  it('a USD/JPY pitch: rates at 2 decimals, the yen amount whole, dollars in cents', () => {
    const rows = Object.fromEntries(calculationRows(entry('USDJPY', '150.20', '149.50', '50000000.50', 10)));
    expect(rows['Your Rate']).toBe('150.20 (+10 pips)');
    expect(rows['Comp Rate']).toBe('149.50');
    expect(rows['Amt to Buy (JPY)']).toBe('50,000,001');
    expect(rows['Price Diff']).toBe('-0.80');
    expect(rows.PIPs).toBe('80.0');
    expect(rows['Cost w/ Comp']).toBe('$334,448.16');
    expect(rows['Annual Savings']).toBe('$21,361.96');
  });

  it('a GBP/HUF pitch: rates at 2 decimals, forint by code with ISO’s 2 minor units', () => {
    const rows = Object.fromEntries(calculationRows(entry('GBPHUF', '441.35', '438.10', '2500000')));
    expect(rows['Your Rate']).toBe('441.35');
    expect(rows['Price Diff']).toBe('-3.25');
    expect(rows.PIPs).toBe('325.0');
    expect(rows['Amt to Buy (HUF)']).toBe('2,500,000');
    expect(rows['Cost w/ Comp']).toBe('£5,706.46');
  });
});
