import { describe, expect, it } from 'vitest';
import { calculateSavings } from '../src/calculator';
import {
  CALCULATION_METHOD,
  type CalculationEvidence,
  checkAgainstRange,
  ecbReference,
  isOffMarket,
  rangeCheckMessage,
  sessionNote,
} from '../src/evidence';
import { type PitchSummaryInput, pitchSummary } from '../src/pitch-summary';

const DAY = { date: '2025-10-29', low: '1.261000', high: '1.269800' };
const MID = { rate: '1.265000', at: '2025-10-29T14:05:00.000Z' };

describe('range-of-day check', () => {
  it('places a rate below, inside or above the day and measures it from the mid in bps', () => {
    expect(checkAgainstRange('1.2600', DAY, MID)).toMatchObject({ position: 'below', bpsFromMid: '-39.5' });
    expect(checkAgainstRange('1.2650', DAY, MID)).toMatchObject({ position: 'inside', bpsFromMid: '0.0' });
    expect(checkAgainstRange('1.2698', DAY, MID)).toMatchObject({ position: 'inside', bpsFromMid: '+37.9' });
    expect(checkAgainstRange('1.2700', DAY, null)).toMatchObject({ position: 'above', bpsFromMid: null });
  });

  it("says 'Outside the day's range' with the range, and where the mid was", () => {
    expect(rangeCheckMessage(checkAgainstRange('1.2600', DAY, MID))).toBe(
      "Outside the day's range 1.2610–1.2698: check the rate or the date. -39.5 bps from the mid 1.2650 at 29 Oct 2025, 14:05 London.",
    );
    expect(rangeCheckMessage(checkAgainstRange('1.2650', DAY, null))).toBe("Within 29 Oct 2025's range 1.2610–1.2698.");
  });
});

describe('ECB reference rates', () => {
  const perEur = { GBP: '0.8816', USD: '1.1554', NOK: '11.6485' };
  it('derives GBP crosses from two published rates and EUR/USD as published', () => {
    expect(ecbReference('GBPUSD', '2025-10-31', perEur)).toEqual({
      fixDate: '2025-10-31',
      rate: '1.310572',
      derivation: 'USD 1.1554 ÷ GBP 0.8816 per EUR',
    });
    expect(ecbReference('EURUSD', '2025-10-31', perEur)?.derivation).toBe('USD 1.1554 per EUR, as published');
    expect(ecbReference('GBPSEK', '2025-10-31', perEur)).toBeNull();
  });
});

describe('pitch summary', () => {
  const worked = calculateSavings({
    yourRate: '1.2700',
    competitorRate: '1.2650',
    amount: '500000',
    tradesPerYear: 52,
    marginPips: 0,
  });
  const evidence: CalculationEvidence = {
    mid: { rate: '1.266100', source: 'Simulated feed', at: '2025-10-29T14:05:30.000Z' },
    method: CALCULATION_METHOD,
    ecb: { fixDate: '2025-10-29', rate: '1.321222', derivation: 'USD 1.1636 ÷ GBP 0.8807 per EUR' },
    range: null,
  };
  const input: PitchSummaryInput = {
    clientName: 'Acme Widgets Ltd',
    pair: 'GBPUSD',
    createdAt: '2025-10-29T14:06:00.000Z',
    effectiveRate: worked.effectiveRate,
    marginPips: 0,
    competitorRate: '1.2650',
    amount: '500000',
    tradesPerYear: 52,
    costWithCompetitor: worked.costWithCompetitor,
    costWithUs: worked.costWithUs,
    savingsPerTrade: worked.savingsPerTrade,
    annualSavings: worked.annualSavings,
    isAdvantage: worked.isAdvantage,
    evidence,
  };

  it('states the figures, the mid and the ECB rate with their sources, and the method', () => {
    expect(pitchSummary(input)).toBe(
      [
        'FX comparison for Acme Widgets Ltd: GBP/USD, 29 Oct 2025, 14:06 London',
        '',
        'Amount bought per trade: $500,000, 52 trades a year',
        'Your current rate: 1.2650 — cost per trade £395,256.92',
        'Our rate: 1.2700 — cost per trade £393,700.79',
        'Saving: £1,556.13 per trade, £80,918.74 a year at 52 trades',
        '',
        'Mid used: 1.2661 (Simulated feed, 29 Oct 2025, 14:05 London)',
        'ECB reference rate 29 Oct 2025: GBP/USD 1.3212 (USD 1.1636 ÷ GBP 0.8807 per EUR). Source: ECB, for information purposes only.',
        `Method: ${CALCULATION_METHOD}`,
        '',
        'Rates are indicative and not an offer to deal.',
      ].join('\n'),
    );
  });

  it('claims no saving when the calculation shows none', () => {
    const text = pitchSummary({ ...input, isAdvantage: false, evidence: null });
    expect(text).toContain('On these figures our rate does not save you money; we would not claim a saving.');
    expect(text).not.toContain('Saving:');
    expect(text).not.toContain('ECB');
  });
});

describe('the check on a day without prices (issue 31 §1)', () => {
  const FRIDAY = {
    date: '2026-11-27',
    low: '1.301000',
    high: '1.309800',
    session: { forDate: '2026-11-28', from: '06:00', to: '21:59' },
  };
  const LAST = { rate: '1.305900', at: '2026-11-27T21:59:45.000Z' };
  it('names the session it used and measures from the latest mid', () => {
    const typo = checkAgainstRange('1.03', FRIDAY, LAST);
    expect(isOffMarket(typo)).toBe(true);
    expect(rangeCheckMessage(typo)).toBe(
      "Outside the last trading session's range 1.3010–1.3098: check the rate. -2112.7 bps from the mid 1.3059 at 27 Nov 2026, 21:59 London. Checked against Friday 27 Nov, 06:00–21:59 (no prices on Saturday 28 Nov).",
    );
    expect(sessionNote(FRIDAY)).toBe('Checked against Friday 27 Nov, 06:00–21:59');
    const fair = checkAgainstRange('1.3040', FRIDAY, null);
    expect(isOffMarket(fair)).toBe(false);
    expect(rangeCheckMessage(fair)).toBe(
      "Within the last trading session's range 1.3010–1.3098. Checked against Friday 27 Nov, 06:00–21:59 (no prices on Saturday 28 Nov).",
    );
  });
  it('a trading day names no session', () => {
    expect(sessionNote(DAY)).toBeNull();
    expect(isOffMarket(null)).toBe(false);
  });
});
