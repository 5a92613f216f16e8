/**
 * What the test-mode billing journeys share (billing-switch.e2e.ts, plan-change.e2e.ts): the demo company's
 * subscriptions on the provider's side, and its owner paying a plan through the built-in checkout page.
 */
import type { Page } from 'playwright-core';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import type { Harness } from './harness';
import { chooseRadio, member, signIn, waitForPath } from './journeys';

export const OWNER = member('Olivia Owner');

export interface ProviderSubscription {
  id: string;
  status: string;
  billing: string;
  /** The billing period it switches to at renewal, if one was asked for. */
  switch: string | null;
  trial_end: Date | null;
}

/** The demo company's test-mode subscriptions, oldest first. */
export async function providerSide(h: Harness): Promise<ProviderSubscription[]> {
  const { rows } = await h.t.pool.query<ProviderSubscription>(
    `SELECT s.id, s.status, s.billing, s.switch_to_billing AS switch, s.trial_end FROM test_mode_subscriptions s
       JOIN companies c ON c.stripe_customer_id = s.customer_id WHERE c.name = $1 ORDER BY s.created_at`,
    [DEMO_COMPANY],
  );
  return rows;
}

/** On /checkout, Proceed to Payment and pay on the built-in checkout page, back on /admin. */
export async function payAtCheckout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/test-checkout\/tm_cs_/);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await waitForPath(page, '/admin');
}

/**
 * The demo company past its trial (so the plan is charged at once), its owner signed in on a new page paying the
 * billing period named `period` at checkout.
 */
export async function ownerPaysAfterTrial(h: Harness, period: RegExp): Promise<Page> {
  await h.t.pool.query(`UPDATE companies SET trial_ends_at = now() - interval '1 minute' WHERE name = $1`, [
    DEMO_COMPANY,
  ]);
  const page = await h.newPage();
  await signIn(page, OWNER.email, 'Admin');
  await page.goto('/checkout');
  await chooseRadio(page, period);
  await payAtCheckout(page);
  return page;
}
