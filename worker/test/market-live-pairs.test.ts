import { parseQuoteNotification, QUOTES_CHANNEL, type QuoteNotification } from '@pippitch/shared/live-quote';
import { encodeLiveMessage, parseLiveMessage } from '@pippitch/shared/live-socket';
import { STORED_PAIRS } from '@pippitch/shared/pairs';
import { liveQuoteNote } from '@pippitch/shared/sources';
import { type Listener, listen } from '@pippitch/sql';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketDataService, startMarketData } from '../../core/src/market/live/poller';
import { QuoteHub } from '../../core/src/market/live/quote-hub';
import type { Feed } from '../../core/src/market/live/types';
import { fetchSeries } from '../../core/src/market/read/history';
import { createSimulatedFeed } from '../../core/src/market/vendors/simulated/feed';
import { createTraderMadeFeed } from '../../core/src/market/vendors/tradermade/live-client';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { ManualClock } from './helpers/manual-clock';
import { startLiveServer } from './helpers/tradermade-server';
import { driveUntil, waitFor } from './helpers/wait';

// Issue 34 §3, live quotes for the pairs desks chose: the poller reads the desks' pairs at every poll and asks the
// simulated feed for the stored pairs they need (USD/JPY's own, GBP/PLN's legs GBP/USD and USD/PLN, nothing for the
// daily-only GBP/INR); the server's hub prices the cross from both legs of one poll and names them. The clock is a
// manual one on a Wednesday morning, moved from one scheduled poll to the next.
const BASE = Date.parse('2026-11-18T10:00:05Z');
const clock = new ManualClock(BASE);
/** The bundled ECB file's last fix (13 Apr 2026): yen per euro. The simulated yen walks on from it. */
const EURJPY_LAST_FIX = 186.75;

let t: TestDatabase;
let listener: Listener;
let hub: QuoteHub;
let poller: MarketDataService;
const heard: QuoteNotification[] = [];
const asked: string[][] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await sql`INSERT INTO companies (name, domain, price_per_month, subscription_price)
            VALUES ('Spec Desk', 'specdesk.co.uk', 0, 0)`.execute(t.db);
  listener = listen(t.url, [QUOTES_CHANNEL], (_, payload) => {
    const parsed = parseQuoteNotification(payload);
    if (parsed.ok) heard.push(...parsed.quotes);
  });
  hub = new QuoteHub(t.db, t.url);
  const listening = new Promise<void>((resolve) => {
    const off = hub.onReset(() => {
      off();
      resolve();
    });
  });
  hub.start();
  await listening;
  const simulated = createSimulatedFeed({ clock: clock.now });
  const feed: Feed = {
    name: simulated.name,
    source: simulated.source,
    fetchQuotes: (pairs) => {
      asked.push([...pairs]);
      return simulated.fetchQuotes(pairs);
    },
  };
  poller = startMarketData({ url: t.url, feed, pollMs: 1_000, lockRetryMs: 2_000, pollerId: 'worker-a', clock });
}, 120_000);

afterAll(async () => {
  await poller?.stop();
  await listener?.close();
  await hub?.stop();
  await t?.drop();
});

const lastPoll = (pair: string) => heard.filter((q) => q.pair === pair).at(-1);

describe('live quotes for the pairs desks chose', () => {
  it('polls the six alone while every desk quotes the six', async () => {
    await driveUntil(clock, 'two polls', () => asked.length >= 2);
    expect(asked[0]).toEqual([...STORED_PAIRS]);
    await waitFor('the hub to hear GBP/USD', () => hub.latestFor('GBPUSD'));
    expect(hub.snapshot().map((q) => q.pair)).not.toContain('USDJPY');
  });

  it('quotes a direct pair, a derived cross and no daily-only pair once a desk adds them, from the next poll', async () => {
    await sql`INSERT INTO companies (name, domain, price_per_month, subscription_price, quoted_pairs)
              VALUES ('Import Desk', 'importdesk.co.uk', 0, 0, ARRAY['GBPUSD', 'USDJPY', 'GBPPLN', 'GBPINR'])`.execute(
      t.db,
    );
    await driveUntil(clock, 'a poll with the added pairs', () => asked.at(-1)?.includes('USDJPY'));
    // The six first, then what the additions need: USD/JPY's own, the zloty leg; the rupee has no minute market.
    expect(asked.at(-1)).toEqual([...STORED_PAIRS, 'USDJPY', 'USDPLN']);
    expect(asked.flat().some((p) => p.includes('INR'))).toBe(false);

    // Direct: USD/JPY from the feed, stored, folded into a bar, published. The yen has walked on from the ECB's last
    // fix since the bundled file ended (seven months before this Wednesday): USD/JPY × EUR/USD of the same tick, the
    // euro's yen, is near that fix but no longer held at it (dataset/anchored.ts).
    const jpy = await driveUntil(clock, 'a USD/JPY quote', () => lastPoll('USDJPY'));
    const eurusd = heard.filter((q) => q.pair === 'EURUSD' && q.ts === jpy.ts).at(-1)!;
    expect(jpy.source).toBe('simulated');
    const eurjpy = (jpy.mid * eurusd.mid) / EURJPY_LAST_FIX;
    expect(Math.abs(eurjpy - 1)).toBeLessThan(0.15);
    expect(Math.abs(eurjpy - 1)).toBeGreaterThan(0.001);
    expect(jpy.bid).toBeLessThan(jpy.mid);
    expect(jpy.ask).toBeGreaterThan(jpy.mid);
    expect(Math.round(jpy.bid * 1000)).toBeCloseTo(jpy.bid * 1000, 6); // a tenth of the yen pip, as vendors quote
    const stored = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM fx_quotes WHERE pair = 'USDJPY')::int
           + (SELECT count(*) FROM fx_minute_bars WHERE pair = 'USDJPY' AND source = 'simulated')::int AS n`.execute(
      t.db,
    );
    expect(stored.rows[0]!.n).toBeGreaterThanOrEqual(2);
    const liveJpy = await waitFor('the hub to serve USD/JPY', () => hub.latestFor('USDJPY'));
    expect(liveJpy.source).toBe('simulated');
    expect(liveJpy.derived).toBeUndefined();

    // Derived: GBP/PLN from GBP/USD × USD/PLN of one poll, naming its legs.
    const pln = lastPoll('USDPLN')!;
    const cross = await waitFor('the hub to serve GBP/PLN from that poll', () => {
      const q = hub.latestFor('GBPPLN');
      return q && q.timestamp >= Date.parse(pln.ts) ? q : null;
    });
    const polled = heard.filter((q) => q.pair === 'USDPLN' && Date.parse(q.ts) === cross.timestamp).at(-1)!;
    const leg = heard.filter((q) => q.pair === 'GBPUSD' && q.ts === polled.ts).at(-1)!;
    expect(cross).toMatchObject({ pair: 'GBPPLN', source: 'simulated', derived: 'GBP/USD × USD/PLN' });
    expect(cross.bid).toBeCloseTo(leg.bid * polled.bid, 5);
    expect(cross.ask).toBeCloseTo(leg.ask * polled.ask, 5);
    expect(cross.mid).toBeCloseTo(leg.mid * polled.mid, 5);
    // The legs' names travel to the browser and show under the rate.
    const [onScreen] = parseLiveMessage(encodeLiveMessage([cross]));
    expect(onScreen?.derived).toBe('GBP/USD × USD/PLN');
    expect(liveQuoteNote(cross)).toMatch(
      /^Simulated feed · derived cross GBP\/USD × USD\/PLN · \d\d:\d\d:\d\d London$/,
    );

    // Daily-only: no live price at all (the calculator says 'daily reference rate — no intraday prices').
    expect(heard.some((q) => q.pair.includes('INR'))).toBe(false);
    expect(hub.latestFor('GBPINR')).toBeUndefined();
  });

  it("stores the cross's minutes from its legs' minutes of the same minute: its history has the legs' latest", async () => {
    type Bar = { pair: string; ts: Date; open: number; high: number; low: number; close: number; source: string };
    const bars = (
      await sql<Bar>`SELECT pair, ts, open, high, low, close, source FROM fx_minute_bars
                     WHERE pair IN ('GBPUSD', 'USDPLN', 'GBPPLN') ORDER BY ts`.execute(t.db)
    ).rows;
    const at = (pair: string) => new Map(bars.filter((b) => b.pair === pair).map((b) => [b.ts.getTime(), b]));
    const [gbpusd, usdpln, gbppln] = [at('GBPUSD'), at('USDPLN'), at('GBPPLN')];
    // Every minute both legs have (the zloty is polled since the desk chose GBP/PLN), and no other.
    expect([...gbppln.keys()]).toEqual([...usdpln.keys()].filter((ts) => gbpusd.has(ts)));
    expect(gbppln.size).toBeGreaterThanOrEqual(1);
    for (const [ts, cross] of gbppln) {
      const [a, b] = [gbpusd.get(ts)!, usdpln.get(ts)!];
      // Simulated legs make a simulated minute, never one that passes for a real 'derived' one.
      expect(cross.source).toBe('simulated');
      expect(cross.open).toBeCloseTo(a.open * b.open, 5);
      expect(cross.close).toBeCloseTo(a.close * b.close, 5);
      expect(cross.high).toBeGreaterThanOrEqual(Math.max(cross.open, cross.close));
      expect(cross.low).toBeLessThanOrEqual(Math.min(cross.open, cross.close));
    }
    // The chart's day of minutes, as the history modal reads it: its newest point is the legs' newest minute.
    const latest = Math.max(...usdpln.keys());
    expect(Math.max(...gbpusd.keys())).toBe(latest);
    const series = await fetchSeries(t.db, { pair: 'GBPPLN', timeframe: '1D' }, new Date(clock.now()));
    const last = series.points.at(-1)!;
    expect(last.t).toBe(latest);
    expect(last.price).toBeCloseTo(gbpusd.get(latest)!.close * usdpln.get(latest)!.close, 5);
    expect(series.source).toBe('simulated');
  });

  it('keeps the six exactly as the spec names them: no legs named, the same stored pairs', () => {
    for (const pair of ['GBPUSD', 'GBPEUR', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD'] as const) {
      const q = hub.latestFor(pair);
      expect(q, pair).toBeDefined();
      expect(q).not.toHaveProperty('derived');
    }
  });

  it('a vendor refusing an added pair does not take the six down: they are polled alone, and it is said', async () => {
    await poller.stop();
    const vendor = await startLiveServer(); // it quotes the six only; USDJPY and USDPLN are unknown instruments
    vendor.now = () => clock.now() / 1000;
    const lines: string[] = [];
    try {
      heard.length = 0;
      poller = startMarketData({
        url: t.url,
        feed: createTraderMadeFeed({ baseUrl: vendor.baseUrl, apiKey: vendor.apiKey }),
        pollMs: 1_000,
        lockRetryMs: 2_000,
        pollerId: 'worker-b',
        clock,
        log: (line) => lines.push(line),
      });
      await driveUntil(clock, 'vendor quotes of the six', () => heard.filter((q) => q.source === 'feed').length >= 6);
      const asked = vendor.requests.map((u) => u.searchParams.get('currency'));
      expect(asked.slice(0, 2)).toEqual([[...STORED_PAIRS, 'USDJPY', 'USDPLN'].join(','), STORED_PAIRS.join(',')]);
      expect(heard.filter((q) => q.source === 'fallback')).toEqual([]);
      expect(
        lines.some((l) => l.includes("failed for the desks' added pairs (Unsupported currency pair: USDJPY)")),
      ).toBe(true);
      const status = await sql<{ fallback_in_use: boolean }>`SELECT fallback_in_use FROM fx_feed_status
                                                             WHERE feed = 'tradermade'`.execute(t.db);
      expect(status.rows[0]?.fallback_in_use).toBe(false);
    } finally {
      await poller.stop();
      await vendor.close();
    }
  });
});
