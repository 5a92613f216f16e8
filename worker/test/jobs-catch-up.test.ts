import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineJob, z } from '../../core/src/jobs/index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { registerJob } from '../src/jobs/handler';
import { type JobRunner, startJobRunner } from '../src/jobs/runner';
import { waitFor } from './helpers/wait';

// A schedule whose slot passed while no worker ran is run once when workers are back (issue 23), however many start
// together, and not again by a worker starting later. pg-boss 12 (`missed: 'once'`) measures the gap from its last
// schedule pass; the downtime is made by moving that pass, and the schedule's creation, back 400 days — across the
// yearly slot (03:00 London on 1 January) — so the test waits for conditions, never for the calendar.
const yearly = defineJob({
  name: 'test-yearly',
  payload: z.object({}),
  schedule: { cron: '0 3 1 1 *', payload: {} },
  pollingIntervalSeconds: 0.5,
});

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

const jobsOf = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss_v12.job WHERE name = ${yearly.name}`.execute(t.db))
    .rows[0]!.n;
const lastPass = async () =>
  (await sql<{ at: Date | null }>`SELECT cron_on AS at FROM pgboss_v12.version`.execute(t.db)).rows[0]?.at ?? null;

it('runs a missed slot once after downtime, whoever starts', async () => {
  const runs: string[] = [];
  const start = (who: string) =>
    startJobRunner({
      url: t.url,
      jobs: [registerJob(yearly, async (_, job) => void runs.push(`${who}:${job.id}`))],
      log: () => {},
      cronCheckSeconds: 1,
    });
  // A first deployment makes the schedule and passes over it: nothing was missed, nothing runs.
  const first = await start('first');
  await waitFor('a schedule pass', lastPass);
  await first.stop(1_000);
  expect(await jobsOf()).toBe(0);

  // It was down across the yearly slot.
  await sql`UPDATE pgboss_v12.version SET cron_on = now() - interval '400 days'`.execute(t.db);
  await sql`UPDATE pgboss_v12.schedule SET created_on = now() - interval '400 days'`.execute(t.db);

  const runners: JobRunner[] = await Promise.all([start('a'), start('b')]);
  await waitFor('the missed slot to run', () => runs.length >= 1);
  runners.push(await start('c'));
  // Later passes (each worker's, every second) owe nothing more: wait for two of them before counting.
  const after = (await lastPass())!.getTime();
  await waitFor('two more schedule passes', async () => ((await lastPass())?.getTime() ?? 0) >= after + 1_000);
  expect(await jobsOf()).toBe(1);
  await Promise.all(runners.map((r) => r.stop(1_000)));
  expect(runs).toHaveLength(1);
});
