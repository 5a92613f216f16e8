/**
 * The admin's activity loop in real Chromium against the real app: a broker calculates for a client; the admin's
 * dashboard shows that calculation and 'Just now'; View Activity shows it with its details; the export modal asks for
 * a user, then downloads a CSV holding it. Screenshots of /admin and /admin/user/{id} at 1440 and 375 px.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate, fillInputs, resultsPanel, WORKED_INPUTS } from './calculator-page';
import { type Harness, startHarness } from './harness';
import {
  chooseRadio,
  failOnPageErrors,
  member,
  poll,
  screenshotBoth,
  signIn,
  text,
  userIdOf,
  waitForPath,
} from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

const ALICE = member('Alice Broker');
const ADAM = member('Adam Admin');
const CLIENT = 'Dashboard Widgets Ltd';

describe('the admin sees a broker’s calculation', () => {
  it('broker calculates → dashboard row and Just now → View Activity → CSV export', async () => {
    const broker = await h.newPage();
    await signIn(broker, ALICE.email);
    await fillInputs(broker, { ...WORKED_INPUTS, clientName: CLIENT });
    await calculate(broker);
    await resultsPanel(broker).getByText('£80,918.74').first().waitFor();
    const aliceId = await userIdOf(h, ALICE.email);
    await poll(async () =>
      Number(
        (
          await h.t.db
            .selectFrom('calculations')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', aliceId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);

    const admin = await h.newPage();
    await signIn(admin, ADAM.email, 'Admin');
    const row = admin
      .getByRole('table', { name: 'Activity per broker' })
      .getByRole('row')
      .filter({ hasText: ALICE.fullName });
    await poll(() => text(row.getByTestId('last-active'))).toMatch(/(^|: )Just now$/);
    expect(await text(row)).toContain('£80,919');
    await chooseRadio(admin, 'Today');
    await poll(() => text(admin.getByTestId('total-Calculations'))).toBe('1');
    // The links of spec §2, Salesforce settings among them while the CRM is not connected.
    for (const name of ['Account Management', 'Use Calculator', 'Invite Members', 'Salesforce Settings']) {
      await admin
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: new RegExp(name) })
        .waitFor();
    }
    await admin.getByRole('heading', { name: 'Calculations per day' }).waitFor();
    await admin.locator('canvas').first().waitFor();
    await screenshotBoth(h, admin, 'admin-dashboard');

    await row.getByRole('link', { name: `View Activity of ${ALICE.fullName}` }).click();
    await waitForPath(admin, `/admin/user/${aliceId}`);
    await admin.getByRole('heading', { name: ALICE.fullName }).waitFor();
    const calcs = admin.getByRole('list', { name: 'Calculations' });
    await calcs.getByText(CLIENT).waitFor();
    expect(await text(calcs)).toContain('£80,918.74');
    expect(await text(admin.getByRole('table'))).toContain(CLIENT);
    await expectNextDisabled(admin);
    await screenshotBoth(h, admin, 'admin-user-activity');

    // Previous day: nothing there.
    await admin.getByRole('button', { name: 'Previous' }).click();
    await admin.getByText('No calculations found for this period').waitFor();
    await admin.getByText('No companies found').waitFor();

    // The export: no user chosen is refused; with Alice this week, a CSV holding the calculation downloads.
    await admin.getByRole('button', { name: 'Export Activity' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Export Activity' });
    await dialog.getByRole('checkbox', { name: new RegExp(ALICE.fullName) }).uncheck();
    await dialog.getByRole('button', { name: 'Export CSV' }).click();
    await dialog.getByText('Please select at least one user to export').waitFor();
    await dialog.getByRole('checkbox', { name: new RegExp(ALICE.fullName) }).check();
    // Once a user is chosen the message goes (issue 22: it stayed on screen).
    await poll(() => dialog.getByText('Please select at least one user to export').count()).toBe(0);
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pippitch-activity-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(CLIENT);
    expect(csv).toContain('80918.74');

    await admin.getByRole('link', { name: 'Back to Dashboard' }).click();
    await waitForPath(admin, '/admin');
  });

  it("another company's member id says the member was not found", async () => {
    const admin = await h.newPage();
    await signIn(admin, ADAM.email, 'Admin');
    await admin.goto('/admin/user/00000000-0000-4000-8000-000000000000');
    await admin.getByText('Member not found').waitFor();
  });

  it('the success banner after a seat update shows and the query parameter goes', async () => {
    const admin = await h.newPage();
    await signIn(admin, ADAM.email, 'Admin');
    // The page's own clock, moved by the test: the banner's 10 s never wait on real time.
    await admin.clock.install();
    await admin.goto('/admin?seats_updated=1');
    const banner = admin.getByText('Your seats have been updated successfully.');
    await banner.waitFor();
    await poll(() => new URL(admin.url()).search).toBe('');
    await admin.clock.runFor(9_000);
    expect(await banner.isVisible()).toBe(true);
    await admin.clock.runFor(1_500);
    await banner.waitFor({ state: 'detached' });
    // A checkout's return shows its own banner.
    await admin.goto('/admin?checkout=success');
    await admin.getByText('Payment successful! Your subscription is now active.').waitFor();
  });
});

async function expectNextDisabled(page: import('playwright-core').Page) {
  await poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
}
