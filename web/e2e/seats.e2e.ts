/**
 * Seats and members (issue 10 items 3 and 4) in real Chromium against the real app: the owner changes the seats
 * on /admin/seats and removes a user there, an admin is sent from /admin/seats to /admin, and an admin changes a
 * broker's role on /admin after confirming. The database is read only to check what was stored.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import { type Harness, startHarness } from './harness';
import { failOnPageErrors, hasNotice, member, poll, screenshotBoth, signIn, text, waitForPath } from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

const OWNER = member('Olivia Owner');
const ADMIN = member('Adam Admin');
const ALICE = member('Alice Broker');
const BEN = member('Ben Broker');
const CHLOE = member('Chloe Broker');

async function demoCompany() {
  return h.t.db
    .selectFrom('companies')
    .select(['admin_seats', 'junior_seats', 'price_per_month', 'subscription_price'])
    .where('name', '=', DEMO_COMPANY)
    .executeTakeFirstOrThrow();
}

async function roleOf(email: string) {
  const row = await h.t.db
    .selectFrom('user_profiles')
    .select('role_type')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.role_type;
}

function figure(page: Page, label: string) {
  // A figure of the Current Plan card: its value (dd) beside its label (dt).
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

describe('seat management', () => {
  it('the owner changes the seats on /admin/seats and sees the new total', async () => {
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/admin/seats');
    await page.getByRole('heading', { name: 'Seat Management' }).waitFor();
    // The demo: 2 admin + 5 broker seats, five active members.
    await poll(() => text(figure(page, 'Total seats'))).toBe('7');
    expect(await text(figure(page, 'Used'))).toBe('5');
    expect(await text(figure(page, 'Available'))).toBe('2');
    await page.getByText('7 seats × £27.00').waitFor();
    await screenshotBoth(h, page, 'seats');

    // Below the team (3 brokers) is refused on the page before any request.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Fewer broker seats' }).click();
    await page.getByText('Cannot reduce seats below current team size').waitFor();
    expect(await page.getByRole('button', { name: 'Save Seats' }).isDisabled()).toBe(true);

    // 3 admin + 6 broker = 9 seats at £27.
    await page.getByRole('spinbutton', { name: 'Broker seats' }).fill('6');
    await page.getByRole('button', { name: 'More admin seats' }).click();
    await page.getByText('9 seats × £27.00').waitFor();
    await page.getByText('£243.00', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Save Seats' }).click();
    await waitForPath(page, '/admin');
    expect(new URL(page.url()).searchParams.get('seats_updated')).toBe('1');
    expect(await demoCompany()).toEqual({
      admin_seats: 3,
      junior_seats: 6,
      price_per_month: '27.00',
      subscription_price: '243.00',
    });

    await page.goto('/admin/seats');
    await poll(() => text(figure(page, 'Total seats'))).toBe('9');
    expect(await text(figure(page, 'Available'))).toBe('4');
  });

  it('the owner removes a user on /admin/seats after a confirmation that names them', async () => {
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/admin/seats');
    // Nobody selects themself.
    await page.getByRole('checkbox', { name: `Select ${ALICE.fullName}` }).waitFor();
    expect(await page.getByRole('checkbox', { name: `Select ${OWNER.fullName}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove 0 User(s)' }).isDisabled()).toBe(true);

    await page.getByRole('checkbox', { name: `Select ${CHLOE.fullName}` }).check();
    await page.getByRole('button', { name: 'Remove 1 User(s)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove 1 User(s)?' });
    await dialog.getByText(`${CHLOE.fullName} (${CHLOE.email})`).waitFor();
    await dialog.getByRole('button', { name: 'Remove 1 User(s)' }).click();
    await hasNotice(page, `Removed ${CHLOE.fullName}.`);
    await poll(() => roleOf(CHLOE.email)).toBeUndefined();
    await poll(() => page.getByRole('checkbox', { name: `Select ${CHLOE.fullName}` }).count()).toBe(0);
  });

  it('an admin opening /admin/seats lands on /admin', async () => {
    const page = await h.newPage();
    await signIn(page, ADMIN.email, 'Admin');
    await page.goto('/admin/seats');
    await waitForPath(page, '/admin');
    expect(await page.getByRole('heading', { name: 'Seat Management' }).count()).toBe(0);
  });
});

describe('members', () => {
  it("an admin changes a broker's role on /admin after confirming, and back", async () => {
    const page = await h.newPage();
    await signIn(page, ADMIN.email, 'Admin');
    const row = page.getByRole('row').filter({ hasText: ALICE.email });
    // Adam sees no action on himself or on the owner.
    const ownerRow = page.getByRole('row').filter({ hasText: OWNER.email });
    await row.getByRole('button', { name: 'Make Admin' }).waitFor();
    expect(await ownerRow.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('row').filter({ hasText: ADMIN.email }).getByRole('button').count()).toBe(0);

    const dialog = page.getByRole('alertdialog', { name: `Make ${ALICE.fullName} an admin?` });
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await roleOf(ALICE.email)).toBe('junior');

    await row.getByRole('button', { name: 'Make Admin' }).click();
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await hasNotice(page, `${ALICE.fullName} is now an admin.`);
    await row.getByRole('button', { name: 'Make Broker' }).waitFor();
    expect(await roleOf(ALICE.email)).toBe('admin');

    await row.getByRole('button', { name: 'Make Broker' }).click();
    await page
      .getByRole('alertdialog', { name: `Make ${ALICE.fullName} a broker?` })
      .getByRole('button', { name: 'Make Broker' })
      .click();
    await hasNotice(page, `${ALICE.fullName} is now a broker.`);
    expect(await roleOf(ALICE.email)).toBe('junior');
  });

  it('an admin demoted while on /admin is taken to the calculator by their next action', async () => {
    const page = await h.newPage();
    await signIn(page, ADMIN.email, 'Admin');
    const ben = page.getByRole('row').filter({ hasText: BEN.email });
    await ben.getByRole('button', { name: 'Reset Password' }).click();
    // The owner demotes Adam while his dialog is open.
    await h.t.db.updateTable('user_profiles').set({ role_type: 'junior' }).where('email', '=', ADMIN.email).execute();
    await page
      .getByRole('alertdialog', { name: `Send ${BEN.fullName} a password reset email?` })
      .getByRole('button', { name: 'Send Email' })
      .click();
    await waitForPath(page, '/calculator');
    await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
    const mails = await h.t.db.selectFrom('email_outbox').select('id').where('to_address', '=', BEN.email).execute();
    expect(mails).toEqual([]);
    await h.t.db.updateTable('user_profiles').set({ role_type: 'admin' }).where('email', '=', ADMIN.email).execute();
  });

  it('an admin changes the seats with the steppers on /admin/account, never below the team', async () => {
    const page = await h.newPage();
    await signIn(page, ADMIN.email, 'Admin');
    await page.goto('/admin/account');
    await page.getByRole('heading', { name: 'Seats', exact: true }).waitFor();
    const before = await demoCompany();
    // Not below the active members: the stepper refuses with the spec's words.
    const brokers = page.getByLabel('Broker seats', { exact: true });
    await brokers.fill('0');
    await page.getByText('Cannot reduce seats below current team size').waitFor();
    await brokers.fill(String(before.junior_seats + 1));
    await page.getByText('For the seats chosen below').waitFor();
    await page.getByText(`Total per month incl. VAT`).waitFor();
    await screenshotBoth(h, page, 'account-seat-steppers');
    await page.getByRole('button', { name: 'Save Seats' }).click();
    await waitForPath(page, '/admin');
    await poll(async () => (await demoCompany()).junior_seats).toBe(before.junior_seats + 1);
  });

  it('the account page shows the trial, the plan and the team', async () => {
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/admin/account');
    await page.getByRole('heading', { name: 'Account Management' }).waitFor();
    await page.getByText(/Free trial: \d+ days left/).waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/checkout');
    await page.getByRole('row').filter({ hasText: ALICE.email }).getByRole('button', { name: 'Delete' }).waitFor();
    await screenshotBoth(h, page, 'account');
  });
});
