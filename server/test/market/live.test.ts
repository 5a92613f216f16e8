import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { encodeQuoteNotification, LIVE_CLOSE, LIVE_PATH, type QuoteNotification } from '@pippitch/shared/live-quote';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { testConfig } from '../../../core/src/config';
import { QuoteHub } from '../../../core/src/market/live/quote-hub';
import { SessionWatch } from '../../../core/src/services/auth/session-watch';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { buildApp } from '../../src/api/app';
import { LiveFanout } from '../../src/api/http/live-fanout';
import { createClient, signUp, signupInput } from '../helpers';
import { cookieHeader, openLive } from '../live-socket';

let t: TestDatabase;
const servers: { app: FastifyInstance; hub: QuoteHub; url: string; log: string[] }[] = [];
/** Conditions settle asynchronously (LISTEN, WebSocket); the bound only stops a broken run, never a slow one. */
const settled = { timeout: 30_000, interval: 20 };
const HOUR = 3_600_000;

async function startServer() {
  const log: string[] = [];
  const hub = new QuoteHub(t.db, t.url, (line) => log.push(line));
  // Notifications sent before LISTEN is up are lost: a test starts only once the hub has connected.
  const listening = new Promise<void>((resolve) => {
    const off = hub.onReset(() => {
      off();
      resolve();
    });
  });
  hub.start();
  await listening;
  const app = await buildApp({
    config: testConfig({ databaseUrl: t.url }),
    db: t.db,
    serveWeb: false,
    deps: { now: () => new Date(), quotes: hub, sessions: new SessionWatch(t.db, 100) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const s = { app, hub, url: `http://127.0.0.1:${port}`, log };
  servers.push(s);
  return s;
}

const subscribe = openLive;

/** What the worker sends: one NOTIFY per quote, in the shared contract's shape. */
async function notify(...quotes: QuoteNotification[]) {
  for (const q of quotes) await sql`SELECT pg_notify('fx_quotes', ${encodeQuoteNotification(q)})`.execute(t.db);
}

let cookie: string;
beforeAll(async () => {
  t = await createTestDatabase();
  await startServer();
  await startServer();
  const c = createClient(servers[0]!.url);
  await signUp(t.db, c, signupInput());
  cookie = cookieHeader(c.cookies);
  await sql`INSERT INTO fx_quotes (pair, ts, bid, ask, mid, source) VALUES
    ('GBPUSD', '2025-11-03T10:00:00Z', 1.3100, 1.3102, 1.3101, 'simulated'),
    ('EURGBP', '2025-11-03T10:00:00Z', 0.8799, 0.8801, 0.8800, 'simulated')`.execute(t.db);
  // The hubs seeded at start, maybe before these rows existed: read them now.
  await Promise.all(servers.map((s) => s.hub.seed()));
});

afterAll(async () => {
  for (const s of servers) {
    await s.app.close();
    await s.hub.stop();
  }
  await t.drop();
});

describe('live quotes over WebSocket', () => {
  it('a new subscriber gets the latest quotes at once, in one message, GBPEUR derived from EURGBP', async () => {
    const sub = subscribe(servers[0]!.url, cookie);
    await expect.poll(() => sub.received.map((q) => q.pair).sort(), settled).toEqual(['GBPEUR', 'GBPUSD']);
    expect(sub.messages).toHaveLength(1);
    const gbpeur = sub.received.find((q) => q.pair === 'GBPEUR')!;
    expect(gbpeur.mid).toBeCloseTo(1 / 0.88, 6);
    expect(gbpeur.bid).toBeCloseTo(1 / 0.8801, 6);
    expect(gbpeur.ask).toBeCloseTo(1 / 0.8799, 6);
    sub.close();
  });

  it('every server process receives every quote, and each fans it out to its subscribers', async () => {
    const subs = [
      subscribe(servers[0]!.url, cookie),
      subscribe(servers[1]!.url, cookie),
      subscribe(servers[1]!.url, cookie),
    ];
    await expect.poll(() => subs.every((s) => s.received.length >= 2), settled).toBe(true);
    await notify({ pair: 'GBPUSD', bid: 1.32, ask: 1.3202, mid: 1.3201, ts: '2025-11-03T10:00:30Z', source: 'feed' });
    for (const s of subs) {
      await expect
        .poll(() => s.received.find((q) => q.mid === 1.3201), settled)
        .toMatchObject({ pair: 'GBPUSD', source: 'feed' });
    }
    for (const s of subs) s.close();
  });

  it('a feed failure publishes the spec fallback rate, marked, with the error', async () => {
    const sub = subscribe(servers[1]!.url, cookie);
    await expect.poll(() => sub.received.length, settled).toBeGreaterThanOrEqual(2);
    await notify({
      pair: 'EURGBP',
      bid: 1 / 1.1854,
      ask: 1 / 1.1854,
      mid: 1 / 1.1854,
      ts: '2025-11-03T10:01:00Z',
      source: 'fallback',
      fallback: true,
      error: 'HTTP error! status: 503',
    });
    await expect
      .poll(() => sub.received.find((q) => q.source === 'fallback'), settled)
      .toEqual({
        pair: 'GBPEUR',
        bid: 1.1854,
        ask: 1.1854,
        mid: 1.1854,
        timestamp: Date.parse('2025-11-03T10:01:00Z'),
        source: 'fallback',
        error: 'HTTP error! status: 503',
      });
    sub.close();
  });

  it('ignores notifications that are not the contract, and says so', async () => {
    const [server] = servers;
    await sql`SELECT pg_notify('fx_quotes', 'not json')`.execute(t.db);
    await sql`SELECT pg_notify('fx_quotes', ${JSON.stringify({ pair: 'GBPUSD' })})`.execute(t.db);
    await sql`SELECT pg_notify('fx_quotes', ${JSON.stringify({ pair: 'GBPXYZ', bid: 1, ask: 1, mid: 1, ts: '2025-11-03T10:02:00Z', source: 'feed' })})`.execute(
      t.db,
    );
    // Notifications arrive in order: once this one is in, the three before it have been read.
    await notify({ pair: 'GBPSEK', bid: 13.1, ask: 13.2, mid: 13.15, ts: '2025-11-03T10:02:00Z', source: 'feed' });
    await expect.poll(() => server!.hub.snapshot().find((q) => q.pair === 'GBPSEK')?.mid, settled).toBe(13.15);
    expect(server!.hub.snapshot().find((q) => q.pair === 'GBPUSD')?.mid).toBe(1.3201);
    expect(server!.log.filter((l) => l.startsWith('quotes: ignoring malformed notification'))).toEqual([
      'quotes: ignoring malformed notification (not JSON)',
      expect.stringMatching(/^quotes: ignoring malformed notification \(/),
      expect.stringMatching(/^quotes: ignoring malformed notification \(/),
    ]);
  });

  it('refuses a WebSocket opened from another site, even with the cookie', async () => {
    const ws = new WebSocket(`${servers[0]!.url.replace('http', 'ws')}${LIVE_PATH}`, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    const status = await new Promise<number>((resolve, reject) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => reject(new Error('the upgrade was accepted')));
      ws.on('error', () => {});
    });
    expect(status).toBe(403);
    ws.terminate();
  });

  it('ends an open stream soon after its session ends (signed out elsewhere, deactivated)', async () => {
    const c = createClient(servers[0]!.url);
    await c.api.auth.login.mutate({ email: 'ada@acmefx.co.uk', password: 'Str0ng!pass', mode: 'admin' });
    const sub = subscribe(servers[0]!.url, cookieHeader(c.cookies));
    await expect.poll(() => sub.received.length, settled).toBeGreaterThanOrEqual(2);
    await c.api.auth.logout.mutate();
    await expect
      .poll(() => sub.closed, settled)
      .toEqual({ code: LIVE_CLOSE.signedOut, reason: 'Please sign in to continue' });
    sub.close();
  });

  it('refuses a subscriber without a session', async () => {
    const sub = subscribe(servers[0]!.url, null);
    await expect
      .poll(() => sub.closed, settled)
      .toEqual({ code: LIVE_CLOSE.signedOut, reason: 'Please sign in to continue' });
    expect(sub.received).toEqual([]);
  });

  it('refuses a member whose company has no access, saying why (as memberProcedure does)', async () => {
    const c = createClient(servers[0]!.url);
    await signUp(t.db, c, signupInput({ companyName: 'Locked Ltd', companyDomain: 'locked.io', email: 'a@locked.io' }));
    await sql`UPDATE companies SET account_locked = true WHERE name = 'Locked Ltd'`.execute(t.db);
    const sub = subscribe(servers[0]!.url, cookieHeader(c.cookies));
    await expect
      .poll(() => sub.closed, settled)
      .toEqual({ code: LIVE_CLOSE.noAccess, reason: ACCESS_MESSAGES.accountLocked });
    expect(sub.received).toEqual([]);
  });

  it('sends a batch of quotes as one message to every socket', async () => {
    const subs = [subscribe(servers[1]!.url, cookie), subscribe(servers[1]!.url, cookie)];
    await expect.poll(() => subs.every((s) => s.messages.length === 1), settled).toBe(true);
    // One NOTIFY with several quotes (as tools send): one publish, so one message.
    await sql`SELECT pg_notify('fx_quotes', ${JSON.stringify({
      quotes: [
        { pair: 'GBPNOK', bid: 13.5, ask: 13.6, mid: 13.55, ts: '2025-11-03T10:01:30Z', source: 'feed' },
        { pair: 'GBPAUD', bid: 2.01, ask: 2.02, mid: 2.015, ts: '2025-11-03T10:01:30Z', source: 'feed' },
      ],
    })})`.execute(t.db);
    for (const s of subs) {
      await expect.poll(() => s.messages.length, settled).toBe(2);
      expect(s.messages[1]!.map((q) => q.pair)).toEqual(['GBPNOK', 'GBPAUD']);
    }
    for (const s of subs) s.close();
  });
});

describe('the latest stored price on a first start', () => {
  it('a subscriber gets the newest stored quote or bar per pair at once, labelled with its time, then live quotes', async () => {
    // As on a first start: the data set's bars are there, no poll has happened yet for GBPAUD and GBPNOK; EURGBP
    // has an import newer than its last quote; GBPUSD's last quote is as new as its bar (the quote keeps bid/ask).
    await sql`INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source) VALUES
      ('GBPAUD', '2025-11-03T09:59:00Z', 2.03, 2.04, 2.02, 2.0311, 'ecb_sim'),
      ('GBPNOK', '2025-11-03T09:58:00Z', 13.4, 13.5, 13.3, 13.4221, 'ecb_sim'),
      ('EURGBP', '2025-11-03T10:05:00Z', 0.8, 0.8, 0.8, 0.8, 'import'),
      ('GBPUSD', '2025-11-03T10:00:00Z', 1.3, 1.3, 1.3, 1.3, 'feed')`.execute(t.db);
    const server = await startServer(); // its hub seeds as it starts
    const sub = subscribe(server.url, cookie);
    await expect
      .poll(() => sub.received.map((q) => q.pair).sort(), settled)
      .toEqual(['GBPAUD', 'GBPEUR', 'GBPNOK', 'GBPUSD']);
    const at = (iso: string) => Date.parse(iso);
    const byPair = Object.fromEntries(sub.received.map((q) => [q.pair, q]));
    expect(byPair.GBPAUD).toEqual({
      pair: 'GBPAUD',
      bid: 2.0311,
      ask: 2.0311,
      mid: 2.0311,
      timestamp: at('2025-11-03T09:59:00Z'),
      source: 'stored',
    });
    expect(byPair.GBPNOK).toMatchObject({ mid: 13.4221, timestamp: at('2025-11-03T09:58:00Z'), source: 'stored' });
    expect(byPair.GBPEUR).toMatchObject({ mid: 1.25, timestamp: at('2025-11-03T10:05:00Z'), source: 'stored' });
    // GBPUSD's newest stored quote (the notified 1.3201 was never stored) at the bar's minute, bid and ask kept.
    expect(byPair.GBPUSD).toMatchObject({ bid: 1.31, ask: 1.3102, mid: 1.3101, source: 'stored' });

    await notify({
      pair: 'GBPAUD',
      bid: 2.05,
      ask: 2.0502,
      mid: 2.0501,
      ts: '2025-11-03T10:06:00Z',
      source: 'simulated',
    });
    await expect
      .poll(() => sub.received.at(-1), settled)
      .toMatchObject({ pair: 'GBPAUD', mid: 2.0501, source: 'simulated' });
    sub.close();
  });

  it('a stored price never replaces a newer or equally new quote (a reconnection catching up)', async () => {
    const [server] = servers;
    const before = server!.hub.snapshot().find((q) => q.pair === 'GBPSEK');
    expect(before).toMatchObject({ mid: 13.15, source: 'feed' });
    await sql`INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
              VALUES ('GBPSEK', '2025-11-03T10:02:00Z', 9, 9, 9, 9, 'ecb_sim')`.execute(t.db);
    await server!.hub.seed();
    expect(server!.hub.snapshot().find((q) => q.pair === 'GBPSEK')).toEqual(before);
  });
});

describe('LiveFanout', () => {
  /** A plain `ws` server whose sockets join `fanout`; `peers` are the server-side sockets, in connection order. */
  async function fanoutServer(fanout: LiveFanout) {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    const peers: WebSocket[] = [];
    wss.on('connection', (ws) => {
      peers.push(ws);
      fanout.add(ws, []);
    });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    const url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}`;
    const clients: WebSocket[] = [];
    const connect = async (options: { autoPong?: boolean } = {}) => {
      const ws = new WebSocket(url, options);
      ws.on('error', () => {});
      clients.push(ws);
      await new Promise<void>((resolve) => ws.once('open', () => resolve()));
      await expect.poll(() => peers.length, settled).toBe(clients.length);
      return { client: ws, peer: peers[clients.length - 1]! };
    };
    const close = async () => {
      for (const c of clients) c.terminate();
      fanout.stop();
      await new Promise((resolve) => wss.close(resolve));
    };
    return { connect, close };
  }

  const closedOf = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

  it('cuts off a socket that stopped reading once its unsent bytes pass the bound; the others carry on', async () => {
    const fanout = new LiveFanout({ maxBufferedBytes: 64 * 1024, heartbeatMs: HOUR });
    const server = await fanoutServer(fanout);
    const slow = await server.connect();
    const healthy = await server.connect();
    let healthyMessages = 0;
    healthy.client.on('message', () => healthyMessages++);
    slow.client.pause(); // reads nothing more: its kernel buffers fill, then ws's own buffer grows
    const slowClosed = closedOf(slow.client);
    // Large messages, so the kernel's buffers fill in a few hundred; each is given a turn of the event loop, so the
    // healthy reader keeps up. The bound on the loop only stops a broken run.
    const big = Array.from({ length: 6 }, (_, i) => ({
      pair: 'GBPUSD' as const,
      bid: 1,
      ask: 1,
      mid: 1,
      timestamp: i,
      source: 'fallback' as const,
      error: 'x'.repeat(10_000),
    }));
    let sent = 0;
    while (fanout.size === 2 && sent < 20_000) {
      fanout.broadcast(big);
      sent++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(fanout.size).toBe(1);
    expect(slow.peer.readyState).toBe(WebSocket.CLOSED);
    slow.client.resume();
    expect(await slowClosed).toBe(1006); // dropped, no close handshake behind the unread data
    // The healthy socket received every message.
    await expect.poll(() => healthyMessages, settled).toBe(sent);
    fanout.broadcast(big.slice(0, 1));
    await expect.poll(() => healthyMessages, settled).toBe(sent + 1);
    await server.close();
  });

  it('cuts off a peer that does not answer a ping by the next heartbeat; one that answers stays', async () => {
    const fanout = new LiveFanout({ heartbeatMs: HOUR }); // ticks are driven by the test
    const server = await fanoutServer(fanout);
    const dead = await server.connect({ autoPong: false });
    const alive = await server.connect();
    const ponged = new Promise<void>((resolve) => alive.peer.once('pong', () => resolve()));
    const deadClosed = closedOf(dead.client);
    fanout.checkPeers();
    await ponged;
    fanout.checkPeers();
    expect(await deadClosed).toBe(1006);
    expect(fanout.size).toBe(1);
    expect(alive.client.readyState).toBe(WebSocket.OPEN);
    await server.close();
  });
});
