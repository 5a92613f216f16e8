/**
 * Jobs that exist only for the job-runner tests and the benchmark's shape: each records its runs in `job_runs`,
 * so a test can see what ran, where and how often.
 */

import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { defineJob, z } from '../../../core/src/jobs/index';
import { type RegisteredJob, registerJob } from '../../src/jobs/handler';

export const JOB_RUNS_TABLE = sql`
  CREATE TABLE IF NOT EXISTS job_runs (
    job text NOT NULL,
    job_id uuid NOT NULL,
    worker text NOT NULL,
    n int,
    at timestamptz NOT NULL DEFAULT clock_timestamp()
  )`;

/** Records its run; with `barrier`, then waits until a second worker has run one too (both must take part). */
export const recordJob = defineJob({
  name: 'test-record',
  payload: z.object({ n: z.number().int() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  batchSize: 10,
  pollingIntervalSeconds: 0.5,
});

/** Always throws; retried twice with backoff from 60 s (the test moves each retry forward instead of waiting). */
export const failingJob = defineJob({
  name: 'test-failing',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  pollingIntervalSeconds: 0.5,
});

/** Would be retried three times if it threw; a payload that does not parse must not be. */
export const strictJob = defineJob({
  name: 'test-strict',
  payload: z.object({ leadId: z.uuid() }),
  retry: { limit: 3, delaySeconds: 1, backoff: false },
  pollingIntervalSeconds: 0.5,
});

/** Runs every minute. */
export const tickJob = defineJob({
  name: 'test-tick',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  pollingIntervalSeconds: 0.5,
});

/** Waits for a row in `job_releases` before it finishes, so a test can hold it running. */
export const heldJob = defineJob({
  name: 'test-held',
  payload: z.object({ key: z.string() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  pollingIntervalSeconds: 0.5,
});

/** Like test-held, but retried: the job a test kills its worker under (lease test). */
export const leasedJob = defineJob({
  name: 'test-leased',
  payload: z.object({ key: z.string() }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  pollingIntervalSeconds: 0.5,
});

/**
 * Held inside a statement: waits for the advisory lock BLOCK_LOCK, which a test holds, so each running job keeps a
 * job connection busy (as an export or a report stuck on a slow query would). Two queues, sized like the exports
 * (batches of 10) and the reports (batches of 2) of the starvation the issue found.
 */
export const BLOCK_LOCK = 727_033;
export const blockedJob = defineJob({
  name: 'test-blocked',
  payload: z.object({ n: z.number().int() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  pollingIntervalSeconds: 0.5,
});
export const blockedSmallJob = defineJob({
  name: 'test-blocked-small',
  payload: z.object({ n: z.number().int() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  batchSize: 2,
  pollingIntervalSeconds: 0.5,
});

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

export interface TestJobOptions {
  barrier?: boolean;
  /** Register only these jobs (by name); all by default. */
  only?: string[];
}

export function testJobs(db: Database, worker: string, options: TestJobOptions = {}): RegisteredJob[] {
  const record = (job: string, jobId: string, n: number | null = null) =>
    sql`INSERT INTO job_runs (job, job_id, worker, n) VALUES (${job}, ${jobId}, ${worker}, ${n})`.execute(db);
  const all = [
    registerJob(recordJob, async ({ n }, job) => {
      await record(job.name, job.id, n);
      if (options.barrier) {
        await waitUntil(
          'a second worker to run a job',
          async () => {
            const { rows } = await sql<{ workers: number }>`
              SELECT count(DISTINCT worker)::int AS workers FROM job_runs WHERE job = ${recordJob.name}`.execute(db);
            return rows[0]!.workers >= 2;
          },
          30_000,
        );
      }
    }),
    registerJob(failingJob, async (_, job) => {
      await record(job.name, job.id);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM job_runs WHERE job_id = ${job.id}`.execute(db);
      throw new Error(`boom on attempt ${rows[0]!.n}`);
    }),
    registerJob(strictJob, async (_, job) => {
      await record(job.name, job.id);
    }),
    registerJob(tickJob, async (_, job) => {
      await record(job.name, job.id);
    }),
    registerJob(heldJob, async ({ key }, job) => {
      await record(job.name, job.id);
      await waitUntil(
        `release of ${key}`,
        async () => (await sql`SELECT 1 FROM job_releases WHERE key = ${key}`.execute(db)).rows.length > 0,
        30_000,
      );
    }),
    registerJob(leasedJob, async ({ key }, job) => {
      await record(job.name, job.id);
      await waitUntil(
        `release of ${key}`,
        async () => (await sql`SELECT 1 FROM job_releases WHERE key = ${key}`.execute(db)).rows.length > 0,
        300_000,
      );
    }),
    ...[blockedJob, blockedSmallJob].map((definition) =>
      registerJob(definition, async ({ n }, job) => {
        await sql`SELECT pg_advisory_xact_lock(${BLOCK_LOCK})`.execute(db);
        await record(job.name, job.id, n);
      }),
    ),
  ];
  return options.only ? all.filter((j) => options.only?.includes(j.definition.name)) : all;
}
