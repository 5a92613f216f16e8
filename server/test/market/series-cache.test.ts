import {
  encodeQuoteNotification,
  QUOTES_CHANNEL,
  type QuoteNotification,
  toLiveQuotes,
} from '@pippitch/shared/live-quote';
import type { StoredPair } from '@pippitch/shared/pairs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteHub } from '../../../core/src/market/live/quote-hub';
import { SeriesCache } from '../../../core/src/market/read/series-cache';
import { signUp, signupInput, startTestApp, type TestApp, type TestClient } from '../helpers';
import { insertBars } from './fixtures';

let h: TestApp;
let c: TestClient;
let hub: QuoteHub;

beforeAll(async () => {
  let listening: Promise<void> = Promise.resolve();
  h = await startTestApp({}, (t) => {
    hub = new QuoteHub(t.db, t.url);
    // A NOTIFY sent before LISTEN is up is lost: the tests start once the hub has connected.
    listening = new Promise<void>((resolve) => {
      const off = hub.onReset(() => {
        off();
        resolve();
      });
    });
    hub.start();
    return { quotes: hub, seriesCache: new SeriesCache(hub) };
  });
  await listening;
  const now = new Date();
  await insertBars(h.t.db, 'GBPUSD', new Date(now.getTime() - 10 * 86_400_000).toISOString(), now.toISOString(), 1.3);
  await insertBars(h.t.db, 'EURGBP', new Date(now.getTime() - 10 * 86_400_000).toISOString(), now.toISOString(), 0.86);
  c = h.client();
  await signUp(h.t.db, c, signupInput());
});
afterAll(async () => {
  await hub.stop();
  await h.close();
});

let quoteSeq = 0;
/** Notifies a quote for `pair` and resolves once the hub (and so the cache, which it calls at once) has it. */
async function notifyQuote(pair: StoredPair): Promise<void> {
  // Each quote a minute after the last: the hub ignores one no newer than what it holds.
  const ts = new Date(Date.now() + ++quoteSeq * 60_000).toISOString();
  const q: QuoteNotification = { pair, bid: 1, ask: 1, mid: 1, ts, source: 'simulated' };
  await sql`SELECT pg_notify(${QUOTES_CHANNEL}, ${encodeQuoteNotification(q)})`.execute(h.t.db);
  const [heard] = toLiveQuotes([q]);
  await expect
    .poll(() => hub.snapshot().some((s) => s.pair === heard!.pair && s.timestamp === heard!.timestamp), SETTLED)
    .toBe(true);
}
const SETTLED = { timeout: 30_000, interval: 20 };

describe('shared chart series', () => {
  it('serves a timeframe again without a query until the pair’s next quote, then reads the new bars', async () => {
    const first = await c.api.market.series.query({ pair: 'GBPUSD', timeframe: '1D' });
    const last = first.points.at(-1)!;
    // Change the newest bar behind the cache's back.
    await sql`UPDATE fx_minute_bars SET close = 2, high = 2 WHERE pair = 'GBPUSD' AND ts = to_timestamp(${last.t / 1000})`.execute(
      h.t.db,
    );
    expect((await c.api.market.series.query({ pair: 'GBPUSD', timeframe: '1D' })).points.at(-1)!.price).toBe(
      last.price,
    );

    await notifyQuote('EURGBP'); // another pair's quote leaves GBPUSD cached
    expect((await c.api.market.series.query({ pair: 'GBPUSD', timeframe: '1D' })).points.at(-1)!.price).toBe(
      last.price,
    );

    await notifyQuote('GBPUSD');
    await expect
      .poll(
        async () => (await c.api.market.series.query({ pair: 'GBPUSD', timeframe: '1D' })).points.at(-1)!.price,
        SETTLED,
      )
      .toBe(2);
  });

  it('GBPEUR is dropped with EURGBP’s quote', async () => {
    const before = await c.api.market.series.query({ pair: 'GBPEUR', timeframe: '1D' });
    const last = before.points.at(-1)!;
    await sql`UPDATE fx_minute_bars SET close = 0.5, low = 0.5 WHERE pair = 'EURGBP' AND ts = to_timestamp(${last.t / 1000})`.execute(
      h.t.db,
    );
    await notifyQuote('EURGBP');
    await expect
      .poll(
        async () => (await c.api.market.series.query({ pair: 'GBPEUR', timeframe: '1D' })).points.at(-1)!.price,
        SETTLED,
      )
      .toBe(2);
  });

  it('still needs a signed-in member for a cached series', async () => {
    await expect(h.client().api.market.series.query({ pair: 'GBPUSD', timeframe: '1D' })).rejects.toThrow(
      'Please sign in to continue',
    );
  });
});
