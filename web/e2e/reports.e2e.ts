/**
 * Monthly client reports in real Chromium against the real app and a real job runner: without the Client Data
 * Tracking add-on the card says 'Premium Feature' and leads to Account Management; with it an admin sets a
 * monthly schedule, sends a test report and downloads the PDF, which holds the broker's calculation.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productJobs } from '../../worker/src/jobs/handlers';
import { type JobRunner, startJobRunner } from '../../worker/src/jobs/runner';
import { calculate, fillInputs, resultsPanel, WORKED_INPUTS } from './calculator-page';
import { type Harness, startHarness } from './harness';
import { failOnPageErrors, hasNotice, member, poll, screenshotBoth, signIn, text, waitForPath } from './journeys';

let h: Harness;
let runner: JobRunner;
beforeAll(async () => {
  h = await startHarness();
  runner = await startJobRunner({
    url: h.t.url,
    jobs: productJobs({ db: h.t.db, log: () => {}, appUrl: h.baseUrl }),
    log: () => {},
  });
});
afterAll(async () => {
  await runner?.stop(1_000);
  await h?.close();
});
failOnPageErrors(() => h);

const ADAM = member('Adam Admin');
const ALICE = member('Alice Broker');
const CLIENT = 'Report Widgets Ltd';
const setClientData = (on: boolean) => h.t.pool.query('UPDATE companies SET client_data_enabled = $1', [on]);

describe('monthly client reports', () => {
  it('without the add-on: Premium Feature, Upgrade Now → Account Management', async () => {
    await setClientData(false);
    try {
      const admin = await h.newPage();
      await signIn(admin, ADAM.email, 'Admin');
      const card = admin.getByRole('region', { name: 'Monthly Client Reports' });
      await card.getByText('Premium Feature').waitFor();
      expect(await card.getByRole('button', { name: 'Send Test Report' }).count()).toBe(0);
      await card.getByRole('link', { name: 'Upgrade Now' }).click();
      await waitForPath(admin, '/admin/account');
    } finally {
      await setClientData(true);
    }
  });

  it('sets a monthly schedule, sends a test report and downloads it', async () => {
    const broker = await h.newPage();
    await signIn(broker, ALICE.email);
    await fillInputs(broker, { ...WORKED_INPUTS, clientName: CLIENT });
    await calculate(broker);
    await resultsPanel(broker).getByText('£80,918.74').first().waitFor();

    const admin = await h.newPage();
    await signIn(admin, ADAM.email, 'Admin');
    const card = admin.getByRole('region', { name: 'Monthly Client Reports' });
    await card.getByText('No report schedule yet.').waitFor();
    await card.getByRole('button', { name: 'Set Schedule' }).click();
    await card.getByLabel('Day of month').selectOption('15');
    await card.getByLabel('Time (London)').selectOption({ label: '08:00' });
    await card.getByRole('button', { name: 'Save Schedule' }).click();
    await hasNotice(admin, 'Report schedule saved: Monthly on day 15 at 08:00 (London time)');
    await card.getByText('Active', { exact: true }).waitFor();
    expect(await text(card)).toContain('Next report:');

    await card.getByRole('button', { name: 'Send Test Report' }).click();
    await hasNotice(admin, 'Test report on its way');
    const download = card.getByRole('link', { name: /^Download the report for / });
    await poll(() => download.count()).toBe(1);
    const [file] = await Promise.all([admin.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^pippitch-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
    const path = await file.path();
    const pdf = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(pdf).toContain('Demo FX Partners');
    expect(pdf).toContain(CLIENT);
    expect(pdf).toContain('£80,918.74');
    expect(pdf).toContain('Alice Broker');
    await screenshotBoth(h, admin, 'admin-dashboard-reports');
  });
});
