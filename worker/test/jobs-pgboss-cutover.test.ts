/**
 * The cutover from pg-boss 10 to 12 (migration 0047): jobs waiting in the old schema, or queued there by a process
 * of the previous release during a rolling deploy, run once under pg-boss 12; a job a live pg-boss 10 worker is
 * running stays with it until its lease lapses. The old rows are written as pg-boss 10 wrote them (its
 * create_queue, its job columns).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { registerJob } from '../src/jobs/handler';
import { startJobRunner } from '../src/jobs/runner';
import { recordJob } from './helpers/test-jobs';
import { waitFor } from './helpers/wait';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

async function queueInPgBoss10(n: number, state: 'created' | 'retry' | 'active', startedAgo = '0 seconds') {
  await sql`
    INSERT INTO pgboss.job (name, data, state, retry_limit, started_on, expire_in, singleton_key)
    VALUES (${recordJob.name}, ${JSON.stringify({ n })}::jsonb, ${state}::pgboss.job_state, 3,
      CASE WHEN ${state} = 'active' THEN now() - ${startedAgo}::interval END, interval '45 seconds', NULL)`.execute(
    t.db,
  );
}

it('moves waiting and lapsed pg-boss 10 jobs across once, and leaves a live one with its worker', async () => {
  await sql`SELECT pgboss.create_queue(${recordJob.name}, ${JSON.stringify({
    policy: 'standard',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 45,
  })}::json)`.execute(t.db);
  await queueInPgBoss10(1, 'created');
  await queueInPgBoss10(2, 'retry');
  await queueInPgBoss10(3, 'active', '10 minutes'); // its worker died: the lease lapsed long ago
  await queueInPgBoss10(4, 'active', '5 seconds'); // its pg-boss 10 worker is still on it

  const runs: number[] = [];
  const start = () =>
    startJobRunner({
      url: t.url,
      jobs: [registerJob(recordJob, async ({ n }) => void runs.push(n))],
      log: () => {},
    });
  // Two workers of the new release start at once, as in a rolling deploy.
  const runners = await Promise.all([start(), start()]);
  await waitFor('the three movable jobs to run', () => runs.length >= 3);
  const left = await sql<{ n: number; state: string }>`
    SELECT (data->>'n')::int AS n, state::text FROM pgboss.job ORDER BY n`.execute(t.db);
  expect(left.rows).toEqual([{ n: 4, state: 'active' }]);
  const moved = await sql<{ n: number; state: string }>`
    SELECT (data->>'n')::int AS n, state::text FROM pgboss_v12.job WHERE name = ${recordJob.name} ORDER BY n`.execute(
    t.db,
  );
  expect(moved.rows).toEqual([
    { n: 1, state: 'completed' },
    { n: 2, state: 'completed' },
    { n: 3, state: 'completed' },
  ]);
  await Promise.all(runners.map((r) => r.stop(1_000)));
  expect(runs.sort()).toEqual([1, 2, 3]);
});
