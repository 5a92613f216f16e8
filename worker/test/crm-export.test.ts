import { createHash, randomBytes } from 'node:crypto';
import { jobs, sendJob } from '@pippitch/server/jobs/index';
import { SalesforceCrm } from '@pippitch/server/providers/crm/salesforce/provider';
import { signUpCompany } from '@pippitch/server/services/auth/signup';
import { sealSecret } from '@pippitch/server/services/crm/secret-box';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalSalesforce,
  startLocalSalesforce,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
} from '../../server/test/salesforce/salesforce-server';
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
  const crm = new SalesforceCrm({ clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, loginUrl: sf.url });
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

/** A real grant from the local server (consent, code exchange with PKCE), stored as the product stores it. */
async function connect(companyId: string) {
  const crm = new SalesforceCrm({ clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, loginUrl: sf.url });
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = 'http://app.test/salesforce-callback';
  const url = new URL(
    crm.authorizeUrl({
      state: 's',
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      redirectUri,
    }),
  );
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', 'allow');
  const res = await fetch(`${sf.url}/services/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const grant = await crm.exchangeCode({ code, codeVerifier: verifier, redirectUri });
  await t.db
    .insertInto('salesforce_connections')
    .values({
      company_id: companyId,
      instance_url: grant.instanceUrl,
      identity_url: grant.identityUrl,
      sf_user_id: grant.userId,
      sf_org_id: grant.orgId,
      sf_username: grant.username,
      access_token_enc: sealSecret(KEY, grant.accessToken),
      refresh_token_enc: sealSecret(KEY, grant.refreshToken),
    })
    .execute();
}

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
    await connect(companyId);
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
        SELECT count(*)::int AS n FROM pgboss.job
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
