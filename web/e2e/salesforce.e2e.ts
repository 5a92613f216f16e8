/**
 * The Salesforce export in real Chromium against the real app, the local Salesforce server and a real job runner:
 * an admin connects (the consent screen, the callback), runs Test Export, sets a weekly schedule and exports two
 * brokers for this month; a callback without a code is refused; a broker cannot open the settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../core/src/config';
import { SalesforceCrm } from '../../core/src/providers/crm/salesforce/provider';
import {
  type LocalSalesforce,
  startLocalSalesforce,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
  TEST_USERNAME,
} from '../../server/test/salesforce/salesforce-server';
import { productJobs } from '../../worker/src/jobs/handlers';
import { type JobRunner, startJobRunner } from '../../worker/src/jobs/runner';
import { type Harness, startHarness } from './harness';
import {
  failOnPageErrors,
  hasAlert,
  hasNotice,
  member,
  poll,
  screenshotBoth,
  signIn,
  text,
  waitForPath,
} from './journeys';

let h: Harness;
let sf: LocalSalesforce;
let runner: JobRunner;

beforeAll(async () => {
  sf = await startLocalSalesforce();
  const salesforce = { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, loginUrl: sf.url };
  h = await startHarness({ config: { salesforce } });
  // The worker, as in production: it runs the export jobs the app queues.
  runner = await startJobRunner({
    url: h.t.url,
    jobs: productJobs({
      db: h.t.db,
      log: () => {},
      appUrl: h.baseUrl,
      crm: new SalesforceCrm(salesforce),
      secretsKey: testConfig().secretsKey, // the harness's app runs on testConfig too
    }),
    log: () => {},
  });
});
afterAll(async () => {
  await runner?.stop(1_000);
  await h?.close();
  await sf?.close();
});
failOnPageErrors(() => h);

const ADAM = member('Adam Admin');
const ALICE = member('Alice Broker');
const BEN = member('Ben Broker');

describe('Salesforce export', () => {
  it('a broker cannot open the settings', async () => {
    const broker = await h.newPage();
    await signIn(broker, ALICE.email);
    await broker.goto('/admin/salesforce-settings');
    await waitForPath(broker, '/calculator');
  });

  it('connect → Test Export → weekly schedule → export two brokers for this month', async () => {
    const admin = await h.newPage();
    await signIn(admin, ADAM.email, 'Admin');
    await admin
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: /Salesforce Settings/ })
      .click();
    await waitForPath(admin, '/admin/salesforce-settings');
    await admin.getByText('Not connected', { exact: true }).waitFor();
    await admin.getByText('Never', { exact: true }).waitFor();
    await admin.getByRole('heading', { name: 'How it works' }).waitFor();

    // The consent screen at (local) Salesforce, then back through the callback to the settings.
    await admin.getByRole('button', { name: 'Connect to Salesforce' }).click();
    await admin.getByRole('heading', { name: 'Allow Access?' }).waitFor();
    const asked = sf.authorizeRequests.at(-1);
    expect(asked?.get('code_challenge_method')).toBe('S256');
    expect(asked?.get('scope')).toBe('api refresh_token offline_access');
    await admin.getByRole('button', { name: 'Allow' }).click();
    await waitForPath(admin, '/salesforce-callback');
    await hasNotice(admin, 'Connected to Salesforce!');
    await waitForPath(admin, '/admin/salesforce-settings');
    await admin.getByText(TEST_USERNAME).waitFor();
    await admin.getByText('Connected', { exact: true }).waitFor();

    await admin.getByRole('button', { name: 'Test Export' }).click();
    await hasNotice(admin, 'Test data successfully sent to Salesforce!');
    expect(sf.posts).toHaveLength(1);
    expect(sf.posts[0]?.text).toContain('PipPitch test export for');
    await poll(async () => (await admin.getByText('Never', { exact: true }).count()) === 0).toBe(true);
    await screenshotBoth(h, admin, 'salesforce-settings');

    // A callback without a code: the spec's message, then back to the settings after 3 s.
    await admin.goto('/salesforce-callback?state=forged');
    await hasAlert(admin, 'Error: No authorization code received');
    await waitForPath(admin, '/admin/salesforce-settings');

    // The weekly schedule, on the dashboard.
    await admin.getByRole('link', { name: 'Back to Dashboard' }).click();
    await waitForPath(admin, '/admin');
    const card = admin.getByRole('region', { name: 'Salesforce Export Schedule' });
    await card.getByRole('button', { name: 'Set Schedule' }).click();
    await card.getByLabel('Day', { exact: true }).selectOption({ label: 'Wednesday' });
    await card.getByLabel('Time (London)').selectOption({ label: '07:00' });
    await card.getByRole('button', { name: 'Save Schedule' }).click();
    await hasNotice(admin, 'Export schedule saved: Every Wednesday at 07:00 (London time)');
    await card.getByText('Active').waitFor();
    const saved = await h.t.db.selectFrom('export_schedules').selectAll().executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ frequency: 'weekly', day_of_week: 3, hour: 7, is_active: true });

    // Export two brokers for this month, through the job runner to Salesforce.
    await admin.getByRole('button', { name: 'Export Activity' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Export Activity' });
    await dialog.getByRole('checkbox', { name: new RegExp(ALICE.fullName) }).check();
    await dialog.getByRole('checkbox', { name: new RegExp(BEN.fullName) }).check();
    await dialog.getByText('This month (last 30 days)').click();
    await dialog.getByRole('button', { name: 'Send to Salesforce' }).click();
    await hasNotice(admin, 'Export started');
    await poll(() => sf.posts.length).toBe(2);
    const post = sf.posts[1]?.text ?? '';
    expect(post).toContain('• Alice Broker: 0 calculations');
    expect(post).toContain('• Ben Broker: 0 calculations');
    expect(post).not.toContain('Chloe');
    await dialog.getByText('Close', { exact: true }).click();
    const recent = card.getByRole('list', { name: 'Recent exports' }).getByRole('listitem');
    await poll(() => text(recent.first())).toMatch(/Export now[\s\S]*2 members[\s\S]*Sent to Salesforce/);
    await screenshotBoth(h, admin, 'admin-dashboard-export-schedule');
  });
});
