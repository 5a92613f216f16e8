/**
 * Issue 20 §1 and §4 in real Chromium, test mode: an active monthly company opens /checkout and switches to
 * annual — its one subscription is changed, the prorated amount is shown before anything is charged and is what
 * is charged — and a trial company paying keeps its trial's end. The database is read to compare what was shown
 * with the provider's side, and written only to end the trial.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import { type Harness, MOBILE, startHarness } from './harness';
import { chooseRadio, failOnPageErrors, poll, screenshotBoth, signIn, text, waitForPath } from './journeys';
import { OWNER, ownerPaysAfterTrial, payAtCheckout, providerSide } from './test-mode-billing';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

async function invoices(subscriptionId: string) {
  const { rows } = await h.t.pool.query<{ amount_due: number; description: string }>(
    'SELECT amount_due, description FROM test_mode_invoices WHERE subscription_id = $1 ORDER BY created_at, id',
    [subscriptionId],
  );
  return rows;
}
async function seats() {
  const { rows } = await h.t.pool.query<{ junior_seats: number }>(
    'SELECT junior_seats FROM companies WHERE name = $1',
    [DEMO_COMPANY],
  );
  return rows[0]!;
}
const pence = (sentence: string, before: RegExp) => {
  const found = sentence.match(before)?.[1] ?? '';
  return Math.round(Number(found.replace(/[£,]/g, '')) * 100);
};

describe('a paying company opening /checkout', () => {
  it('switches monthly → annual on its one subscription, shown the prorated amount, charged that amount', async () => {
    // The trial is over (so the monthly plan is charged at once).
    const page = await ownerPaysAfterTrial(h, /Monthly/);
    await poll(async () => (await providerSide(h)).map((s) => `${s.status} ${s.billing}`)).toEqual(['active monthly']);

    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Change your plan' }).waitFor();
    expect(await page.getByRole('button', { name: 'Proceed to Payment' }).count()).toBe(0);
    await chooseRadio(page, /Annual/);
    await page.getByRole('button', { name: 'Review change' }).click();
    const sentence = page.getByTestId('charge-sentence');
    await sentence.waitFor();
    const shown = (await sentence.textContent()) ?? '';
    expect(shown).toMatch(
      /^You will be charged £[\d,]+\.\d\d now \(prorated\), then £[\d,]+\.\d\d per year \(VAT included\)\.$/,
    );
    await screenshotBoth(h, page, 'checkout-plan-change');

    // Cancel charges nothing; Review again and Confirm charges the amount shown.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const [sub] = await providerSide(h);
    expect(await invoices(sub!.id)).toHaveLength(1);
    await page.getByRole('button', { name: 'Review change' }).click();
    await sentence.waitFor();
    const confirmed = (await sentence.textContent()) ?? '';
    await page.getByRole('button', { name: 'Confirm and pay' }).click();
    await page.getByText('Your plan has been changed.').waitFor();

    const after = await providerSide(h);
    expect(after.map((s) => `${s.id} ${s.status} ${s.billing}`)).toEqual([`${sub!.id} active annual`]);
    const charged = await invoices(sub!.id);
    expect(charged).toHaveLength(2);
    // Exactly the amount shown before Confirm; less than a year's price (the unused month is credited).
    expect(charged[1]!.amount_due).toBe(pence(confirmed, /charged (£[\d,.]+) now/));
    expect(pence(confirmed, /then (£[\d,.]+) per year/)).toBeGreaterThan(charged[1]!.amount_due);

    // +1 broker seat on the paid plan: the amount first; Cancel charges nothing; Confirm charges what was shown.
    await page.goto('/admin/seats');
    await page.getByRole('heading', { name: 'Annual Billing' }).waitFor();
    await page.getByRole('button', { name: 'More broker seats' }).click();
    await page.getByRole('button', { name: 'Save Seats' }).click();
    await sentence.waitFor();
    expect(await sentence.textContent()).toMatch(
      /^You will be charged £[\d,]+\.\d\d now \(prorated\), then £[\d,]+\.\d\d per year/,
    );
    await screenshotBoth(h, page, 'seats-confirm-charge');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await invoices(sub!.id)).toHaveLength(2);
    expect((await seats()).junior_seats).toBe(5);
    await page.getByRole('button', { name: 'Save Seats' }).click();
    await sentence.waitFor();
    const seatCharge = (await sentence.textContent()) ?? '';
    await page.getByRole('button', { name: 'Confirm and pay' }).click();
    await waitForPath(page, '/admin');
    const afterSeat = await invoices(sub!.id);
    expect(afterSeat).toHaveLength(3);
    expect(afterSeat[2]!.amount_due).toBe(pence(seatCharge, /charged (£[\d,.]+) now/));
    expect((await seats()).junior_seats).toBe(6);
  });

  it('a trial company paying keeps its trial: no charge now, the first one on the trial end', async () => {
    const page = await h.newPage(MOBILE);
    await h.t.pool.query(
      `UPDATE companies SET subscription_status = 'trialing', subscription_active = true, account_locked = false,
         stripe_subscription_id = NULL, trial_ends_at = now() + interval '50 days' WHERE name = $1`,
      [DEMO_COMPANY],
    );
    await h.t.pool.query(
      `UPDATE test_mode_subscriptions SET status = 'canceled', canceled_at = now() WHERE status <> 'canceled'`,
    );
    await h.t.pool.query('UPDATE companies SET company_finder_enabled = false WHERE name = $1', [DEMO_COMPANY]);
    await signIn(page, OWNER.email, 'Admin');
    // The trial tries an add-on: free, at once.
    await page.goto('/admin/account');
    const finder = page.getByRole('listitem').filter({ hasText: 'Company Finder' });
    await finder.getByText(/after the trial; free until then/).waitFor();
    // The billing card prices the add-ons: one more once enabled, without a reload (issue 31 §6).
    const addonLine = page.getByText(/^Add-ons \(\d × /);
    const addonsShown = async () => ((await addonLine.count()) ? Number((await text(addonLine)).charAt(9)) : 0);
    await page
      .getByRole('heading', { name: 'Monthly Billing' })
      .or(page.getByRole('heading', { name: 'Annual Billing' }))
      .waitFor();
    const before = await addonsShown();
    await finder.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Company Finder is now enabled for your team. It is free until your trial ends.').waitFor();
    await poll(addonsShown).toBe(before + 1);
    // The seats card in the trial says what a paid-early trial's confirmation says: nothing is charged now.
    await page.getByText(/^You are on the free trial: nothing is charged now for a seat change\./).waitFor();
    await screenshotBoth(h, page, 'account-trial-addons');
    await page.goto('/checkout');
    await page.getByText(/Your free trial continues: nothing is charged today/).waitFor();
    expect(await page.getByRole('checkbox', { name: /Company Finder/ }).isChecked()).toBe(true);
    await payAtCheckout(page);
    await poll(async () => (await providerSide(h)).filter((s) => s.status !== 'canceled').map((s) => s.status)).toEqual(
      ['trialing'],
    );
    const live = (await providerSide(h)).find((s) => s.status === 'trialing')!;
    const { rows } = await h.t.pool.query<{ trial_ends_at: Date }>(
      'SELECT trial_ends_at FROM companies WHERE name = $1',
      [DEMO_COMPANY],
    );
    expect(live.trial_end?.getTime()).toBe(rows[0]!.trial_ends_at.getTime());
    expect(await invoices(live.id)).toEqual([]);
    await page.goto('/admin/account');
    await page
      .getByText(/^Your free trial continues until \d{1,2} \w+ \d{4}: the first charge of £[\d,.]+ is taken then\.$/)
      .waitFor();
  });

  it('cancelling a trial locks at once and e-mails the admins until when the data is kept', async () => {
    await h.t.pool.query(
      `UPDATE companies SET subscription_status = 'trialing', subscription_active = true, account_locked = false,
         stripe_subscription_id = NULL, trial_ends_at = now() + interval '20 days' WHERE name = $1`,
      [DEMO_COMPANY],
    );
    await h.t.pool.query(`UPDATE test_mode_subscriptions SET status = 'canceled', canceled_at = now()`);
    const page = await h.newPage();
    await signIn(page, OWNER.email, 'Admin');
    await page.goto('/admin/account');
    await page.getByRole('button', { name: 'Cancel Trial' }).click();
    await chooseRadio(page, 'Not using the product');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page.getByRole('heading', { name: 'Account Locked' }).waitFor();
    const { rows } = await h.t.pool.query<{ text_body: string }>(
      `SELECT DISTINCT o.text_body FROM email_outbox o JOIN companies c ON c.id = o.company_id
        WHERE c.name = $1 AND o.template = 'trial_cancelled'`,
      [DEMO_COMPANY],
    );
    expect(rows.map((r) => r.text_body)).toEqual([
      expect.stringMatching(/Nothing was charged\.[\s\S]*Your data is kept until \d{1,2} \w+ \d{4}, then deleted/),
    ]);
  });
});
