/**
 * Issue 20 §4 end to end in real Chromium, test mode: a trial company subscribes on day 10 of its 60-day trial
 * (monthly, with Company Finder). Nothing is charged until the trial ends; then the first invoice is the full
 * figure the checkout and the account page showed, and the welcome e-mail said. The server's clock is injected:
 * the 50 days pass by moving it, and the worker's period-end job runs as the worker would run it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestModePayments } from '../../core/src/providers/payments/test-mode/provider';
import { endTestModePeriods } from '../../core/src/services/billing/test-mode-periods';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import { type Harness, startHarness } from './harness';
import { chooseRadio, failOnPageErrors, member, poll, screenshotBoth, signIn, text, waitForPath } from './journeys';

const DAY = 86_400_000;
const clock = { offsetMs: 0 };
const now = () => new Date(Date.now() + clock.offsetMs);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ now });
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

const OWNER = member('Olivia Owner');
const pence = (pounds: string) => Math.round(Number(pounds.replace(/[£,]/g, '')) * 100);

async function subscription() {
  const { rows } = await h.t.pool.query<{ id: string; status: string; trial_end: Date | null }>(
    `SELECT s.id, s.status, s.trial_end FROM test_mode_subscriptions s
       JOIN companies c ON c.stripe_customer_id = s.customer_id WHERE c.name = $1 AND s.status <> 'canceled'`,
    [DEMO_COMPANY],
  );
  return rows;
}
async function invoices(subscriptionId: string) {
  const { rows } = await h.t.pool.query<{ amount_due: number; description: string; created_at: Date }>(
    'SELECT amount_due, description, created_at FROM test_mode_invoices WHERE subscription_id = $1 ORDER BY created_at',
    [subscriptionId],
  );
  return rows;
}

describe('a trial company paying on day 10', () => {
  it('is charged nothing until its trial ends, then the full first invoice it was shown', async () => {
    // Day 10 of the trial: 50 days left, no subscription yet, Company Finder off.
    const trialEnd = new Date(now().getTime() + 50 * DAY);
    await h.t.pool.query(
      `UPDATE companies SET subscription_status = 'trialing', subscription_active = true, account_locked = false,
         stripe_subscription_id = NULL, company_finder_enabled = false, trial_ends_at = $2 WHERE name = $1`,
      [DEMO_COMPANY, trialEnd],
    );
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/checkout');
    await chooseRadio(page, /Monthly/);
    await page.getByRole('checkbox', { name: /Company Finder/ }).check();
    const promise = page.getByText(/Your free trial continues: nothing is charged today\./);
    await promise.waitFor();
    const [, shown = '', firstChargeOn = ''] =
      (await text(promise)).match(/Your first charge of (£[\d,.]+) is on (.+), when your trial ends\./) ?? [];
    expect(firstChargeOn).toBe(
      trialEnd.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/London',
      }),
    );
    // The order summary's total is the same figure.
    const total = page.locator('dt', { hasText: /^Total per month$/ }).locator('xpath=following-sibling::dd');
    expect(await text(total)).toBe(shown);
    await screenshotBoth(h, page, 'trial-day-10-checkout');

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/test-checkout\/tm_cs_/);
    await page.getByRole('button', { name: `Pay ${shown}` }).click();
    await waitForPath(page, '/admin');

    // Subscribed: trialing to the trial's own end, nothing charged.
    await poll(async () => (await subscription()).map((s) => s.status)).toEqual(['trialing']);
    const [sub] = await subscription();
    expect(sub?.trial_end?.getTime()).toBe(trialEnd.getTime());
    expect(await invoices(sub!.id)).toEqual([]);
    await page.goto('/admin/account');
    const account = page.getByText(
      /^Your free trial continues until .+: the first charge of £[\d,.]+ is taken then\.$/,
    );
    await account.waitFor();
    expect(await text(account)).toContain(`the first charge of ${shown} is taken then.`);
    await screenshotBoth(h, page, 'trial-day-10-account');
    // The welcome e-mail names the same figure and the day.
    const { rows: welcome } = await h.t.pool.query<{ text_body: string }>(
      // One e-mail per admin, the same text for each.
      `SELECT DISTINCT o.text_body FROM email_outbox o JOIN companies c ON c.id = o.company_id
        WHERE c.name = $1 AND o.template = 'welcome'`,
      [DEMO_COMPANY],
    );
    expect(welcome.map((w) => w.text_body)).toEqual([expect.stringContaining(`(${shown} incl. VAT)`)]);
    expect(welcome[0]?.text_body).toContain(`your first charge is on ${firstChargeOn}`);

    // 50 days pass; the trial ends and the worker's period-end job takes the first charge: the figure shown.
    clock.offsetMs = 50 * DAY + 3_600_000;
    const worker = new TestModePayments(h.t.db, h.baseUrl, now);
    expect(await endTestModePeriods(h.t.db, worker, now(), h.baseUrl)).toBe(1);
    expect(await endTestModePeriods(h.t.db, worker, now(), h.baseUrl)).toBe(0);
    const charged = await invoices(sub!.id);
    expect(charged.map((i) => [i.amount_due, i.description])).toEqual([[pence(shown), 'First period']]);
    expect(charged[0]?.created_at.getTime()).toBe(trialEnd.getTime());
    expect((await subscription()).map((s) => s.status)).toEqual(['active']);

    // Signed in again (the session ran out with the days): the plan is the monthly one, at the same price.
    const later = await h.newPage();
    await signIn(later, OWNER.email, 'Admin');
    await later.goto('/admin/account');
    await later.getByText(/^Monthly plan · /).waitFor();
    expect(await text(later.getByText(/^Monthly plan · /))).toContain(`(${shown} incl. VAT)`);
  });
});
