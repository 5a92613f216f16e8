/**
 * A database outage, for real: a PostgreSQL cluster of this test's own is stopped under the running app, then
 * started again. Meanwhile every answer is a 503 with a plain message (no addresses, no error codes), and
 * the app recovers by itself, without a restart.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../core/src/config';
import {
  createDb,
  createPool,
  type Database,
  type EmbeddedDatabase,
  ensureDatabase,
  migrate,
  startEmbeddedPostgres,
} from '../../sql/src/index';
import { buildApp } from '../src/api/app';
import { createClient, signUp, signupInput } from './helpers';
import { openLive } from './live-socket';

const MESSAGE = 'PipPitch is temporarily unavailable. Please try again in a moment.';
const RECOVERS_WITHIN = { timeout: 30_000, interval: 100 };

let dir: string;
let cluster: EmbeddedDatabase;
let db: Database;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pippitch-outage-'));
  chmodSync(dir, 0o755); // the cluster runs as user postgres when we are root
  cluster = await startEmbeddedPostgres({ dataDir: join(dir, 'pg') });
  const dbUrl = await ensureDatabase(cluster.url, 'outage');
  await migrate(dbUrl);
  db = createDb(createPool(dbUrl, { max: 4 }));
  app = await buildApp({ config: testConfig({ databaseUrl: dbUrl }), db, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** No internals: no address, port, error code or stack in what the client reads. */
function expectNoInternals(body: string) {
  for (const leak of ['ECONNREFUSED', '127.0.0.1', String(cluster.port), 'postgres', 'stack', 'at ']) {
    expect(body).not.toContain(leak);
  }
}

describe('database outage', () => {
  it('answers 503 with a plain message while PostgreSQL is down, and recovers without a restart', async () => {
    const member = createClient(url);
    await signUp(db, member, signupInput());
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    await cluster.stop();

    const health = await fetch(`${url}/api/health`);
    const healthBody = await health.text();
    expect(health.status).toBe(503);
    expect(JSON.parse(healthBody)).toMatchObject({ message: MESSAGE });
    expectNoInternals(healthBody);

    // A signed-in member's request fails in the session lookup, before any procedure runs.
    const session = await fetch(`${url}/trpc/auth.session`, { headers: { cookie } });
    const sessionBody = await session.text();
    expect(session.status).toBe(503);
    expect(JSON.parse(sessionBody).error).toMatchObject({ message: MESSAGE, data: { code: 'SERVICE_UNAVAILABLE' } });
    expectNoInternals(sessionBody);

    // A procedure's own query (sign-in: the rate-limit counter) fails the same way.
    const login = await fetch(`${url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@acmefx.co.uk', password: 'Str0ng!pass', mode: 'user' }),
    });
    const loginBody = await login.text();
    expect(login.status).toBe(503);
    expectNoInternals(loginBody);

    // The live-quote socket cannot look its session up: it is closed with a plain reason, and the browser retries.
    const live = openLive(url, cookie);
    await expect.poll(() => live.closed, RECOVERS_WITHIN).toEqual({ code: 1011, reason: 'Live rates are unavailable' });

    cluster = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port: cluster.port });

    await expect.poll(async () => (await fetch(`${url}/api/health`)).status, RECOVERS_WITHIN).toBe(200);
    await expect
      .poll(async () => (await member.api.auth.session.query())?.user.email, RECOVERS_WITHIN)
      .toBe('ada@acmefx.co.uk');
  });
});
