import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, sendJob } from '../../core/src/jobs/index';
import { signUpCompany } from '../../core/src/services/auth/signup';
import { connectCompany, localCrm } from '../../server/test/salesforce/connect';
import { type LocalSalesforce, startLocalSalesforce } from '../../server/test/salesforce/salesforce-server';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { productJobs } from '../src/jobs/handlers';
import { type JobRunner, startJobRunner } from '../src/jobs/runner';
import { waitFor } from './helpers/wait';

// A scheduled export through pg-boss with two workers, to the local Salesforce server: one post per slot.

const KEY = Buffer.alloc(32, 9);
// Monday 2026-11-23 09:00 London (GMT): the slot of a weekly Monday 09:00 schedule.
const SLOT = new Date('2026-11-23T09:00:00Z');

let t: TestDatabase;
let sf: LocalSalesforce;
const runners: JobRunner[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  sf = await startLocalSalesforce();
  const crm = localCrm(sf);
  for (let i = 0; i < 2; i++) {
    runners.push(
      await startJobRunner({
        url: t.url,
        jobs: productJobs({
          db: t.db,
          log: () => {},
          appUrl: 'http://app.test',
          now: () => SLOT,
          crm,
          secretsKey: KEY,
        }),
        log: () => {},
        applicationName: `worker-${i}`,
      }),
    );
  }
});
afterAll(async () => {
  for (const r of runners) await r.stop(1_000);
  await sf?.close();
  await t?.drop();
});

describe('scheduled CRM exports with two workers', () => {
  it('post once per slot however many dispatches run, and record last sync', async () => {
    const { companyId } = await signUpCompany(
      t.db,
      {
        companyName: 'Two Workers Ltd',
        companyDomain: 'twoworkers.co.uk',
        fullName: 'Wendy Worker',
        email: 'wendy@twoworkers.co.uk',
        password: 'Str0ng!pass',
        billing: 'monthly',
        adminSeats: 1,
        brokerSeats: 5,
      },
      { ip: '10.9.9.9', now: new Date('2026-11-01T00:00:00Z') },
    );
    await connectCompany(t.db, sf, companyId, KEY);
    await t.db
      .insertInto('export_schedules')
      .values({
        company_id: companyId,
        frequency: 'weekly',
        day_of_week: 1,
        hour: 9,
        active_since: new Date('2026-11-01'),
      })
      .execute();

    // Four dispatches (as cron on two workers and a retry might make), all at the slot's minute.
    for (let i = 0; i < 4; i++) await sendJob(t.db, jobs.crmExportDispatch, {}, { singletonKey: `run-${i}` });
    await waitFor('the export to reach Salesforce', async () => {
      const row = await t.db.selectFrom('export_log').select('status').executeTakeFirst();
      return row?.status === 'sent';
    });
    await waitFor('every dispatch and export job to finish', async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pgboss_v12.job
        WHERE name IN ('crm-export-dispatch', 'crm-export') AND state NOT IN ('completed', 'failed')`.execute(t.db);
      return rows[0]?.n === 0;
    });
    expect(sf.posts).toHaveLength(1);
    expect(sf.posts[0]?.text).toContain('PipPitch team activity for Two Workers Ltd, 17 Nov 2026 to 23 Nov 2026');
    const log = await t.db.selectFrom('export_log').selectAll().execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ trigger: 'scheduled', slot_key: '2026-11-23', status: 'sent' });
    const connection = await t.db.selectFrom('salesforce_connections').select('last_sync').executeTakeFirstOrThrow();
    expect(connection.last_sync).toEqual(SLOT);
  });
});
