import { describe, expect, it } from 'vitest';
import { type PricedTrade, simulatedKindOf, simulatedTradesNote, tradeSourceText } from '../src/pack';
import { sourceSpans, summariseSpans } from '../src/source-spans';
import {
  barSourceLabel,
  minuteKindOf,
  PRICE_SOURCE_LABELS,
  SIMULATED_MINUTE_NOTE,
  simulatedMinuteNote,
  summariseKinds,
  UNANCHORED_FROM_MS,
  UNANCHORED_SIMULATED_LABEL,
} from '../src/sources';

// Issue 31 §3: each bundled minute is labelled by what it is. The ECB file's last fix is Monday 13 Apr 2026; the
// data set's minutes from London midnight after it (23:00 UTC, BST) are a seeded random walk with no reference.
const LAST_ANCHORED = Date.UTC(2026, 3, 13, 22, 59); // 23:59 London, 13 Apr
const FIRST_UNANCHORED = Date.UTC(2026, 3, 13, 23, 0); // 00:00 London, 14 Apr

describe('one minute, by kind', () => {
  it('the file ends at London midnight after its last fix, in BST', () => {
    expect(new Date(UNANCHORED_FROM_MS).toISOString()).toBe('2026-04-13T23:00:00.000Z');
  });

  it('real, ECB-anchored simulated and simulated after the file ends each have their own words', () => {
    expect(minuteKindOf('dukascopy', FIRST_UNANCHORED)).toBe('real');
    expect(minuteKindOf('ecb_sim', LAST_ANCHORED)).toBe('ecb_sim');
    expect(minuteKindOf('ecb_sim', FIRST_UNANCHORED)).toBe('unanchored');
    expect(minuteKindOf(null, FIRST_UNANCHORED)).toBe('unanchored');
    expect(minuteKindOf('simulated', FIRST_UNANCHORED)).toBe('simulated');
    // The rate lookup's words (barSourceLabel) and its summary label agree on the boundary.
    expect(barSourceLabel('ecb_sim', LAST_ANCHORED)).toBe('ECB-anchored, simulated');
    expect(barSourceLabel('ecb_sim', FIRST_UNANCHORED)).toBe(UNANCHORED_SIMULATED_LABEL);
    expect(PRICE_SOURCE_LABELS[minuteKindOf('ecb_sim', FIRST_UNANCHORED)]).toBe(
      'simulated (no reference after 13 Apr 2026)',
    );
    expect(PRICE_SOURCE_LABELS[minuteKindOf('ecb_sim', LAST_ANCHORED)]).toBe(
      'ECB reference rates · simulated intraday',
    );
  });

  it("the lookup's note under a simulated rate says which kind it is", () => {
    expect(simulatedMinuteNote('ecb_sim')).toBe(SIMULATED_MINUTE_NOTE);
    expect(simulatedMinuteNote('unanchored')).toMatch(/no reference rate under it .*13 Apr 2026/);
    expect(simulatedMinuteNote('unanchored')).not.toMatch(/ECB reference rates with/);
    expect(simulatedMinuteNote('simulated')).toBe('A minute from the simulated feed, not a traded price.');
  });
});

describe("the chart's spans across the file's end", () => {
  it('one stored ecb_sim stretch over the boundary becomes an anchored span then an unanchored one', () => {
    const from = Date.UTC(2026, 3, 1);
    const end = Date.UTC(2026, 3, 30, 23);
    const spans = sourceSpans([[from, 'ecb_sim']], end);
    expect(spans).toEqual([
      { source: 'ecb_sim', from: '2026-04-01T00:00:00.000Z', to: '2026-04-13T23:00:00.000Z' },
      { source: 'unanchored', from: '2026-04-13T23:00:00.000Z', to: '2026-04-30T23:00:00.000Z' },
    ]);
    expect(summariseSpans(spans)).toBe('mixed');
  });

  it('a stretch wholly after the file ends is unanchored; wholly before, anchored; a real one stays real', () => {
    const after = sourceSpans([[Date.UTC(2026, 5, 1), 'ecb_sim']], Date.UTC(2026, 5, 30));
    expect(after.map((s) => s.source)).toEqual(['unanchored']);
    expect(summariseSpans(after)).toBe('unanchored');
    const before = sourceSpans([[Date.UTC(2026, 2, 1), 'ecb_sim']], Date.UTC(2026, 3, 13, 23));
    expect(before.map((s) => s.source)).toEqual(['ecb_sim']);
    const real = sourceSpans([[Date.UTC(2026, 3, 1), 'dukascopy']], Date.UTC(2026, 4, 1));
    expect(real.map((s) => s.source)).toEqual(['real']);
  });

  it('a backfilled stretch after the unanchored minutes still starts its own span', () => {
    const spans = sourceSpans(
      [
        [Date.UTC(2026, 3, 10), 'ecb_sim'],
        [Date.UTC(2026, 4, 4), 'dukascopy'],
      ],
      Date.UTC(2026, 4, 8),
    );
    expect(spans.map((s) => [s.source, s.from])).toEqual([
      ['ecb_sim', '2026-04-10T00:00:00.000Z'],
      ['unanchored', '2026-04-13T23:00:00.000Z'],
      ['real', '2026-05-04T00:00:00.000Z'],
    ]);
    expect(summariseKinds([])).toBe('none');
  });
});

function trade(source: string, at: string, simulated: boolean): PricedTrade {
  return {
    line: 2,
    date: at.slice(0, 10),
    time: at.slice(11, 16),
    pair: 'GBPUSD',
    direction: 'sell',
    amount: '1000',
    rate: '1.3000',
    at,
    mid: { rate: '1.310000', at, source, minutesBefore: 0, simulated },
    markupBps: '76.3',
    amountGbp: '1000.00',
    markupGbp: '7.63',
    ourCostGbp: '2.00',
    savingGbp: '5.63',
    note: null,
  };
}

describe('pack rows and the totals line, per trade kind', () => {
  const anchored = trade('ECB-anchored, simulated', '2026-04-13T13:00:00.000Z', true);
  const unanchored = trade(UNANCHORED_SIMULATED_LABEL, '2026-05-05T13:00:00.000Z', true);
  // Saved before the words were split: the row said 'ECB-anchored' for a May minute.
  const olderUnanchored = trade('ECB-anchored, simulated', '2026-05-06T13:00:00.000Z', true);
  const feed = trade('Simulated feed', '2026-11-20T13:00:00.000Z', true);
  const real = trade('Dukascopy', '2026-05-07T13:00:00.000Z', false);

  it('each row names its kind, an older pack included', () => {
    expect([anchored, unanchored, olderUnanchored, feed, real].map(simulatedKindOf)).toEqual([
      'ecb_sim',
      'unanchored',
      'unanchored',
      'simulated',
      null,
    ]);
    expect(tradeSourceText(anchored)).toBe('ECB-anchored, simulated');
    expect(tradeSourceText(unanchored)).toBe('simulated (no reference after 13 Apr 2026)');
    expect(tradeSourceText(olderUnanchored)).toBe('simulated (no reference after 13 Apr 2026)');
    expect(tradeSourceText(feed)).toBe('Simulated feed');
    expect(tradeSourceText(real)).toBe('Dukascopy');
  });

  it('a pack wholly on anchored minutes reads as before', () => {
    expect(simulatedTradesNote([anchored, real])).toBe(
      '1 of 2 trades priced on simulated minutes (ECB reference rates with simulated movement, not traded prices): their figures are indicative.',
    );
    expect(simulatedTradesNote([real])).toBeNull();
  });

  it('minutes after the file ends are never called ECB reference rates', () => {
    const note = simulatedTradesNote([unanchored, olderUnanchored, real]);
    expect(note).toBe(
      '2 of 3 trades priced on simulated minutes, not traded prices (2 simulated (no reference after 13 Apr 2026): a seeded random walk with no ECB rate under it): their figures are indicative.',
    );
    expect(note).not.toMatch(/ECB reference rates with/);
  });

  it('a mix counts each kind and says what it is', () => {
    expect(simulatedTradesNote([anchored, unanchored, feed, real])).toBe(
      '3 of 4 trades priced on simulated minutes, not traded prices (1 ECB-anchored (ECB reference rates with simulated movement between them); 1 simulated (no reference after 13 Apr 2026): a seeded random walk with no ECB rate under it; 1 from the simulated feed): their figures are indicative.',
    );
  });
});
