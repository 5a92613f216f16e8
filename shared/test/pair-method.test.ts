import { describe, expect, it } from 'vitest';
import { formatPairRate, formatRate } from '../src/format';
import { PAIR_CATALOGUE } from '../src/pair-catalogue';
import { crossRecordOf, crossWords, pairMethodLines } from '../src/pair-method';

// Issue 34 §2: a derived cross's record names its legs and the method; a pack's method names each pair not priced
// from its own minutes once.
describe('how a pair is priced, in words', () => {
  it("names a derived cross's legs and method", () => {
    const cross = crossRecordOf('GBPPLN');
    expect(cross).toEqual({
      pair: 'GBP/PLN',
      legs: ['GBP/USD', 'USD/PLN'],
      method: 'GBP/USD × USD/PLN at the same minute',
    });
    expect(crossWords(cross!)).toBe('GBP/PLN derived from GBP/USD × USD/PLN at the same minute');
    // Every derived cross's legs, read left to right, run from its base to its quote.
    for (const p of PAIR_CATALOGUE.filter((x) => x.sourcing.kind === 'derived')) {
      const { legs } = crossRecordOf(p.code)!;
      expect([legs[0].slice(0, 3), legs[0].slice(4), legs[1].slice(0, 3), legs[1].slice(4)]).toEqual([
        p.base,
        legs[1].slice(0, 3),
        legs[0].slice(4),
        p.quote,
      ]);
    }
  });

  it('is nothing for the six and other direct pairs, or for a daily-only pair', () => {
    for (const code of ['GBPUSD', 'GBPEUR', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD', 'USDJPY', 'GBPINR'] as const)
      expect(crossRecordOf(code)).toBeNull();
    expect(pairMethodLines(['GBPUSD', 'USDJPY'])).toEqual([]);
  });

  it("gives one line per pair a pack holds that is not priced from its own minutes, in the catalogue's order", () => {
    expect(pairMethodLines(['GBPINR', 'GBPPLN', 'GBPUSD', 'GBPPLN'])).toEqual([
      "GBP/PLN derived from GBP/USD × USD/PLN at the same minute: our history provider has no GBP/PLN prices of its own, so each minute is the product of its two legs' prices at that minute.",
      "GBP/INR: daily reference rate — no intraday prices. Priced from the ECB's reference rate of the day (or the last before it); a rate more than 3% from it is off-market.",
    ]);
  });
});

describe('a rate at its pair’s decimals', () => {
  it('keeps the six at 4, gives yen quotes 2 and the rupiah none', () => {
    for (const pair of ['GBPUSD', 'GBPEUR', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD'])
      expect(formatPairRate('1.27', pair)).toBe(formatRate('1.27'));
    expect(formatPairRate('150.5', 'USDJPY')).toBe('150.50');
    expect(formatPairRate('20082.4', 'EURIDR')).toBe('20082');
    expect(formatPairRate('5.04', 'GBPPLN')).toBe('5.0400');
    expect(formatPairRate('1.27', 'XXXYYY')).toBe('1.2700');
  });
});
