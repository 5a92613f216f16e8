/**
 * One server process for bench/live.ts and bench/pairs.ts, run until killed. Reports its port over IPC once its
 * LISTEN connection is up (a quote sent before that would be lost).
 *   app <url>    the real app (its /live route) with its own LISTEN connection and quote hub, as in production
 *   floor <url>  the floor: raw `ws` sockets sent the same quotes as the app's, done the plainest way: the latest
 *                price of each stored pair kept from storage and each NOTIFY, each NOTIFY's pairs and the crosses
 *                priced from them (shared toLiveQuotes, the app's pricing) less those not newer than last sent,
 *                serialised once into one Buffer and written to every socket. What any fan-out of the product's
 *                quotes costs at least on this machine: the NOTIFY hop, the pricing, one write per socket.
 */

import { WebSocketServer } from 'ws';
import { testConfig } from '../core/src/config';
import { loadLatestPrices, QuoteHub } from '../core/src/market/live/quote-hub';
import { buildApp } from '../server/src/api/app';
import {
  encodeLiveMessage,
  type LiveQuote,
  parseQuoteNotification,
  QUOTES_CHANNEL,
  type StoredPrice,
  toLiveQuotes,
} from '../shared/src/live-quote';
import { type CataloguePair, pairInfo } from '../shared/src/pair-catalogue';
import { createDb, createPool, listen } from '../sql/src/index';

const [mode, url] = process.argv.slice(2) as ['app' | 'floor', string];
const initial = {
  pair: 'GBPUSD',
  bid: 1.3,
  ask: 1.3,
  mid: 1.3,
  timestamp: Date.now() - 60_000,
  source: 'stored',
} as const;

if (mode === 'floor') {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  // The app's hub starts from the newest stored prices (a cross's other leg may be days old): so does the floor.
  const db = createDb(createPool(url, { max: 1 }));
  const stored = new Map<string, StoredPrice>((await loadLatestPrices(db)).map((p) => [p.pair, p]));
  await db.destroy();
  /** What each pair's last sent quote was, so a quote no newer is not sent again (the hub's publish rule). */
  const sent = new Map<string, { timestamp: number; source: string }>();
  const fresh = (quotes: LiveQuote[]) =>
    quotes.filter((q) => {
      const prev = sent.get(q.pair);
      if (prev && prev.timestamp >= q.timestamp && (q.source === prev.source || q.source === 'stored')) return false;
      sent.set(q.pair, q);
      return true;
    });
  fresh([initial, ...toLiveQuotes([...stored.values()])]);
  // The same messages the app's live socket sends (a JSON array of quotes), so the client reads both alike.
  const first = encodeLiveMessage([initial]);
  wss.on('connection', (ws) => ws.send(first));
  listen(
    url,
    [QUOTES_CHANNEL],
    (_channel, payload) => {
      const parsed = parseQuoteNotification(payload);
      if (!parsed.ok) return;
      for (const q of parsed.quotes) stored.set(q.pair, q);
      const moved = new Set(parsed.quotes.map((q) => q.pair));
      const quotes = fresh(toLiveQuotes([...stored.values()]).filter((q) => pricedFrom(q.pair, moved)));
      if (quotes.length === 0) return;
      const frame = Buffer.from(encodeLiveMessage(quotes));
      for (const ws of wss.clients) ws.send(frame, { binary: false });
    },
    { onConnect: () => process.send?.({ type: 'listening', port: (wss.address() as { port: number }).port }) },
  );
} else {
  const db = createDb(createPool(url, { max: 10 }));
  const hub = new QuoteHub(db, url);
  const listening = new Promise<void>((resolve) => {
    const off = hub.onReset(() => {
      off();
      resolve();
    });
  });
  hub.start();
  const app = await buildApp({
    config: testConfig({ databaseUrl: url }),
    db,
    serveWeb: false,
    deps: { now: () => new Date(), quotes: hub },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  await listening;
  hub.publish([initial]);
  process.send?.({ type: 'listening', port: (app.server.address() as { port: number }).port });
}

/** Whether a pair's quote is priced from one of these stored pairs: its own, or a leg of a derived cross. */
function pricedFrom(pair: CataloguePair, moved: ReadonlySet<string>): boolean {
  const info = pairInfo(pair);
  if (info.sourcing.kind === 'derived') return info.sourcing.legs.some((leg) => moved.has(leg.stored));
  return moved.has(info.stored);
}
