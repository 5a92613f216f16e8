import { sql } from 'kysely';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_SCHEMA, pgBossExecutor, sendJob } from '../../core/src/jobs/index';
import { jobStatus } from '../../core/src/queries/jobs/status';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { type JobRunner, startJobRunner } from '../src/jobs/runner';
import { failingJob, JOB_RUNS_TABLE, recordJob, strictJob, testJobs } from './helpers/test-jobs';
import { waitFor } from './helpers/wait';

let t: TestDatabase;
let runner: JobRunner;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await JOB_RUNS_TABLE.execute(t.db);
  runner = await startJobRunner({
    url: t.url,
    jobs: testJobs(t.db, 'in-process', { only: [recordJob.name, failingJob.name, strictJob.name] }),
    log: (line) => lines.push(line),
  });
});
afterAll(async () => {
  await runner?.stop(1_000);
  await t?.drop();
});

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  started_on: Date | null;
  start_after: Date;
  output: { message?: string } | null;
}

async function job(name: string, id: string): Promise<JobRow | undefined> {
  const { rows } = await sql<JobRow>`
    SELECT id, state, retry_count, retry_limit, started_on, start_after, output
    FROM pgboss_v12.job WHERE name = ${name} AND id = ${id}`.execute(t.db);
  return rows[0];
}

async function runsOf(jobId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs WHERE job_id = ${jobId}`.execute(
    t.db,
  );
  return rows[0]!.n;
}

describe('sendJob', () => {
  it('a job sent in a transaction that rolls back never exists, so never runs', async () => {
    await sql`CREATE TABLE notes (body text NOT NULL)`.execute(t.db);
    let rolledBackId: string | null = null;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes VALUES ('rolled back')`.execute(trx);
        rolledBackId = await sendJob(trx, recordJob, { n: 1 });
        throw new Error('the write fails after the send');
      }),
    ).rejects.toThrow('the write fails after the send');
    expect(rolledBackId).toMatch(/^[0-9a-f-]{36}$/);

    // The same in a transaction that commits: that job runs. Jobs of one queue start in the order sent, so once
    // it has run, the rolled-back one would have run before it had it existed.
    const committedId = await t.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO notes VALUES ('committed')`.execute(trx);
      return sendJob(trx, recordJob, { n: 2 });
    });
    await waitFor(
      'the committed job to run',
      async () => (await job(recordJob.name, committedId!))?.state === 'completed',
    );

    expect(await runsOf(committedId!)).toBe(1);
    expect(await runsOf(rolledBackId!)).toBe(0);
    expect(await job(recordJob.name, rolledBackId!)).toBeUndefined();
    const { rows } = await sql<{ n: number }>`SELECT n FROM job_runs WHERE job = ${recordJob.name}`.execute(t.db);
    expect(rows.map((r) => r.n)).toEqual([2]);
  });

  it('refuses a payload that does not match the definition, before anything is queued', async () => {
    await expect(sendJob(t.db, strictJob, { leadId: 'not-a-uuid' })).rejects.toThrow(
      'job test-strict: invalid payload: leadId: Invalid UUID',
    );
    // Sent as the worker will read it: a Date becomes a string, which z.number() refuses.
    await expect(sendJob(t.db, recordJob, { n: new Date() as unknown as number })).rejects.toThrow(/n: /);
  });
});

describe('the job runner', () => {
  it('retries a failing job with growing delays, then keeps it as failed with its error', async () => {
    const id = (await sendJob(t.db, failingJob, {}))!;
    const delays: number[] = [];
    for (const attempt of [1, 2]) {
      const retrying = await waitFor(`failure ${attempt} to be scheduled for retry`, async () => {
        const row = await job(failingJob.name, id);
        return row?.state === 'retry' && row.retry_count === attempt - 1 ? row : undefined;
      });
      delays.push((retrying.start_after.getTime() - retrying.started_on!.getTime()) / 1000);
      // Instead of waiting out the backoff, bring the retry forward: the worker picks it up at its next poll.
      await sql`UPDATE pgboss_v12.job SET start_after = now() WHERE name = ${failingJob.name} AND id = ${id}`.execute(
        t.db,
      );
    }
    const failed = await waitFor('the last attempt to fail', async () => {
      const row = await job(failingJob.name, id);
      return row?.state === 'failed' ? row : undefined;
    });

    // retryDelay 60 s with backoff: the first retry waits 60–120 s, the second 120–240 s (pg-boss adds jitter).
    // The measured span also holds the attempt itself, hence the slack above.
    expect(delays[0]).toBeGreaterThanOrEqual(60);
    expect(delays[0]).toBeLessThan(120 + 30);
    expect(delays[1]).toBeGreaterThanOrEqual(120);
    expect(delays[1]).toBeLessThan(240 + 30);
    expect(failed.retry_count).toBe(2);
    expect(await runsOf(id)).toBe(3);
    expect(failed.output?.message).toBe('boom on attempt 3');

    const status = await jobStatus(t.db);
    expect(status.queues.find((q) => q.name === failingJob.name)).toMatchObject({ failed: 1, retried: 1, active: 0 });
    expect(status.failures[0]).toMatchObject({ queue: failingJob.name, id, attempts: 3, error: 'boom on attempt 3' });
  });

  it('fails a job whose payload does not parse at once, without retrying it', async () => {
    // A job written by other code (or by an older version with another payload shape) bypasses sendJob's check.
    const boss = new PgBoss({ schema: JOBS_SCHEMA, db: pgBossExecutor(t.db), schedule: false, supervise: false });
    const id = await boss.send(strictJob.name, { leadId: 42 }, { retryLimit: 3 });
    const failed = await waitFor('the job to fail', async () => {
      const row = await job(strictJob.name, id!);
      return row?.state === 'failed' ? row : undefined;
    });
    expect(failed.retry_count).toBe(0);
    expect(failed.output?.message).toBe('invalid payload: leadId: Invalid input: expected string, received number');
    expect(await runsOf(id!)).toBe(0);
    expect(lines).toContain(
      `job test-strict ${id!} failed for good, without retry: invalid payload: leadId: Invalid input: expected string, received number`,
    );
  });
});
