import { createDb } from '@pippitch/sql';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineJob, sendJob, z } from '../../core/src/jobs/index';
import { createEmailProvider } from '../../core/src/providers/email/index';
import { deliverDueEmails } from '../../core/src/services/email/deliver';
import { enqueueEmail } from '../../core/src/services/email/outbox';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { registerJob } from '../src/jobs/handler';
import { startJobRunner } from '../src/jobs/runner';
import { queueShares } from '../src/jobs/shares';
import { createWorkerPools, jobConnections } from '../src/pools';
import { waitFor } from './helpers/wait';

// Slow jobs never starve e-mail delivery (issue 23): the slow queue holds all the job connections its share allows
// (jobs/shares.ts; each job waits on a table lock the test holds), and an e-mail queued meanwhile is still delivered,
// through the worker's own pool.
const slowJob = defineJob({ name: 'test-slow', payload: z.object({ n: z.number() }), pollingIntervalSeconds: 0.5 });

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await sql`CREATE TABLE slow_gate (n int)`.execute(t.db);
});
afterAll(async () => {
  await t.drop();
});

it('delivers e-mail while slow jobs hold every job connection', async () => {
  const pools = createWorkerPools(t.url, [slowJob]);
  const jobsDb = createDb(pools.jobs);
  const serviceDb = createDb(pools.service);
  const gate = await t.pool.connect();
  await gate.query('BEGIN; LOCK TABLE slow_gate IN ACCESS EXCLUSIVE MODE');
  const runner = await startJobRunner({
    url: t.url,
    jobs: [
      registerJob(slowJob, async () => {
        await jobsDb.transaction().execute(async (trx) => {
          await sql`LOCK TABLE slow_gate IN SHARE MODE`.execute(trx); // waits for the test's lock
        });
      }),
    ],
    log: () => {},
  });
  try {
    const jobs = jobConnections([slowJob]);
    const share = queueShares([slowJob], jobs).get(slowJob.name)!.connections;
    await t.db.transaction().execute(async (trx) => {
      for (let n = 0; n < jobs + 5; n++) await sendJob(trx, slowJob, { n });
    });
    // As many as its share are running and waiting, each job inside a transaction on a job connection.
    const waiting = async () =>
      (
        await t.pool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'pippitch-worker-jobs' AND wait_event_type = 'Lock'`,
        )
      ).rows[0].n as number;
    await waitFor('the slow queue to hold its share of connections', async () => (await waiting()) >= share);
    const id = await enqueueEmail(t.db, {
      to: 'someone@example.test',
      template: 'test',
      email: { subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' },
    });
    const lines: string[] = [];
    const provider = createEmailProvider({ smtpUrl: undefined, env: 'test' }, (l) => lines.push(l));
    expect(await deliverDueEmails(serviceDb, provider, 'x@y.z', (l) => lines.push(l))).toBe(1);
    const { rows } = await t.pool.query('SELECT status FROM email_outbox WHERE id = $1', [id]);
    expect(rows[0].status).not.toBe('pending');
    // The slow jobs were still holding their connections all along.
    expect(await waiting()).toBeGreaterThanOrEqual(share);
  } finally {
    await gate.query('ROLLBACK');
    gate.release();
    await runner.stop(4_000);
    await Promise.all([jobsDb.destroy(), serviceDb.destroy()]);
  }
});
