import { STORED_PAIRS } from '@pippitch/shared/pairs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFeedFromConfig } from '../../core/src/market/live/feeds';
import { createTraderMadeFeed } from '../../core/src/market/vendors/tradermade/live-client';
import { quotesFromLiveResponse } from '../../core/src/market/vendors/tradermade/live-transform';
import { type LiveServer, startLiveServer } from './helpers/tradermade-server';

describe('quotesFromLiveResponse (pure transform of the vendor payload)', () => {
  const body = {
    endpoint: 'live',
    timestamp: 1763647410,
    quotes: [
      { base_currency: 'GBP', quote_currency: 'USD', bid: 1.3401, ask: 1.3403, mid: 1.3402 },
      { base_currency: 'EUR', quote_currency: 'GBP', bid: 0.8711, ask: 0.8713, mid: 0.8712 },
      { base_currency: 'USD', quote_currency: 'JPY', bid: 150.1, ask: 150.2, mid: 150.15 },
    ],
  };

  it('maps requested pairs in request order, with the vendor timestamp (Unix seconds)', () => {
    const quotes = quotesFromLiveResponse(body, ['EURGBP', 'GBPUSD']);
    expect(quotes).toEqual([
      { pair: 'EURGBP', bid: 0.8711, ask: 0.8713, mid: 0.8712, ts: new Date(1763647410_000), source: 'feed' },
      { pair: 'GBPUSD', bid: 1.3401, ask: 1.3403, mid: 1.3402, ts: new Date(1763647410_000), source: 'feed' },
    ]);
  });

  it('computes mid from bid and ask when the vendor leaves it out', () => {
    const [q] = quotesFromLiveResponse(
      { timestamp: 1, quotes: [{ base_currency: 'GBP', quote_currency: 'USD', bid: 1.2, ask: 1.3 }] },
      ['GBPUSD'],
    );
    expect(q?.mid).toBeCloseTo(1.25, 12);
  });

  it.each([
    ['no body', null],
    ['no quotes key', { timestamp: 1 }],
    ['an empty quotes list', { timestamp: 1, quotes: [] }],
    ['quotes that are not a list', { timestamp: 1, quotes: 'GBPUSD' }],
  ])('says "No rate data received" for %s', (_, payload) => {
    expect(() => quotesFromLiveResponse(payload, ['GBPUSD'])).toThrow('No rate data received');
  });

  it('says "Unsupported currency pair: X" when a requested pair is missing or flagged by the vendor', () => {
    expect(() => quotesFromLiveResponse(body, ['GBPUSD', 'GBPNOK'])).toThrow('Unsupported currency pair: GBPNOK');
    const flagged = {
      timestamp: 1,
      quotes: [{ instrument: 'GBPXYZ', error: 400, message: 'currency code is invalid' }],
    };
    expect(() => quotesFromLiveResponse(flagged, ['GBPXYZ'])).toThrow('Unsupported currency pair: GBPXYZ');
  });

  it('rejects crossed or non-numeric prices and a missing timestamp', () => {
    const crossed = { timestamp: 1, quotes: [{ base_currency: 'GBP', quote_currency: 'USD', bid: 1.3, ask: 1.2 }] };
    expect(() => quotesFromLiveResponse(crossed, ['GBPUSD'])).toThrow('Invalid quote for GBPUSD');
    const text = { timestamp: 1, quotes: [{ base_currency: 'GBP', quote_currency: 'USD', bid: 'x', ask: 1.2 }] };
    expect(() => quotesFromLiveResponse(text, ['GBPUSD'])).toThrow('Invalid quote for GBPUSD');
    const untimed = { quotes: body.quotes };
    expect(() => quotesFromLiveResponse(untimed, ['GBPUSD'])).toThrow('no valid timestamp');
  });
});

describe('TraderMade-compatible client against a local /live server', () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.mode = { kind: 'ok' };
    server.requests.length = 0;
  });
  // The default request timeout (10 s) guards real I/O: a loaded machine must not turn a slow local answer into a
  // timeout. Only the test of a server that never answers uses a short one.
  const feed = () => createTraderMadeFeed({ baseUrl: server.baseUrl, apiKey: server.apiKey });

  it('fetches every stored pair in one request with currency and api_key parameters', async () => {
    const quotes = await feed().fetchQuotes(STORED_PAIRS);
    expect(quotes.map((q) => q.pair)).toEqual([...STORED_PAIRS]);
    for (const q of quotes) {
      expect(q.source).toBe('feed');
      expect(q.bid).toBeLessThanOrEqual(q.mid);
      expect(q.mid).toBeLessThanOrEqual(q.ask);
    }
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.searchParams.get('currency')).toBe(STORED_PAIRS.join(','));
    expect(server.requests[0]?.searchParams.get('api_key')).toBe('test-key');
  });

  it('reports a wrong key as the HTTP status, without leaking the key', async () => {
    const wrong = createTraderMadeFeed({ baseUrl: server.baseUrl, apiKey: 'secret-wrong-key' });
    const err = await wrong.fetchQuotes(['GBPUSD']).catch((e: Error) => e);
    expect((err as Error).message).toBe('HTTP error! status: 401');
    expect((err as Error).message).not.toContain('secret');
  });

  it.each([500, 503, 429])('reports status %i as "HTTP error! status: n"', async (status) => {
    server.mode = { kind: 'status', status };
    await expect(feed().fetchQuotes(['GBPUSD'])).rejects.toThrow(`HTTP error! status: ${status}`);
  });

  it('reports malformed JSON clearly', async () => {
    server.mode = { kind: 'malformed' };
    await expect(feed().fetchQuotes(['GBPUSD'])).rejects.toThrow('Malformed response from rate feed (not JSON)');
  });

  it('reports an empty body or an empty quotes list as "No rate data received"', async () => {
    server.mode = { kind: 'empty-body' };
    await expect(feed().fetchQuotes(['GBPUSD'])).rejects.toThrow('No rate data received');
    server.mode = { kind: 'no-quotes' };
    await expect(feed().fetchQuotes(['GBPUSD'])).rejects.toThrow('No rate data received');
  });

  it('reports an unknown pair, or a requested pair missing from the answer, as unsupported', async () => {
    await expect(feed().fetchQuotes(['GBPUSD', 'GBPXYZ'])).rejects.toThrow('Unsupported currency pair: GBPXYZ');
    server.mode = { kind: 'drop', pair: 'GBPSEK' };
    await expect(feed().fetchQuotes(STORED_PAIRS)).rejects.toThrow('Unsupported currency pair: GBPSEK');
    // Not even a pair code: refused before any request is made.
    server.requests.length = 0;
    await expect(feed().fetchQuotes(['gbp/usd'])).rejects.toThrow('Unsupported currency pair: gbp/usd');
    expect(server.requests).toHaveLength(0);
  });

  it('gives up on a server that never answers, and reports an unreachable one', async () => {
    server.mode = { kind: 'hang' };
    const impatient = createTraderMadeFeed({ baseUrl: server.baseUrl, apiKey: server.apiKey, timeoutMs: 500 });
    await expect(impatient.fetchQuotes(['GBPUSD'])).rejects.toThrow('Rate feed timed out after 500 ms');
    const closed = await startLiveServer();
    await closed.close();
    const gone = createTraderMadeFeed({ baseUrl: closed.baseUrl, apiKey: 'k', timeoutMs: 2000 });
    await expect(gone.fetchQuotes(['GBPUSD'])).rejects.toThrow(/^Rate feed unreachable: /);
  });

  it('is chosen by config only when both URL and key are set; otherwise the simulated feed', () => {
    expect(createFeedFromConfig({ feedUrl: server.baseUrl, apiKey: 'k' }).name).toBe('tradermade');
    expect(createFeedFromConfig({ feedUrl: server.baseUrl }).name).toBe('simulated');
    expect(createFeedFromConfig({}).source).toBe('simulated');
  });
});
