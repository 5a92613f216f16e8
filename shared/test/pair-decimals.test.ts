import { describe, expect, it } from 'vitest';
import { isBelowMid } from '../src/below-mid';
import { calculateSavings } from '../src/calculator';
import {
  CALCULATION_METHOD,
  type CalculationEvidence,
  calculationMethod,
  calculationMethodFor,
  checkAgainstRange,
} from '../src/evidence';
import { formatRate, formatSignedRate } from '../src/format';
import { pairInfo } from '../src/pair-catalogue';
import { SUPPORTED_PAIRS } from '../src/pairs';
import { evidenceLines, pitchSummary } from '../src/pitch-summary';

// Issue 34 §1: a pitch's rates at its pair's decimals (the catalogue's) and its money by each currency's ISO minor
// units, on every screen that shows a pitch; the spec's six stay at 4 decimals (their own tests: format, evidence).

describe('rates at a pair’s decimals', () => {
  it.each([
    ['150.5', 2, '150.50'],
    ['150.127', 2, '150.13'],
    ['16250.4', 0, '16250'],
    ['1.27', 4, '1.2700'],
  ])('%s to %i decimals → %s', (value, decimals, expected) => {
    expect(formatRate(value, decimals)).toBe(expected);
  });

  it.each([
    ['0.5000', 2, '+0.50'],
    ['-0.2500', 2, '-0.25'],
    ['0.0040', 2, '0.00'],
    ['-0.0040', 2, '0.00'],
    ['-25.0000', 0, '-25'],
    ['0', 0, '0'],
  ])('signed %s to %i decimals → %s', (value, decimals, expected) => {
    expect(formatSignedRate(value, decimals)).toBe(expected);
  });

  it('the six keep 4 decimals and the spec’s method words; yen and forint quotes go to 0.01', () => {
    for (const pair of SUPPORTED_PAIRS) {
      expect(pairInfo(pair).decimals).toBe(4);
      expect(calculationMethod(pair)).toBe(CALCULATION_METHOD);
    }
    expect(calculationMethod('USDJPY')).toBe(
      'Your rate + margin vs competitor rate; costs = amount ÷ rate; pips at 0.01; annual saving = saving per trade × trades per year.',
    );
    expect(calculationMethod('GBPHUF')).toContain('pips at 0.01;');
    expect(calculationMethod('GBPPLN')).toBe(CALCULATION_METHOD);
  });

  it("a report's method names each pair's pip, grouped by size; the six alone keep the spec's words", () => {
    expect(calculationMethodFor([...SUPPORTED_PAIRS, 'GBPPLN'])).toBe(CALCULATION_METHOD);
    expect(calculationMethodFor([])).toBe(CALCULATION_METHOD);
    expect(calculationMethodFor(['USDJPY'])).toContain('; pips at 0.01 for USD/JPY; annual saving');
    expect(calculationMethodFor(['USDIDR', 'GBPHUF', 'EURUSD', 'USDJPY', 'GBPUSD'])).toBe(
      'Your rate + margin vs competitor rate; costs = amount ÷ rate; pips at 0.0001 for GBP/USD and EUR/USD, at 0.01 for GBP/HUF and USD/JPY, at 1 for USD/IDR; annual saving = saving per trade × trades per year.',
    );
  });
});

describe('below the mid on a yen pair', () => {
  it('adds the pair’s pip, not the spec’s 0.0001', () => {
    // 150.00 + 10 pips of 0.01 = 150.10, above the mid 150.05: the client is given better than the market.
    expect(isBelowMid({ pair: 'USDJPY', yourRate: '150.00', marginPips: 10, mid: '150.05' })).toBe(true);
    expect(isBelowMid({ pair: 'USDJPY', yourRate: '150.00', marginPips: 0, mid: '150.05' })).toBe(false);
    // The six as before: 1.2700 + 10 × 0.0001 = 1.2710.
    expect(isBelowMid({ pair: 'GBPUSD', yourRate: '1.2700', marginPips: 10, mid: '1.2705' })).toBe(true);
    expect(isBelowMid({ pair: 'GBPUSD', yourRate: '1.2700', marginPips: 10, mid: '1.2711' })).toBe(false);
  });
});

describe('a USD/JPY pitch in words', () => {
  const worked = calculateSavings({
    yourRate: '150.20',
    competitorRate: '149.50',
    amount: '50000000',
    tradesPerYear: 12,
    marginPips: 10,
    pipSize: pairInfo('USDJPY').pipSize,
  });
  const evidence: CalculationEvidence = {
    mid: { rate: '150.412000', source: 'Live market feed', at: '2026-11-24T14:05:30.000Z' },
    method: calculationMethod('USDJPY'),
    ecb: { fixDate: '2026-11-24', rate: '150.383412', derivation: 'JPY 174.21 ÷ USD 1.1584 per EUR' },
    range: checkAgainstRange(
      '149.50',
      { date: '2026-11-24', low: '149.210000', high: '150.926000' },
      { rate: '150.412000', at: '2026-11-24T14:05:00.000Z' },
    ),
  };

  it('works in yen pips: 10 pips are 0.10, the difference 0.80 is 80 pips', () => {
    expect(worked.effectiveRate).toBe('150.3000');
    expect(worked.priceDifference).toBe('-0.8000');
    expect(worked.differenceInPips).toBe('80.0');
    expect(formatSignedRate(worked.priceDifference, pairInfo('USDJPY').decimals)).toBe('-0.80');
  });

  it('writes rates to 2 decimals, yen without decimals and dollars in cents', () => {
    const text = pitchSummary({
      clientName: 'Kyoto Ceramics Ltd',
      pair: 'USDJPY',
      createdAt: '2026-11-24T14:06:00.000Z',
      effectiveRate: worked.effectiveRate,
      marginPips: 10,
      competitorRate: '149.50',
      amount: '50000000',
      tradesPerYear: 12,
      costWithCompetitor: worked.costWithCompetitor,
      costWithUs: worked.costWithUs,
      savingsPerTrade: worked.savingsPerTrade,
      annualSavings: worked.annualSavings,
      isAdvantage: worked.isAdvantage,
      evidence,
    });
    expect(text.split('\n')).toEqual([
      'FX comparison for Kyoto Ceramics Ltd: USD/JPY, 24 Nov 2026, 14:06 London',
      '',
      'Amount bought per trade: JPY 50,000,000, 12 trades a year',
      'Your current rate: 149.50 — cost per trade $334,448.16',
      'Our rate: 150.30 (including a 10-pip margin) — cost per trade $332,668.00',
      'Saving: $1,780.16 per trade, $21,361.96 a year at 12 trades',
      '',
      'Mid used: 150.41 (Live market feed, 24 Nov 2026, 14:05 London)',
      "Competitor rate: Within 24 Nov 2026's range 149.21–150.93. -60.6 bps from the mid 150.41 at 24 Nov 2026, 14:05 London.",
      'ECB reference rate 24 Nov 2026: USD/JPY 150.38 (JPY 174.21 ÷ USD 1.1584 per EUR). Source: ECB, for information purposes only.',
      `Method: ${calculationMethod('USDJPY')}`,
      '',
      'Rates are indicative and not an offer to deal.',
    ]);
  });

  it('a forint pair at 2 decimals, a rupiah pair at none', () => {
    const huf = evidenceLines('GBPHUF', { mid: null, method: '', ecb: null, range: null });
    expect(huf[0]).toBe('Mid used: none (no live price was available when this was saved)');
    const idr = evidenceLines('USDIDR', {
      mid: { rate: '16250.400000', source: 'ECB reference rate', at: '2026-11-24T13:10:00.000Z' },
      method: '',
      ecb: null,
      range: null,
    });
    expect(idr[0]).toBe('Mid used: 16250 (ECB reference rate, 24 Nov 2026, 13:10 London)');
    const gbpHuf = evidenceLines('GBPHUF', {
      mid: { rate: '438.127000', source: 'Live market feed', at: '2026-11-24T14:05:00.000Z' },
      method: '',
      ecb: null,
      range: null,
    });
    expect(gbpHuf[0]).toBe('Mid used: 438.13 (Live market feed, 24 Nov 2026, 14:05 London)');
  });
});
