import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJob } from '../../core/src/jobs/index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { startWorkerProcess, type WorkerProcess } from './helpers/job-workers';
import { heldJob, JOB_RUNS_TABLE, recordJob } from './helpers/test-jobs';
import { waitFor } from './helpers/wait';

let t: TestDatabase;
const started: WorkerProcess[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await JOB_RUNS_TABLE.execute(t.db);
  await sql`CREATE TABLE job_releases (key text PRIMARY KEY)`.execute(t.db);
});
afterAll(async () => {
  for (const w of started) await w.terminate();
  await t?.drop();
});

async function start(name: string, jobs: string[], mode: 'plain' | 'barrier' = 'plain') {
  const worker = await startWorkerProcess(t.url, name, jobs, mode);
  started.push(worker);
  return worker;
}

async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return (await query.execute(t.db)).rows[0]!.n;
}

describe('two worker processes on one database', () => {
  it('run each of 200 jobs exactly once', async () => {
    await t.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 200; n++) await sendJob(trx, recordJob, { n });
    });
    // 'barrier': each job, once recorded, waits until the other process has run one too, so both are
    // certainly taking jobs from the queue at the same time.
    const a = await start('worker-a', [recordJob.name], 'barrier');
    const b = await start('worker-b', [recordJob.name], 'barrier');

    await waitFor(
      'all 200 jobs to complete',
      async () =>
        (await count(sql`SELECT count(*)::int AS n FROM pgboss_v12.job WHERE name = ${recordJob.name}
          AND state = 'completed'`)) === 200,
      60_000,
    );
    const { rows } = await sql<{ runs: number; jobs: number; ns: number; a: number; b: number }>`
      SELECT count(*)::int AS runs, count(DISTINCT job_id)::int AS jobs, count(DISTINCT n)::int AS ns,
        count(*) FILTER (WHERE worker = 'worker-a')::int AS a, count(*) FILTER (WHERE worker = 'worker-b')::int AS b
      FROM job_runs WHERE job = ${recordJob.name}`.execute(t.db);
    expect(rows[0]).toMatchObject({ runs: 200, jobs: 200, ns: 200 });
    expect(rows[0]!.a).toBeGreaterThan(0);
    expect(rows[0]!.b).toBeGreaterThan(0);
    expect(await a.terminate()).toBe(0);
    expect(await b.terminate()).toBe(0);
  });

  it('on SIGTERM a worker takes no new jobs and lets the running one finish before it exits', async () => {
    const worker = await start('worker-c', [heldJob.name]);
    const held = (await sendJob(t.db, heldJob, { key: 'first' }))!;
    await waitFor(
      'the held job to start',
      async () => (await count(sql`SELECT count(*)::int AS n FROM job_runs WHERE job_id = ${held}`)) === 1,
    );

    worker.child.kill('SIGTERM');
    await waitFor('the worker to begin stopping', () => worker.messages.includes('stopping'));
    const later = (await sendJob(t.db, heldJob, { key: 'second' }))!;
    await sql`INSERT INTO job_releases VALUES ('first'), ('second')`.execute(t.db);

    expect(await worker.terminate()).toBe(0);
    const states = await sql<{ id: string; state: string }>`
      SELECT id, state FROM pgboss_v12.job WHERE name = ${heldJob.name}`.execute(t.db);
    expect(Object.fromEntries(states.rows.map((r) => [r.id, r.state]))).toEqual({
      [held]: 'completed',
      [later]: 'created',
    });
  });
});
