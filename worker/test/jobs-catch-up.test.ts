import { defineJob, z } from '@pippitch/server/jobs/index';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { registerJob } from '../src/jobs/handler';
import { type JobRunner, startJobRunner } from '../src/jobs/runner';
import { waitFor } from './helpers/wait';

// A schedule whose slot passed while no worker ran is run once when workers start (issue 23), however many start
// together, and not again by a worker starting later. The slot (03:00 London on 1 January) has always passed
// by more than a minute, except in that minute itself.
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

it('runs a missed slot once, whoever starts', async () => {
  const runs: string[] = [];
  const start = (who: string) =>
    startJobRunner({
      url: t.url,
      jobs: [registerJob(yearly, async (_, job) => void runs.push(`${who}:${job.id}`))],
      log: () => {},
    });
  const runners: JobRunner[] = await Promise.all([start('a'), start('b')]);
  await waitFor('the missed slot to run', () => runs.length >= 1);
  runners.push(await start('c'));
  const { rows } = await t.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [yearly.name]);
  expect(rows[0].n).toBe(1);
  await Promise.all(runners.map((r) => r.stop(1_000)));
  expect(runs).toHaveLength(1);
});
