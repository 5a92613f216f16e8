import { describe, expect, it } from 'vitest';
import { seriesSourceLabel } from '../src/features/market/labels';

const span = (source: 'real' | 'ecb_sim' | 'unanchored' | 'simulated', from: string, to: string) => ({
  source,
  from,
  to,
});

describe('seriesSourceLabel', () => {
  it('names one source as the badge always did, and nothing for an empty series', () => {
    expect(seriesSourceLabel([span('ecb_sim', '2025-10-01T00:00:00Z', '2025-10-31T22:00:00Z')])).toBe(
      'ECB reference rates · simulated intraday',
    );
    expect(seriesSourceLabel([span('real', '2025-10-01T00:00:00Z', '2025-10-31T22:00:00Z')])).toBe('Real Market Data');
    expect(seriesSourceLabel([])).toBeUndefined();
  });

  it('names who the real minutes came from', () => {
    const real = { ...span('real', '2025-10-01T00:00:00Z', '2025-10-31T22:00:00Z'), providers: ['Dukascopy'] };
    expect(seriesSourceLabel([real])).toBe('Real Market Data (Dukascopy)');
    expect(
      seriesSourceLabel([
        span('ecb_sim', '2025-09-01T00:00:00Z', '2025-10-01T00:00:00Z'),
        { ...real, providers: ['Dukascopy', 'TraderMade'] },
      ]),
    ).toBe('ECB reference rates · simulated intraday, then real market data (Dukascopy, TraderMade) from 1 Oct');
  });

  it('names the sources in time order with the London date each one starts', () => {
    expect(
      seriesSourceLabel([
        span('ecb_sim', '2025-10-15T00:00:00Z', '2025-11-12T09:30:00Z'),
        span('simulated', '2025-11-12T09:30:00Z', '2025-11-14T22:00:00Z'),
      ]),
    ).toBe('ECB reference rates · simulated intraday, then simulated feed from 12 Nov');
    // A short series gives the London time too (BST in October: 13:05 UTC is 14:05 London).
    expect(
      seriesSourceLabel([
        span('simulated', '2025-10-01T00:00:00Z', '2025-10-01T13:05:00Z'),
        span('real', '2025-10-01T13:05:00Z', '2025-10-01T18:00:00Z'),
        span('simulated', '2025-10-01T18:00:00Z', '2025-10-01T20:00:00Z'),
      ]),
    ).toBe(
      'Simulated feed, then real market data from 1 Oct 14:05 London, then simulated feed from 1 Oct 19:00 London',
    );
  });

  it('stays one short line when the sources alternate', () => {
    const spans = Array.from({ length: 8 }, (_, i) =>
      span(
        i % 2 ? 'real' : 'simulated',
        `2025-11-${String(3 + i).padStart(2, '0')}T10:00:00Z`,
        `2025-11-${String(4 + i).padStart(2, '0')}T10:00:00Z`,
      ),
    );
    expect(seriesSourceLabel(spans)).toBe('Simulated feed and real market data in turn, real market data from 10 Nov');
  });

  // Issue 31 §3: the data set's minutes after the bundled ECB file ends (13 Apr 2026) are not ECB rates.
  it('calls minutes after the ECB file ends simulated with no reference, alone or after anchored ones', () => {
    expect(seriesSourceLabel([span('unanchored', '2026-05-01T00:00:00Z', '2026-05-31T22:00:00Z')])).toBe(
      'simulated (no reference after 13 Apr 2026)',
    );
    expect(
      seriesSourceLabel([
        span('ecb_sim', '2026-04-01T00:00:00Z', '2026-04-13T23:00:00Z'),
        span('unanchored', '2026-04-13T23:00:00Z', '2026-04-30T22:00:00Z'),
      ]),
    ).toBe('ECB reference rates · simulated intraday, then simulated (no reference after 13 Apr 2026) from 14 Apr');
  });
});
