import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, jobs, sendJob, z } from '../../core/src/jobs/index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { productJobs } from '../src/jobs/handlers';
import { type JobRunner, startJobRunner } from '../src/jobs/runner';
import { waitFor } from './helpers/wait';

let t: TestDatabase;
let runner: JobRunner;

beforeAll(async () => {
  t = await createTestDatabase();
  runner = await startJobRunner({
    url: t.url,
    jobs: productJobs({ db: t.db, log: () => {}, appUrl: 'http://app.test' }),
    log: () => {},
  });
});
afterAll(async () => {
  await runner?.stop(1_000);
  await t?.drop();
});

describe('the product jobs', () => {
  it('schedule the housekeeping and billing jobs in Europe/London, and its handlers call the services', async () => {
    const { rows: schedules } = await sql<{ name: string; cron: string; timezone: string }>`
      SELECT name, cron, timezone FROM pgboss_v12.schedule ORDER BY name`.execute(t.db);
    expect(schedules).toEqual([
      { name: 'checkout-follow-up', cron: '23 * * * *', timezone: 'Europe/London' },
      { name: 'crm-export-dispatch', cron: '* * * * *', timezone: 'Europe/London' },
      { name: 'delete-expired-companies', cron: '17 3 * * *', timezone: 'Europe/London' },
      { name: 'ecb-reference-rates', cron: '5,35 15-17 * * 1-5', timezone: 'Europe/London' },
      { name: 'market-history-backfill', cron: '4 * * * *', timezone: 'UTC' },
      { name: 'prune-expired-sessions', cron: '7 * * * *', timezone: 'Europe/London' },
      { name: 'prune-rate-limits', cron: '37 * * * *', timezone: 'Europe/London' },
      { name: 'report-dispatch', cron: '* * * * *', timezone: 'Europe/London' },
      { name: 'reprice-leads', cron: '0 6 * * *', timezone: 'Europe/London' },
      { name: 'test-mode-periods', cron: '*/5 * * * *', timezone: 'Europe/London' },
      { name: 'trial-lifecycle', cron: '*/5 * * * *', timezone: 'Europe/London' },
    ]);

    await sql`INSERT INTO rate_limits (key, window_start, hits) VALUES
      ('login:old', now() - interval '2 days', 3), ('login:current', now(), 1)`.execute(t.db);
    const id = await sendJob(t.db, jobs.pruneRateLimits, {});
    await waitFor('the prune to run', async () => {
      const { rows } = await sql<{ state: string }>`
        SELECT state FROM pgboss_v12.job WHERE name = ${jobs.pruneRateLimits.name} AND id = ${id}`.execute(t.db);
      return rows[0]?.state === 'completed';
    });
    const { rows } = await sql<{ key: string }>`SELECT key FROM rate_limits`.execute(t.db);
    expect(rows.map((r) => r.key)).toEqual(['login:current']);
  });
});

describe('sendJob options', () => {
  // No worker knows this job: its queue does not exist until the first send creates it.
  const exportJob = defineJob({
    name: 'test-export-once',
    payload: z.object({ companyId: z.string() }),
    policy: 'short',
    singletonKey: (p) => p.companyId,
  });

  it('creates a missing queue, and keeps one queued job per singleton key', async () => {
    const first = await sendJob(t.db, exportJob, { companyId: 'c1' });
    const again = await sendJob(t.db, exportJob, { companyId: 'c1' });
    const other = await sendJob(t.db, exportJob, { companyId: 'c2' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBeNull();
    expect(other).toMatch(/^[0-9a-f-]{36}$/);
    const { rows } = await sql<{ policy: string; retry_limit: number; singleton_key: string }>`
      SELECT q.policy, j.retry_limit, j.singleton_key FROM pgboss_v12.job j JOIN pgboss_v12.queue q ON q.name = j.name
      WHERE j.name = ${exportJob.name} ORDER BY j.singleton_key`.execute(t.db);
    expect(rows).toEqual([
      { policy: 'short', retry_limit: 3, singleton_key: 'c1' },
      { policy: 'short', retry_limit: 3, singleton_key: 'c2' },
    ]);
  });
});
