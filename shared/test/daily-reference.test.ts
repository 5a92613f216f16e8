import { describe, expect, it } from 'vitest';
import { DAILY_BAND_PERCENT, dailyReferenceRange } from '../src/daily-reference';
import { checkAgainstRange, isOffMarket, rangeCheckMessage } from '../src/evidence';
import { PAIR_CATALOGUE } from '../src/pair-catalogue';
import { sourceSpans } from '../src/source-spans';
import { barSourceLabel, DAILY_REFERENCE_LABEL, minuteKindOf, PRICE_SOURCE_LABELS } from '../src/sources';

// Issue 34 §2: a daily-only pair's one ECB rate a day, its band for the range check, and its words.
describe('daily reference rates', () => {
  it('are named the same wherever a source is named', () => {
    expect(DAILY_REFERENCE_LABEL).toBe('daily reference rate — no intraday prices');
    expect(barSourceLabel('ecb_daily', '2026-11-27T13:10:00Z')).toBe(DAILY_REFERENCE_LABEL);
    expect(minuteKindOf('ecb_daily')).toBe('daily');
    expect(PRICE_SOURCE_LABELS.daily).toBe(DAILY_REFERENCE_LABEL);
    expect(sourceSpans([[Date.UTC(2026, 3, 10, 12, 10), 'ecb_daily']], Date.UTC(2026, 3, 13, 12, 10))).toEqual([
      { source: 'daily', from: '2026-04-10T12:10:00.000Z', to: '2026-04-13T12:10:00.000Z' },
    ]);
  });

  it('are checked against a 3% band around the day’s rate, worked by hand', () => {
    expect(DAILY_BAND_PERCENT).toBe('3');
    // 100 × 0.97 and 100 × 1.03.
    const range = dailyReferenceRange('100', '2026-04-10', '2026-04-10');
    expect(range).toEqual({
      date: '2026-04-10',
      low: '97.000000',
      high: '103.000000',
      daily: { rate: '100.000000', bandPercent: '3' },
    });
    const mid = { rate: '100.000000', at: '2026-04-10T12:10:00.000Z' };
    const inside = checkAgainstRange('97.5', range, mid);
    expect(isOffMarket(inside)).toBe(false);
    expect(rangeCheckMessage(inside)).toBe(
      "Within 3% of the ECB reference rate 100.0000 of 10 Apr 2026, -250.0 bps from it. Daily reference rate — no intraday prices: the check is a 3% band around the day's one rate.",
    );
    const above = checkAgainstRange('103.5', range, mid);
    expect(isOffMarket(above)).toBe(true);
    expect(rangeCheckMessage(above)).toBe(
      "More than 3% from the ECB reference rate 100.0000 of 10 Apr 2026: +350.0 bps from it; check the rate or the date. Daily reference rate — no intraday prices: the check is a 3% band around the day's one rate.",
    );
  });

  it('say which day’s rate a weekend is checked against', () => {
    const range = dailyReferenceRange('100', '2026-04-10', '2026-04-12');
    expect(range.daily.forDate).toBe('2026-04-12');
    expect(rangeCheckMessage(checkAgainstRange('100', range, null))).toBe(
      "Within 3% of the ECB reference rate 100.0000 of 10 Apr 2026 (none on Sunday 12 Apr: the last published before it). Daily reference rate — no intraday prices: the check is a 3% band around the day's one rate.",
    );
  });

  it('price exactly the pairs with a currency the provider has no minutes for', () => {
    const daily = PAIR_CATALOGUE.filter((p) => p.sourcing.kind === 'daily').map((p) => p.code);
    expect(daily).toContain('GBPINR');
    expect(daily).toContain('USDCNY');
    expect(daily).not.toContain('GBPPLN');
    // Stored as named: the backfill's daily bars are never inverted.
    expect(PAIR_CATALOGUE.filter((p) => p.sourcing.kind === 'daily' && p.invert)).toEqual([]);
  });
});
