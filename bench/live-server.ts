/**
 * One server process for bench/live.ts, run until killed. Reports its port over IPC once its LISTEN connection is
 * up (a quote sent before that would be lost).
 *   app <url>    the real app (its /live route) with its own LISTEN connection and quote hub, as in production
 *   floor <url>  the floor: raw `ws` sockets, and each NOTIFY sent to all of them as ONE pre-serialised message
 *                (what any fan-out on this machine costs at least: the NOTIFY hop, then one write per socket)
 */

import { WebSocketServer } from 'ws';
import { testConfig } from '../core/src/config';
import { QuoteHub } from '../core/src/market/live/quote-hub';
import { buildApp } from '../server/src/api/app';
import { encodeLiveMessage, parseQuoteNotification, QUOTES_CHANNEL, toLiveQuotes } from '../shared/src/live-quote';
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
  // The same messages the app's live socket sends (a JSON array of quotes), so the client reads both alike.
  const first = encodeLiveMessage([initial]);
  wss.on('connection', (ws) => ws.send(first));
  listen(
    url,
    [QUOTES_CHANNEL],
    (_channel, payload) => {
      const parsed = parseQuoteNotification(payload);
      if (!parsed.ok) return;
      const message = encodeLiveMessage(toLiveQuotes(parsed.quotes));
      for (const ws of wss.clients) ws.send(message);
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
