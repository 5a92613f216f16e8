import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { SessionWatch } from '../../src/services/auth/session-watch';
import { type LiveQuote, QuoteHub } from '../../src/services/market/live-quotes';
import type { AppRouter } from '../../src/trpc/router';
import { createClient, signupInput } from '../helpers';

let t: TestDatabase;
const servers: { app: FastifyInstance; hub: QuoteHub; url: string }[] = [];

async function startServer() {
  const hub = new QuoteHub(t.db, t.url);
  hub.start();
  const app = await buildApp({
    config: testConfig({ databaseUrl: t.url }),
    db: t.db,
    serveWeb: false,
    services: { now: () => new Date(), quotes: hub, sessions: new SessionWatch(t.db, 100) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const s = { app, hub, url: `http://127.0.0.1:${port}` };
  servers.push(s);
  return s;
}

function subscribe(url: string, cookie: string | null, origin = url) {
  const received: LiveQuote[] = [];
  const errors: string[] = [];
  class CookieSocket extends WebSocket {
    constructor(address: string) {
      super(address, { headers: { ...(cookie ? { cookie } : {}), origin } });
    }
  }
  const ws = createWSClient({ url: `${url.replace('http', 'ws')}/trpc`, WebSocket: CookieSocket as never });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws })] });
  const sub = client.rates.live.subscribe(undefined, {
    onData: (q) => received.push(q as LiveQuote),
    onError: (e) => errors.push(e.message),
  });
  return {
    received,
    errors,
    close: () => {
      sub.unsubscribe();
      ws.close();
    },
  };
}

async function notify(quotes: unknown) {
  await sql`SELECT pg_notify('fx_quotes', ${JSON.stringify({ quotes })})`.execute(t.db);
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
  await Promise.all(servers.map((s) => s.hub.loadLatest()));
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
    await expect.poll(() => sub.received.map((q) => q.pair).sort()).toEqual(['GBPEUR', 'GBPUSD']);
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
    await expect.poll(() => subs.every((s) => s.received.length >= 2)).toBe(true);
    await notify([{ pair: 'GBPUSD', bid: 1.32, ask: 1.3202, mid: 1.3201, ts: '2025-11-03T10:00:30Z', source: 'feed' }]);
    for (const s of subs) {
      await expect
        .poll(() => s.received.find((q) => q.mid === 1.3201))
        .toMatchObject({ pair: 'GBPUSD', source: 'feed' });
    }
    for (const s of subs) s.close();
  });

  it('a feed failure publishes the spec fallback rate, marked, with the error', async () => {
    const sub = subscribe(servers[1]!.url, cookie);
    await expect.poll(() => sub.received.length).toBeGreaterThanOrEqual(2);
    await notify([
      {
        pair: 'EURGBP',
        bid: 0.88,
        ask: 0.88,
        mid: 0.88,
        ts: '2025-11-03T10:01:00Z',
        source: 'feed',
        fallback: true,
        error: 'HTTP error! status: 503',
      },
    ]);
    await expect
      .poll(() => sub.received.find((q) => q.source === 'fallback'))
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

  it('ignores malformed notifications', async () => {
    await sql`SELECT pg_notify('fx_quotes', 'not json')`.execute(t.db);
    await notify([{ pair: 'GBPUSD' }]);
    expect(servers[0]!.hub.snapshot().find((q) => q.pair === 'GBPUSD')?.mid).toBe(1.3201);
  });

  it('refuses a WebSocket opened from another site, even with the cookie', async () => {
    const sub = subscribe(servers[0]!.url, cookie, 'https://evil.example');
    await new Promise((r) => setTimeout(r, 300));
    expect(sub.received).toEqual([]);
    sub.close();
  });

  it('ends an open stream soon after its session ends (signed out elsewhere, deactivated)', async () => {
    const c = createClient(servers[0]!.url);
    await c.api.auth.login.mutate({ email: 'ada@acmefx.co.uk', password: 'Str0ng!pass', mode: 'admin' });
    const sub = subscribe(servers[0]!.url, [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    await expect.poll(() => sub.received.length).toBeGreaterThanOrEqual(2);
    await c.api.auth.logout.mutate();
    await expect.poll(() => sub.errors).toEqual(['Please sign in to continue']);
    sub.close();
  });

  it('refuses a subscriber without a session', async () => {
    const sub = subscribe(servers[0]!.url, null);
    await expect.poll(() => sub.errors).toEqual(['Please sign in to continue']);
    expect(sub.received).toEqual([]);
    sub.close();
  });
});
