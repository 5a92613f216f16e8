import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { jobs, sendJob } from '../../core/src/jobs/index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import {
  buildCompiled,
  type Compiled,
  ENTRIES,
  productionEnv,
  type Running,
  seedRecentBars,
  start,
  within,
} from '../../test/processes';
import { waitFor } from './helpers/wait';

// How the worker stops (issue 33): a SIGTERM at any moment of start-up, from its first instruction to past the
// start of live polling, ends it with exit 0, never by the signal and never with 'Cannot use a pool after calling
// end on the pool'; a job blocked in a statement when the signal comes is handed back (due at once), its statement
// cancelled in PostgreSQL rather than left queued, and the worker's heartbeat is deleted, so readiness counts it
// gone at once. Real worker processes (worker/src/bin/worker.ts) in production mode, read through their JSON lines.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedRecentBars(t.url);
});
afterAll(async () => {
  await t.drop();
});

async function ended(worker: Running): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  try {
    return await within('exit', worker.exited, 120_000, worker);
  } finally {
    worker.kill();
  }
}

const heartbeats = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM worker_heartbeats`.execute(t.db)).rows[0]!.n;

describe('worker process on SIGTERM', () => {
  it('during a job blocked in a statement: the statement cancelled, the job handed back, the heartbeat gone, exit 0', async () => {
    const worker = start(ENTRIES.worker, productionEnv(t.url));
    const gate = await t.pool.connect();
    try {
      await within('ready', worker.message('ready'), 300_000, worker);
      await waitFor('its heartbeat', async () => (await heartbeats()) === 1);
      // The hourly session clean-up, blocked by a lock the test holds on its table.
      await gate.query('BEGIN; LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      const id = (await sendJob(t.db, jobs.pruneExpiredSessions, {}))!;
      const blocked = async () =>
        (
          await t.pool.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
             AND application_name = 'pippitch-worker-jobs' AND wait_event_type = 'Lock'`,
          )
        ).rows[0].n as number;
      await waitFor('the job to wait on the lock', async () => (await blocked()) === 1, 120_000);

      worker.child.kill('SIGTERM');
      expect(await ended(worker)).toEqual({ code: 0, signal: null });
      // Nothing of it stayed queued behind the lock once it had gone.
      expect(await blocked()).toBe(0);
      const { rows } = await sql<{ state: string; due: boolean }>`
        SELECT state, start_after <= now() AS due FROM pgboss_v12.job WHERE id = ${id}`.execute(t.db);
      expect(rows[0]).toEqual({ state: 'retry', due: true });
      expect(await heartbeats()).toBe(0);
      const lines = worker.lines();
      expect(lines.find((l) => l.msg.startsWith('jobs: 1 running job(s) handed back'))?.level).toBe(40);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.at(-1)?.msg).toBe('stopped');
    } finally {
      await gate.query('ROLLBACK').catch(() => {});
      gate.release();
      worker.kill();
    }
  }, 600_000);

  it('at 50 random moments of start-up: every worker exits 0, none by the signal, none with an error', async () => {
    // The compiled worker, as the image runs it (and far quicker to start than through tsx).
    const compiled: Compiled = await buildCompiled();
    onTestFinished(() => compiled.remove());
    const first = start(compiled.worker, productionEnv(t.url));
    await within('alive', first.message('alive'), 120_000, first);
    const from = performance.now();
    await within('ready', first.message('ready'), 300_000, first);
    const span = performance.now() - from;
    first.child.kill('SIGTERM');
    expect(await ended(first)).toEqual({ code: 0, signal: null });

    const outcomes: string[] = [];
    for (let trial = 0; trial < 50; trial++) {
      const worker = start(compiled.worker, productionEnv(t.url));
      await within('alive', worker.message('alive'), 120_000, worker);
      await new Promise((ok) => setTimeout(ok, Math.random() * span * 1.2));
      worker.child.kill('SIGTERM');
      const end = await ended(worker);
      const errors = worker.lines().filter((l) => l.level >= 50);
      outcomes.push(`${end.signal ?? end.code}${errors.length ? ` ${errors[0]!.msg}` : ''}`);
    }
    expect(outcomes.filter((o) => o !== '0')).toEqual([]);
    // Each stopped worker deleted its heartbeat.
    expect(await heartbeats()).toBe(0);
  }, 1_800_000);
});
