import { describe, expect, it } from 'vitest';
import { sourceSpans, spanSourceOf } from '../src/source-spans';
import { barSourceLabel, isSimulatedBar, summariseSources } from '../src/sources';

// Issue 21: minutes from a history provider are real data wherever sources are summed up or named.
describe('bar sources', () => {
  it('Dukascopy and TraderMade minutes are real; the data set and the simulated feed are not', () => {
    expect(['dukascopy', 'tradermade', 'feed', 'import'].map(spanSourceOf)).toEqual(['real', 'real', 'real', 'real']);
    expect(spanSourceOf('ecb_sim')).toBe('ecb_sim');
    expect(spanSourceOf('simulated')).toBe('simulated');
    expect(summariseSources(['dukascopy', 'feed'])).toBe('real');
    expect(summariseSources(['dukascopy', 'ecb_sim'])).toBe('mixed');
    expect(isSimulatedBar('tradermade')).toBe(false);
    expect(isSimulatedBar('ecb_sim')).toBe(true);
    expect(isSimulatedBar(null)).toBe(true);
  });

  it("names one minute's source as the screens show it", () => {
    expect(barSourceLabel('dukascopy')).toBe('Dukascopy');
    expect(barSourceLabel('tradermade')).toBe('TraderMade');
    expect(barSourceLabel('ecb_sim')).toBe('ECB-anchored, simulated');
    expect(barSourceLabel(undefined)).toBe('ECB-anchored, simulated');
  });

  it('a backfilled stretch after simulated minutes is one real span', () => {
    const spans = sourceSpans(
      [
        [Date.UTC(2025, 0, 6), 'ecb_sim'],
        [Date.UTC(2025, 0, 7), 'dukascopy'],
        [Date.UTC(2025, 0, 8), 'feed'],
      ],
      Date.UTC(2025, 0, 9),
    );
    expect(spans.map((s) => s.source)).toEqual(['ecb_sim', 'real']);
    // The real span names who its minutes came from; a simulated one names nobody.
    expect(spans.map((s) => s.providers)).toEqual([undefined, ['Dukascopy', 'Live market feed']]);
  });
});
