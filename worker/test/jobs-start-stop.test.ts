import { randomBytes } from 'node:crypto';
import { createDb, createPool, type Database } from '@pippitch/sql';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sendJob } from '../../core/src/jobs/index';
import { startWorkerProcess, type WorkerProcess } from './helpers/job-workers';
import { JOB_RUNS_TABLE, leasedJob, recordJob, testJobs, tickJob } from './helpers/test-jobs';
import { waitFor } from './helpers/wait';

// Start and stop at scale (issue 23): workers starting together on a new, empty database (no migrations, no
// pg-boss schema, no queues) all start, create each queue once and run jobs; a worker stopped in the middle of a
// job exits 0 and hands the job back, and another worker completes it once.
const adminUrl = () => inject('pgAdminUrl');
const name = `t_empty_${randomBytes(5).toString('hex')}`;
let url: string;
let db: Database;
const started: WorkerProcess[] = [];
const ALL = testJobs(null as never, 'names').map((j) => j.definition.name);

async function admin(query: string) {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name} TEMPLATE template0`);
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  url = u.toString();
  db = createDb(createPool(url, { max: 4 }));
  await JOB_RUNS_TABLE.execute(db);
  await sql`CREATE TABLE job_releases (key text PRIMARY KEY)`.execute(db);
});
afterAll(async () => {
  for (const w of started) await w.terminate();
  await db?.destroy();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('workers on a new database', () => {
  it('three starting together all start (no deadlock), each queue made once, jobs run once', async () => {
    const workers = await Promise.all(
      ['w1', 'w2', 'w3'].map((w) => startWorkerProcess(url, w, ALL, 'plain', { TEST_MIGRATE: '1' })),
    );
    started.push(...workers);
    const { rows: queues } = await sql<{
      name: string;
    }>`SELECT name FROM pgboss_v12.queue WHERE name NOT LIKE '\_\_pgboss%' ORDER BY name`.execute(db);
    expect(queues.map((q) => q.name)).toEqual([...ALL].sort());
    const { rows: schedules } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss_v12.schedule`.execute(
      db,
    );
    expect(schedules[0]!.n).toBe(1); // test-tick's, once
    expect(tickJob.schedule).toBeDefined();

    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < 30; n++) await sendJob(trx, recordJob, { n });
    });
    await waitFor('30 jobs to run', async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM job_runs WHERE job = ${recordJob.name}`.execute(db);
      return rows[0]!.n >= 30;
    });
    const { rows } = await sql<{ runs: number; ns: number }>`
      SELECT count(*)::int AS runs, count(DISTINCT n)::int AS ns FROM job_runs WHERE job = ${recordJob.name}`.execute(
      db,
    );
    expect(rows[0]).toEqual({ runs: 30, ns: 30 });
  });

  it('SIGTERM in the middle of a job: exit 0, the job handed back at once and completed once by another worker', async () => {
    const [w1, w2, w3] = started as [WorkerProcess, WorkerProcess, WorkerProcess];
    // Only w1 runs test-leased at first: the others are stopped, so the job is certainly w1's.
    expect(await w2.terminate()).toBe(0);
    expect(await w3.terminate()).toBe(0);
    const id = (await sendJob(db, leasedJob, { key: 'handed-back' }))!;
    await waitFor('w1 to run the job', async () => {
      const { rows } = await sql`SELECT 1 FROM job_runs WHERE job_id = ${id} AND worker = 'w1'`.execute(db);
      return rows.length === 1;
    });
    // The job outlives w1's 4 s grace (it waits for a release that comes only later): w1 hands it back.
    expect(await w1.terminate()).toBe(0);
    expect(w1.output.join('')).toContain('1 running job(s) handed back');
    const { rows: state } = await sql<{ state: string; due: boolean }>`
      SELECT state, start_after <= now() AS due FROM pgboss_v12.job WHERE id = ${id}`.execute(db);
    expect(state[0]).toEqual({ state: 'retry', due: true });

    await sql`INSERT INTO job_releases VALUES ('handed-back')`.execute(db);
    const w4 = await startWorkerProcess(url, 'w4', [leasedJob.name]);
    started.push(w4);
    await waitFor('the job to complete', async () => {
      const { rows } = await sql<{ state: string }>`SELECT state FROM pgboss_v12.job WHERE id = ${id}`.execute(db);
      return rows[0]?.state === 'completed';
    });
    const { rows: runs } = await sql<{ worker: string }>`
      SELECT worker FROM job_runs WHERE job_id = ${id} ORDER BY at`.execute(db);
    expect(runs.map((r) => r.worker)).toEqual(['w1', 'w4']);
  });
});
