/**
 * Issue 20 in real Chromium, test mode: an annual company asks for monthly billing mid-year. Nothing is charged;
 * /checkout says when the switch happens and the price from then, the account page shows 'Switches to monthly
 * billing on … · Cancel this change', and cancelling keeps the plan annual. (The renewal itself, exactly once, is
 * tested on the server: billing-switch*.test.ts.)
 */
import { longDate } from '@pippitch/shared/billing-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import { type Harness, startHarness } from './harness';
import { chooseRadio, failOnPageErrors, member, poll, screenshotBoth, signIn, text, waitForPath } from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

const OWNER = member('Olivia Owner');

async function providerSide() {
  const { rows } = await h.t.pool.query<{ id: string; status: string; billing: string; switch: string | null }>(
    `SELECT s.id, s.status, s.billing, s.switch_to_billing AS switch FROM test_mode_subscriptions s
       JOIN companies c ON c.stripe_customer_id = s.customer_id WHERE c.name = $1 ORDER BY s.created_at`,
    [DEMO_COMPANY],
  );
  return rows;
}
async function invoiceCount(subscriptionId: string) {
  const { rows } = await h.t.pool.query('SELECT 1 FROM test_mode_invoices WHERE subscription_id = $1', [
    subscriptionId,
  ]);
  return rows.length;
}

describe('annual → monthly mid-year', () => {
  it('waits for the end of the paid year, is shown on the account page, and can be cancelled until then', async () => {
    // The trial is over: the year is charged at once.
    await h.t.pool.query(`UPDATE companies SET trial_ends_at = now() - interval '1 minute' WHERE name = $1`, [
      DEMO_COMPANY,
    ]);
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/checkout');
    await chooseRadio(page, /Annual/);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/test-checkout\/tm_cs_/);
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await waitForPath(page, '/admin');
    await poll(async () => (await providerSide()).map((s) => `${s.status} ${s.billing}`)).toEqual(['active annual']);
    const [sub] = await providerSide();
    const { rows } = await h.t.pool.query<{ current_period_end: Date }>(
      'SELECT current_period_end FROM companies WHERE name = $1',
      [DEMO_COMPANY],
    );
    const yearEnds = longDate(rows[0]!.current_period_end.toISOString());

    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Change your plan' }).waitFor();
    await chooseRadio(page, /Monthly/);
    await page.getByRole('button', { name: 'Review change' }).click();
    const sentence = page.getByTestId('charge-sentence');
    await sentence.waitFor();
    expect(await text(sentence)).toMatch(
      new RegExp(
        `^Nothing is charged now\\. Your annual plan runs to ${yearEnds}, the end of the year you have paid for; from then you pay £[\\d,]+\\.\\d\\d per month \\(VAT included\\)\\.$`,
      ),
    );
    await screenshotBoth(h, page, 'checkout-annual-to-monthly');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText(`Your plan has been changed. It takes effect on ${yearEnds}.`).waitFor();
    // Nothing charged: the year's invoice only; the provider holds the switch for the renewal.
    expect(await invoiceCount(sub!.id)).toBe(1);
    expect((await providerSide()).map((s) => `${s.status} ${s.billing} → ${s.switch}`)).toEqual([
      'active annual → monthly',
    ]);

    await page.goto('/admin/account');
    const line = page.getByRole('status').filter({ hasText: `Switches to monthly billing on ${yearEnds}` });
    await line.waitFor();
    expect(await text(line)).toContain('Cancel this change');
    await screenshotBoth(h, page, 'account-billing-switch');
    await line.getByRole('button', { name: 'Cancel this change' }).click();
    await page.getByText(`Your plan stays annual and renews on ${yearEnds}.`).waitFor();
    await poll(() => line.count()).toBe(0);
    expect((await providerSide()).map((s) => `${s.status} ${s.billing} → ${s.switch}`)).toEqual([
      'active annual → null',
    ]);
    expect(await invoiceCount(sub!.id)).toBe(1);
  });
});
