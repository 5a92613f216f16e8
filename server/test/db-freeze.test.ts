/**
 * A frozen database (issue 19): PostgreSQL's processes stopped with SIGSTOP, so connections stay open and nothing
 * answers — the case no connection error reports. With the pools' query timeout, a request already waiting on
 * the database and a new one both answer 503 with the plain message, and the app recovers once it thaws. The
 * cluster is this test's own (freezing the shared one would stall every other test file). The timeouts are the
 * request profile's, shortened so the test is quick; nothing here depends on how fast the machine is: were there
 * no timeout, the requests would wait until the cluster thaws, which the test only does after they answered.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
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

const MESSAGE = 'PipPitch is temporarily unavailable. Please try again in a moment.';
// A lock waits longer than the client's patience, so the in-flight request is still waiting when the freeze comes.
const TIMEOUTS = { statementMs: 20_000, lockMs: 20_000, queryMs: 2_000, idleInTransactionMs: 30_000, connectMs: 2_000 };

let dir: string;
let cluster: EmbeddedDatabase;
let db: Database;
let app: FastifyInstance;
let url: string;
let dbUrl: string;
let frozen: number[] = [];

/** The postmaster and every backend of this cluster (the postmaster's children). */
function clusterPids(): number[] {
  const postmaster = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [postmaster, ...children];
}

function thaw() {
  for (const pid of frozen) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // gone already
    }
  }
  frozen = [];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pippitch-freeze-'));
  chmodSync(dir, 0o755); // the cluster runs as user postgres when we are root
  cluster = await startEmbeddedPostgres({ dataDir: join(dir, 'pg') });
  dbUrl = await ensureDatabase(cluster.url, 'freeze');
  await migrate(dbUrl);
  db = createDb(createPool(dbUrl, { max: 4, timeouts: TIMEOUTS }));
  app = await buildApp({ config: testConfig({ databaseUrl: dbUrl }), db, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  thaw();
  await app?.close();
  await db?.destroy();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a frozen database', () => {
  it('answers 503 to requests in flight and new ones, then recovers by itself', async () => {
    const member = createClient(url);
    await signUp(db, member, signupInput());
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

    // In flight: a member's request waits for a lock another connection holds on the sessions table.
    const holder = new pg.Client({ connectionString: dbUrl });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
    const inFlight = fetch(`${url}/trpc/auth.session`, { headers: { cookie } });
    await expect
      .poll(
        async () =>
          (
            await holder.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = 'freeze'`,
            )
          ).rows[0]?.n,
        { timeout: 30_000, interval: 50 },
      )
      .toBeGreaterThan(0);

    frozen = clusterPids();
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');

    const fresh = fetch(`${url}/trpc/auth.session`, { headers: { cookie } });
    const health = fetch(`${url}/api/health`);
    for (const answer of await Promise.all([inFlight, fresh, health])) {
      expect(answer.status).toBe(503);
      expect(await answer.text()).toContain(MESSAGE);
    }

    thaw();
    await holder.query('ROLLBACK');
    await holder.end();
    await expect
      .poll(async () => (await fetch(`${url}/api/health`)).status, { timeout: 30_000, interval: 100 })
      .toBe(200);
    await expect
      .poll(async () => (await member.api.auth.session.query())?.user.email, { timeout: 30_000, interval: 100 })
      .toBe('ada@acmefx.co.uk');
  });
});
