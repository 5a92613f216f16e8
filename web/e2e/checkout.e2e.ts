/**
 * Billing journeys in real Chromium with the embedded test-mode provider (no Stripe key): a trial company
 * checks out and pays on the test page, a canceled payment comes back to /checkout, and a locked company
 * subscribes again from the Account Locked page. The database is read only to check what was stored and
 * written only to lock the company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_KEYS } from '../../core/src/services/email/previews';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import { type Harness, MOBILE, startHarness } from './harness';
import {
  chooseRadio,
  failOnPageErrors,
  hasAlert,
  hasNotice,
  member,
  notices,
  poll,
  screenshotBoth,
  signIn,
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

const OWNER = member('Olivia Owner');

async function companyState() {
  const { rows } = await h.t.pool.query<{
    subscription_status: string;
    subscription_type: string;
    account_locked: boolean;
    junior_seats: number;
    cancel_at_period_end: boolean;
  }>(
    `SELECT subscription_status, subscription_type, account_locked, junior_seats, cancel_at_period_end
     FROM companies WHERE name = $1`,
    [DEMO_COMPANY],
  );
  return rows[0];
}

/** The text of each e-mail of a template queued for the demo company's admins (one per admin). */
async function emails(template: string): Promise<string[]> {
  const { rows } = await h.t.pool.query<{ text_body: string }>(
    `SELECT DISTINCT o.text_body FROM email_outbox o JOIN companies c ON c.id = o.company_id
      WHERE c.name = $1 AND o.template = $2`,
    [DEMO_COMPANY, template],
  );
  return rows.map((r) => r.text_body);
}

describe('checkout in test mode', () => {
  it('a canceled payment returns to /checkout with the notice, and changes nothing', async () => {
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/checkout');
    // The choices made before paying come back with a cancelled payment (here: one add-on left out).
    const finder = page.getByRole('checkbox', { name: /Company Finder/ });
    await finder.uncheck();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByText('Test mode — no card is charged', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, '/checkout');
    await hasNotice(page, 'Payment was canceled. You can try again when ready.');
    expect(await page.getByRole('checkbox', { name: /Company Finder/ }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: /Client Data Tracking/ }).isChecked()).toBe(true);
    expect((await companyState())?.subscription_status).toBe('trialing');
  });

  it('a trial company chooses seats and a plan, pays on the test page and lands on /admin, active', async () => {
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    // Fewer broker seats than active brokers is refused in the spec's words.
    const brokers = page.getByLabel('Broker seats', { exact: true });
    await brokers.fill('0');
    await hasNotice(page, 'You have 3 active broker(s). You cannot reduce below this number.');
    await chooseRadio(page, /Annual/);
    await page.getByText('Total per year').waitFor();
    await screenshotBoth(h, page, 'checkout');

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/test-checkout\/tm_cs_/);
    await page.getByText('Test mode — no card is charged', { exact: true }).waitFor();
    await screenshotBoth(h, page, 'checkout-test-mode');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await waitForPath(page, '/admin');
    expect(new URL(page.url()).searchParams.get('checkout')).toBe('success');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await hasNotice(page, 'Payment successful! Your subscription is now active.');
    await poll(async () => (await companyState())?.subscription_status).toBe('active');
    expect(await companyState()).toMatchObject({ subscription_type: 'annual', account_locked: false });
    await page.getByText('Annual', { exact: true }).first().waitFor();
    // The success URL is only a way back: replaying it with made-up figures changes nothing.
    const before = await companyState();
    await page.goto('/admin?checkout=success&seats=50&plan=monthly');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await companyState()).toEqual(before);
  });

  it('an active plan changes its add-ons and seats, and an annual cancellation locks at once', async () => {
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/admin/account');
    await page.getByRole('heading', { name: 'Add-ons' }).waitFor();
    const finder = page.getByRole('listitem').filter({ hasText: 'Company Finder' });
    await finder.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
    await finder.getByText('Not enabled').waitFor();
    await finder.getByRole('button', { name: 'Enable' }).click();
    // Paid during the trial: the amount step says nothing is charged until the trial's end.
    await finder.getByText(/^Nothing is charged now\. Your first charge of £[\d,.]+ per year/).waitFor();
    await finder.getByRole('button', { name: 'Confirm', exact: true }).click();
    await hasNotice(page, 'Company Finder is now enabled for your team.');
    await screenshotBoth(h, page, 'account-billing');

    await page.goto('/admin/seats');
    await page.getByRole('button', { name: 'More broker seats' }).click();
    await page.getByRole('button', { name: 'Save Seats' }).click();
    // Paid during the trial: the added seat costs nothing until the trial's end, and the page says so first.
    await page.getByText(/^Nothing is charged now\. Your first charge of £[\d,.]+ per year/).waitFor();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await waitForPath(page, '/admin');
    await poll(async () => (await companyState())?.junior_seats).toBe(6);

    await page.goto('/admin/account');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await hasAlert(page, 'Please select a reason for cancellation');
    await chooseRadio(page, 'Too expensive');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Your annual plan ends now, without a refund').waitFor();
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page.getByRole('heading', { name: 'Account Locked' }).waitFor();
    expect(await companyState()).toMatchObject({ account_locked: true, subscription_status: 'canceled' });
    await poll(() => emails('access_ended')).toHaveLength(1);
  });

  it('a locked company subscribes monthly again, cancels for the period end, sees the date and reactivates', async () => {
    const page = await h.newPage(MOBILE);
    await signIn(page, OWNER.email, 'Admin');
    await page.getByRole('heading', { name: 'Account Locked' }).waitFor();
    await page.getByRole('link', { name: 'Start New Subscription' }).click();
    await waitForPath(page, '/checkout');
    await chooseRadio(page, /Monthly/);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/test-checkout\/tm_cs_/);
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await waitForPath(page, '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await companyState()).toMatchObject({ subscription_status: 'active', subscription_type: 'monthly' });

    await page.goto('/admin/account');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    // Words typed under 'Other reason' stay with it: another reason chosen after does not carry them.
    await chooseRadio(page, 'Other reason');
    await page.getByLabel('Tell us more').fill('Words for the other reason');
    await chooseRadio(page, 'Temporary - will be back');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Reason: Temporary - will be back').waitFor();
    expect(await page.getByText('Words for the other reason').count()).toBe(0);
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await hasNotice(page, 'Your subscription is cancelled');
    const banner = (await notices(page)).find((t) => t.includes('Your subscription is cancelled')) ?? '';
    expect(banner).toMatch(/ends on \d{1,2} \w+ \d{4} \((30|31) days remaining\)/);
    await screenshotBoth(h, page, 'account-cancel-scheduled');
    expect(await emails('cancellation_scheduled')).toEqual([expect.stringMatching(/Your team keeps access until/)]);
    await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await poll(async () => (await notices(page)).some((t) => t.includes('Your subscription is cancelled'))).toBe(false);
    await hasNotice(page, 'Your subscription is active again.');
    expect((await companyState())?.cancel_at_period_end).toBe(false);
    expect(await emails('reactivated')).toHaveLength(1);
  });
});

describe('email previews', () => {
  it('shows the billing e-mails, cancellations too, each in a 700 px frame and openable in a new tab', async () => {
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/email-preview');
    await page.getByRole('heading', { name: 'Email previews' }).waitFor();
    await page.getByRole('link', { name: 'Open in New Tab' }).first().waitFor();
    // Every e-mail the server renders is listed (the cancellation ones among them).
    expect(await page.getByRole('link', { name: 'Open in New Tab' }).count()).toBe(PREVIEW_KEYS.length);
    for (const title of ['Trial cancelled', 'Monthly plan cancelled', 'Cancellation undone', 'Subscription ended']) {
      await page.getByRole('button', { name: new RegExp(title) }).waitFor();
    }
    await page.getByRole('button', { name: /Trial reminder: 7 days left/ }).click();
    const frame = page.frameLocator('iframe[title="Trial reminder: 7 days left"]');
    await frame.getByRole('heading', { name: '7 days left in your free trial' }).waitFor();
    expect(await page.locator('iframe').evaluate((el) => el.getBoundingClientRect().height)).toBe(700);
    await screenshotBoth(h, page, 'email-preview');
  });
});
