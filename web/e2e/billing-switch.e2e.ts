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
import { chooseRadio, failOnPageErrors, poll, screenshotBoth, text } from './journeys';
import { ownerPaysAfterTrial, providerSide } from './test-mode-billing';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

async function invoiceCount(subscriptionId: string) {
  const { rows } = await h.t.pool.query('SELECT 1 FROM test_mode_invoices WHERE subscription_id = $1', [
    subscriptionId,
  ]);
  return rows.length;
}

describe('annual → monthly mid-year', () => {
  it('waits for the end of the paid year, is shown on the account page, and can be cancelled until then', async () => {
    // The trial is over: the year is charged at once.
    const page = await ownerPaysAfterTrial(h, /Annual/);
    await poll(async () => (await providerSide(h)).map((s) => `${s.status} ${s.billing}`)).toEqual(['active annual']);
    const [sub] = await providerSide(h);
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
    expect((await providerSide(h)).map((s) => `${s.status} ${s.billing} → ${s.switch}`)).toEqual([
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
    expect((await providerSide(h)).map((s) => `${s.status} ${s.billing} → ${s.switch}`)).toEqual([
      'active annual → null',
    ]);
    expect(await invoiceCount(sub!.id)).toBe(1);
  });
});
