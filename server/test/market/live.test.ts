import { encodeQuoteNotification, type QuoteNotification } from '@pippitch/shared/live-quote';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { buildApp } from '../../src/api/app';
import type { AppRouter } from '../../src/api/trpc/router';
import { testConfig } from '../../src/config';
import { SessionWatch } from '../../src/services/auth/session-watch';
import { type LiveQuote, QuoteHub } from '../../src/services/market/live-quotes';
import { createClient, signupInput } from '../helpers';

let t: TestDatabase;
const servers: { app: FastifyInstance; hub: QuoteHub; url: string; log: string[] }[] = [];
/** Conditions settle asynchronously (LISTEN, WebSocket); the bound only stops a broken run, never a slow one. */
const settled = { timeout: 30_000, interval: 20 };

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
    services: { now: () => new Date(), quotes: hub, sessions: new SessionWatch(t.db, 100) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const s = { app, hub, url: `http://127.0.0.1:${port}`, log };
  servers.push(s);
  return s;
}

function subscribe(url: string, cookie: string | null, origin = url) {
  const received: LiveQuote[] = [];
  const errors: string[] = [];
  const codes: unknown[] = [];
  class CookieSocket extends WebSocket {
    constructor(address: string) {
      super(address, { headers: { ...(cookie ? { cookie } : {}), origin } });
    }
  }
  const ws = createWSClient({ url: `${url.replace('http', 'ws')}/trpc`, WebSocket: CookieSocket as never });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws })] });
  const sub = client.rates.live.subscribe(undefined, {
    onData: (q) => received.push(q as LiveQuote),
    onError: (e) => {
      errors.push(e.message);
      codes.push(e.data?.code);
    },
  });
  return {
    received,
    errors,
    codes,
    close: () => {
      sub.unsubscribe();
      ws.close();
    },
  };
}

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
  await c.api.auth.signup.mutate(signupInput());
  cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
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
  it('a new subscriber gets the latest quotes at once, GBPEUR derived from EURGBP', async () => {
    const sub = subscribe(servers[0]!.url, cookie);
    await expect.poll(() => sub.received.map((q) => q.pair).sort(), settled).toEqual(['GBPEUR', 'GBPUSD']);
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
    const ws = new WebSocket(`${servers[0]!.url.replace('http', 'ws')}/trpc`, {
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
    const sub = subscribe(servers[0]!.url, [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    await expect.poll(() => sub.received.length, settled).toBeGreaterThanOrEqual(2);
    await c.api.auth.logout.mutate();
    await expect.poll(() => sub.errors, settled).toEqual(['Please sign in to continue']);
    expect(sub.codes).toEqual(['UNAUTHORIZED']);
    sub.close();
  });

  it('refuses a subscriber without a session', async () => {
    const sub = subscribe(servers[0]!.url, null);
    await expect.poll(() => sub.errors, settled).toEqual(['Please sign in to continue']);
    expect(sub.codes).toEqual(['UNAUTHORIZED']);
    expect(sub.received).toEqual([]);
    sub.close();
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

describe('QuoteHub.stream', () => {
  const quote = (pair: LiveQuote['pair'], mid: number, minute: number): LiveQuote => ({
    pair,
    bid: mid,
    ask: mid,
    mid,
    timestamp: Date.parse('2025-11-04T00:00:00Z') + minute * 60_000,
    source: 'feed',
  });

  it('gives the snapshot, then new quotes; a slow reader holds one pending quote per pair, the newest', async () => {
    const { hub } = servers[1]!;
    const stop = new AbortController();
    await hub.seed(); // what stream() reads first when pairs are missing: nothing new after this
    const snapshot = hub.snapshot();
    const stream = hub.stream(stop.signal);
    const first: LiveQuote[] = [];
    for (let i = 0; i < snapshot.length; i++) first.push((await stream.next()).value as LiveQuote);
    expect(first).toEqual(snapshot);

    // 200 quotes while the reader is away: it then reads one per pair, the newest, in the order they last moved.
    for (let i = 1; i <= 100; i++) hub.publish([quote('GBPUSD', 1 + i / 1000, i)]);
    hub.publish([quote('GBPNOK', 14, 50)]);
    for (let i = 101; i <= 199; i++) hub.publish([quote('GBPUSD', 1 + i / 1000, i)]);
    expect((await stream.next()).value).toEqual(quote('GBPNOK', 14, 50));
    expect((await stream.next()).value).toEqual(quote('GBPUSD', 1.199, 199));

    // Waiting for the next quote, it ends when the signal aborts.
    const waiting = stream.next();
    stop.abort();
    expect(await waiting).toEqual({ done: true, value: undefined });
  });

  it('ends at once for a signal already aborted, and when the hub stops', async () => {
    expect(await servers[1]!.hub.stream(AbortSignal.abort()).next()).toEqual({ done: true, value: undefined });
    const hub = new QuoteHub(t.db, t.url);
    const stream = hub.stream(new AbortController().signal);
    const first = stream.next();
    await hub.stop();
    const results = [await first];
    while (!results.at(-1)!.done) results.push(await stream.next());
    expect(results.at(-1)).toEqual({ done: true, value: undefined });
  });
});
