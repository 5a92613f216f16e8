import { connect, createServer, type Server, type Socket } from 'node:net';
import { createDb, createPool, type Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../core/src/config';
import { jobs, sendJob } from '../../core/src/jobs/index';
import { type MarketDataService, startMarketData } from '../../core/src/market/live/poller';
import { createSimulatedFeed } from '../../core/src/market/vendors/simulated/feed';
import { beat } from '../../core/src/services/ops/heartbeat';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { buildApp } from '../src/api/app';

// Readiness (issue 23; issue 31 §4: it means 'can serve requests') goes not-ready and back as the database stops and
// returns, and stays ready — healthy false, the failing check named — while the feed poller or the worker is missing
// (a worker's first start, minutes of bulk loading); /api/health stays the plain liveness check. The app reaches its database through a TCP proxy the test can cut.
// "Time passing" for a stopped poller or worker is their last record made old, never a wait.

/** A TCP proxy to PostgreSQL that can stop (dropping every connection and refusing new ones) and start again. */
async function startProxy(
  target: number,
): Promise<{ port: number; stop(): Promise<void>; start(): Promise<void>; destroy(): void }> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((ok) => {
      server = createServer((client) => {
        const upstream = connect(target, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        ok();
      });
    });
  await listen();
  return {
    port,
    /** Refuses new connections; those open stay until the far end ends them. */
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
    destroy: () => {
      for (const s of sockets) s.destroy();
    },
    start: listen,
  };
}

const TOKEN = 'metrics-token-for-tests';
let t: TestDatabase;
let db: Database;
let app: FastifyInstance;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let poller: MarketDataService | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  proxy = await startProxy(Number(new URL(t.url).port));
  const viaProxy = new URL(t.url);
  viaProxy.port = String(proxy.port);
  db = createDb(createPool(viaProxy.toString(), { max: 4, timeouts: 'request', applicationName: 'readiness-app' }));
  app = await buildApp({
    config: testConfig({ databaseUrl: t.url, metricsToken: TOKEN }),
    db,
    serveWeb: false,
  });
});
afterAll(async () => {
  await poller?.stop();
  await app?.close();
  await db?.destroy();
  proxy?.destroy();
  await proxy?.stop();
  await t?.drop();
});

/** The readiness checks, as the operator's tools read them: with the metrics token. */
async function ready() {
  const res = await app.inject({ method: 'GET', url: '/api/ready', headers: { authorization: `Bearer ${TOKEN}` } });
  const body = res.json() as {
    ready: boolean;
    healthy: boolean;
    checks: Record<string, { ok: boolean; detail: string }>;
  };
  expect(res.statusCode).toBe(body.ready ? 200 : 503);
  return body;
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

const startPoller = () => {
  poller = startMarketData({ url: t.url, feed: createSimulatedFeed(), pollMs: 1_000, pollerId: 'test-poller' });
};

describe('/api/ready', () => {
  it('is ready with the database and its migrations alone; healthy once a feed poller and a worker run', async () => {
    const body = await ready();
    expect(body).toMatchObject({ ready: true, healthy: false });
    // As anyone (a load balancer) reads it during a worker's first start: 200, one word.
    const anonymous = await app.inject({ method: 'GET', url: '/api/ready' });
    expect([anonymous.statusCode, anonymous.body]).toEqual([200, 'ready\n']);
    expect(body.checks.database?.ok).toBe(true);
    expect(body.checks.migrations).toMatchObject({ ok: true });
    expect(body.checks.feed).toEqual({ ok: false, detail: 'no poll yet' });
    expect(body.checks.worker).toEqual({ ok: false, detail: 'no worker has started' });
    expect(body.checks.jobs?.ok).toBe(true);
    // Liveness does not care.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    startPoller();
    await beat(t.db, 'worker-1', new Date());
    await until('healthy', async () => (await ready()).healthy);
  });

  it('stays ready when the feed poller stops (not healthy, the feed named), and healthy when it is back', async () => {
    await poller!.stop();
    await t.pool.query(`UPDATE fx_feed_status SET last_attempt_at = now() - interval '10 minutes'`);
    const body = await ready();
    expect(body).toMatchObject({ ready: true, healthy: false });
    expect(body.checks.feed?.ok).toBe(false);
    expect(body.checks.feed?.detail).toMatch(/last poll 6\d\d s ago/);
    startPoller();
    await until('healthy again', async () => (await ready()).healthy);
  });

  it('stays ready when the worker stops beating (not healthy), and healthy when it beats again', async () => {
    await t.pool.query(`UPDATE worker_heartbeats SET beat_at = now() - interval '2 minutes'`);
    const body = await ready();
    expect(body).toMatchObject({ ready: true, healthy: false });
    expect(body.checks.worker?.detail).toMatch(/^none alive \(last beat 1\d\d s ago\)$/);
    await beat(t.db, 'worker-1', new Date());
    expect((await ready()).healthy).toBe(true);
  });

  it('goes not ready when the database is unreachable, and ready when it is back', async () => {
    // As a database restart looks to the app: its sessions ended by the server, and no new connection taken.
    await proxy.stop();
    await t.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'readiness-app'`,
    );
    const body = await ready();
    expect(body).toMatchObject({ ready: false, healthy: false });
    expect(body.checks.database?.ok).toBe(false);
    await proxy.start();
    await until('ready again', async () => (await ready()).ready);
  });
});

describe('/api/ready without the metrics token (issue 30)', () => {
  it('answers the status code and one word, and nothing of the checks', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/ready',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('ready\n');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
    // A migration not applied (a server newer than its database) is what makes it unavailable, not a worker.
    const { rows } = await t.pool.query(
      `DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations) RETURNING *`,
    );
    const down = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.body).toBe('unavailable\n');
    expect((await ready()).checks.migrations?.ok).toBe(false);
    await t.pool.query(
      `INSERT INTO schema_migrations SELECT * FROM json_populate_record(null::schema_migrations, $1::json)`,
      [JSON.stringify(rows[0])],
    );
    expect((await ready()).ready).toBe(true);
  });

  it('never shows the checks on a server without a metrics token', async () => {
    const bare = await buildApp({ config: testConfig({ databaseUrl: t.url }), db, serveWeb: false });
    try {
      for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: 'Bearer undefined' }]) {
        const res = await bare.inject({ method: 'GET', url: '/api/ready', headers });
        expect(res.body).toMatch(/^(ready|unavailable)\n$/);
      }
    } finally {
      await bare.close();
    }
  });
});

describe('/metrics', () => {
  it('needs the token, then answers in Prometheus format', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/pippitch_http_requests_total\{method="GET",route="\/api\/ready",status="2xx"\} \d+/);
    expect(res.body).toMatch(/pippitch_http_request_duration_seconds_bucket\{/);
    expect(res.body).toMatch(/pippitch_feed_lag_seconds\{feed="simulated"\} [\d.]+/);
    expect(res.body).toMatch(/pippitch_workers_alive 1/);
    expect(res.body).toMatch(/pippitch_websocket_clients 0/);
    expect(res.body).toMatch(/process_resident_memory_bytes \d+/);
  });

  it('reports every queue and state, 0 when the queue is empty (issue 33: empty queues vanished)', async () => {
    const metrics = async () =>
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const id = await sendJob(db, jobs.pruneRateLimits, {}, { startAfter: new Date(Date.now() - 60_000) });
    let body = await metrics();
    expect(body).toMatch(/pippitch_job_queue_depth\{queue="prune-rate-limits",state="created"\} 1\n/);
    expect(body).toMatch(/pippitch_job_oldest_due_seconds\{queue="prune-rate-limits"\} [1-9][\d.]*\n/);
    await sql`DELETE FROM pgboss_v12.job WHERE id = ${id}`.execute(db);
    body = await metrics();
    for (const state of ['created', 'retry', 'active']) {
      expect(body).toContain(`pippitch_job_queue_depth{queue="prune-rate-limits",state="${state}"} 0\n`);
    }
    expect(body).toContain('pippitch_job_oldest_due_seconds{queue="prune-rate-limits"} 0\n');
  });
});
