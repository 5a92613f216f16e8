import { randomBytes } from 'node:crypto';
import { createDb, createPool, type Database } from '@pippitch/sql';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sendJob } from '../../core/src/jobs/index';
import { queueShares } from '../src/jobs/shares';
import { jobConnections } from '../src/pools';
import { startWorkerProcess, type WorkerProcess } from './helpers/job-workers';
import { BLOCK_LOCK, blockedJob, blockedSmallJob, JOB_RUNS_TABLE, recordJob, testJobs } from './helpers/test-jobs';
import { waitFor } from './helpers/wait';

// Queues cannot starve each other (issue 33): 12 jobs of two queues (batches of 10 and 2, as the exports and
// reports were) are blocked inside a statement, and an unrelated job, sent meanwhile to the same worker, still runs
// and completes while all 12 are still blocked. Before per-queue shares the 12 held all 12 job connections and the
// unrelated job waited for one (29.9 s in the audit; here it would wait until the test gave up). Nothing is timed:
// the test waits for the unrelated job's run, then checks the 12 are still waiting.
const adminUrl = () => inject('pgAdminUrl');
const name = `t_starve_${randomBytes(5).toString('hex')}`;
let url: string;
let db: Database;
let worker: WorkerProcess | undefined;
let gate: pg.Client;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  url = u.toString();
  db = createDb(createPool(url, { max: 4 }));
  await JOB_RUNS_TABLE.execute(db);
  gate = new pg.Client({ connectionString: url });
  await gate.connect();
});
afterAll(async () => {
  await gate?.end().catch(() => {});
  await worker?.terminate();
  await db?.destroy();
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(db)).rows[0]!.n;

it('an unrelated job runs while 12 jobs of two slow queues are blocked in their statements', async () => {
  const definitions = testJobs(null as never, 'names').map((j) => j.definition);
  const size = jobConnections(definitions);
  expect(size).toBe(12); // the worker's job pool, as in production (largest batch 10, + 2)
  const shares = queueShares(definitions, size);
  const holding = shares.get(blockedJob.name)!.connections + shares.get(blockedSmallJob.name)!.connections;
  expect(holding).toBeLessThan(size);

  worker = await startWorkerProcess(url, 'w1', [blockedJob.name, blockedSmallJob.name, recordJob.name]);
  await gate.query('SELECT pg_advisory_lock($1)', [BLOCK_LOCK]);
  await db.transaction().execute(async (trx) => {
    for (let n = 0; n < 10; n++) await sendJob(trx, blockedJob, { n });
    for (let n = 0; n < 2; n++) await sendJob(trx, blockedSmallJob, { n });
  });
  // All 12 taken by the worker, and as many of them waiting inside their statement as their queues' shares allow.
  const active = () =>
    count(sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss_v12.job
      WHERE name IN (${blockedJob.name}, ${blockedSmallJob.name}) AND state = 'active'`);
  const blocked = () =>
    count(sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'pippitch-worker-jobs'
        AND wait_event_type = 'Lock' AND query LIKE '%pg_advisory_xact_lock%'`);
  await waitFor(
    'the 12 jobs to be running and blocked',
    async () => (await active()) === 12 && (await blocked()) >= holding,
  );

  const id = (await sendJob(db, recordJob, { n: 1 }))!;
  await waitFor('the unrelated job to run', async () =>
    count(sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs WHERE job_id = ${id}`),
  );
  // …while the 12 were still blocked: none has finished.
  expect(await active()).toBe(12);
  expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs WHERE job <> ${recordJob.name}`)).toBe(
    0,
  );

  // Released, every one of them completes.
  await gate.query('SELECT pg_advisory_unlock($1)', [BLOCK_LOCK]);
  await waitFor(
    'the 12 to complete',
    async () =>
      (await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs WHERE job <> ${recordJob.name}`)) === 12,
  );
}, 300_000);
