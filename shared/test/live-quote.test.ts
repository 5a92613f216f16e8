import { describe, expect, it } from 'vitest';
import {
  encodeQuoteNotification,
  fallbackNotification,
  parseQuoteNotification,
  type QuoteNotification,
  storedFallbackRate,
  toLiveQuotes,
} from '../src/live-quote';
import { servePrice } from '../src/pairs';
import { barSourceLabel, LIVE_SOURCE_LABELS, LIVE_SOURCES, liveQuoteNote, summariseSources } from '../src/sources';

const quote: QuoteNotification = {
  pair: 'EURGBP',
  bid: 0.8799,
  ask: 0.8801,
  mid: 0.88,
  ts: '2026-11-20T14:03:30.000Z',
  source: 'feed',
};

describe('the NOTIFY payload', () => {
  it('round-trips a quote, a fallback and a batch', () => {
    expect(parseQuoteNotification(encodeQuoteNotification(quote))).toEqual({ ok: true, quotes: [quote] });
    const failed = fallbackNotification('GBPUSD', new Date('2026-11-20T14:04:00Z'), 'HTTP error! status: 500');
    expect(failed).toEqual({
      pair: 'GBPUSD',
      bid: 1.2735,
      ask: 1.2735,
      mid: 1.2735,
      ts: '2026-11-20T14:04:00.000Z',
      source: 'fallback',
      fallback: true,
      error: 'HTTP error! status: 500',
    });
    expect(parseQuoteNotification(JSON.stringify({ quotes: [quote, failed] }))).toEqual({
      ok: true,
      quotes: [quote, failed],
    });
  });

  it.each([
    ['not JSON', 'GBPUSD 1.3'],
    ['a user-facing pair', encodeQuoteNotification({ ...quote, pair: 'GBPEUR' as never })],
    ['a zero price', JSON.stringify({ ...quote, mid: 0 })],
    ['a price as text', JSON.stringify({ ...quote, bid: '0.8799' })],
    ['a time that is not ISO', JSON.stringify({ ...quote, ts: 'yesterday' })],
    ['an unknown source', JSON.stringify({ ...quote, source: 'stored' })],
    ['a fallback without its error', JSON.stringify({ ...quote, source: 'fallback', fallback: true })],
    ['a missing field', JSON.stringify({ pair: 'GBPUSD' })],
  ])('refuses %s with a reason, without throwing', (_, payload) => {
    const parsed = parseQuoteNotification(payload);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.reason).not.toBe('');
  });
});

describe('quotes as brokers see them', () => {
  it('serves GBPEUR as 1 / EURGBP, bid and ask swapped, to 6 decimals', () => {
    expect(toLiveQuotes([quote])).toEqual([
      {
        pair: 'GBPEUR',
        bid: 1.136235,
        ask: 1.136493,
        mid: 1.136364,
        timestamp: Date.parse(quote.ts),
        source: 'feed',
      },
    ]);
    expect(servePrice(0.8801, true)).toBe(1.136235);
    expect(servePrice(1.23456789, false)).toBe(1.234568);
  });

  it("shows the spec's fallback rate of the user-facing pair (GBPEUR exactly 1.1854)", () => {
    const at = new Date('2026-11-20T14:04:00Z');
    expect(storedFallbackRate('EURGBP')).toBe(1 / 1.1854);
    const quotes = toLiveQuotes([fallbackNotification('EURGBP', at, 'No rate data received')]);
    expect(quotes).toEqual([
      {
        pair: 'GBPEUR',
        bid: 1.1854,
        ask: 1.1854,
        mid: 1.1854,
        timestamp: at.getTime(),
        source: 'fallback',
        error: 'No rate data received',
      },
    ]);
  });

  it('labels a stored price as such', () => {
    const [q] = toLiveQuotes([{ pair: 'GBPUSD', bid: 1.3, ask: 1.3, mid: 1.3, ts: quote.ts, source: 'stored' }]);
    expect(q?.source).toBe('stored');
  });
});

describe('source labels', () => {
  it('names every live source, with the time in London across GMT and BST', () => {
    for (const s of LIVE_SOURCES) expect(LIVE_SOURCE_LABELS[s]).toBeTruthy();
    expect(liveQuoteNote({ source: 'simulated', timestamp: Date.parse('2026-11-20T18:05:45Z') })).toBe(
      'Simulated feed · 18:05:45 London',
    );
    expect(liveQuoteNote({ source: 'feed', timestamp: Date.parse('2026-07-01T17:05:45Z') })).toBe(
      'Live market feed · 18:05:45 London',
    );
    expect(liveQuoteNote({ source: 'stored', timestamp: Date.parse('2026-03-29T00:30:00Z') })).toBe(
      'Last stored price · 00:30:00 London',
    );
  });

  it('sums up a series’ sources', () => {
    expect(summariseSources([])).toBe('none');
    expect(summariseSources(['feed', 'import'])).toBe('real');
    expect(summariseSources(['ecb_sim', 'ecb_sim'])).toBe('ecb_sim');
    expect(summariseSources(['simulated'])).toBe('simulated');
    expect(summariseSources(['ecb_sim', 'simulated'])).toBe('mixed');
  });
});

describe('a minute labelled by what it is (issue 31 §3)', () => {
  it('a real minute, an ECB-anchored simulated one and one after the bundled ECB file ends', () => {
    expect(barSourceLabel('dukascopy', '2026-11-27T14:00:00Z')).toBe('Dukascopy');
    expect(barSourceLabel('ecb_sim', '2026-04-13T15:00:00Z')).toBe('ECB-anchored, simulated');
    expect(barSourceLabel('ecb_sim', '2026-04-13T23:30:00Z')).toBe('simulated (no reference after 13 Apr 2026)');
    expect(barSourceLabel('ecb_sim', '2026-11-27T21:59:00Z')).toBe('simulated (no reference after 13 Apr 2026)');
    // Without its instant, a minute keeps the data set's name (callers that have one pass it).
    expect(barSourceLabel('ecb_sim')).toBe('ECB-anchored, simulated');
  });
});
