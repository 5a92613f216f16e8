import { BILLING_MESSAGES } from '@pippitch/shared/billing-messages';
import { planPrice } from '@pippitch/shared/plan-price';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestModePayments } from '../../core/src/providers/payments/test-mode/provider';
import { endTestModePeriods } from '../../core/src/services/billing/test-mode-periods';
import { ownerOfNewCompany, startTestApp, type TestApp } from './helpers';

// Issue 20 §3–4 on the test-mode provider (the embedded default), through tRPC: add-ons are free to try during
// the trial; paying during the trial keeps its remaining days (the first charge on the trial's end); on a paid
// plan an add-on is charged only once its amount is confirmed, and the charge is that amount.

let h: TestApp;
let provider: TestModePayments;
const DAY = 86_400_000;
const START = new Date('2026-03-02T09:00:00Z');

beforeAll(async () => {
  h = await startTestApp();
  provider = new TestModePayments(h.t.db, h.config.publicUrl, () => h.clock.now);
});
afterAll(async () => {
  await h?.close();
});

const company = (id: string) =>
  h.t.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const checkoutIdOf = (url: string) => new URL(url).pathname.split('/').pop() as string;
async function keepSignedIn() {
  await h.t.db
    .updateTable('sessions')
    .set({ expires_at: new Date(h.clock.now.getTime() + 7 * DAY) })
    .execute();
}

describe('the fair trial', () => {
  it('add-ons are free during the trial; paying on day 10 keeps the trial end and charges on it', async () => {
    h.clock.now = START;
    const { c, companyId } = await ownerOfNewCompany(h, 'Fair Trial FX');
    const trialEnd = (await company(companyId)).trial_ends_at as Date;

    // Day 3: the trial tries Company Finder, free, at once; and turns Client Data off and on again.
    h.clock.now = new Date(START.getTime() + 3 * DAY);
    await keepSignedIn();
    await expect(c.api.billing.setAddon.mutate({ addon: 'companyFinder', enabled: true })).resolves.toEqual({
      status: 'done',
    });
    expect((await company(companyId)).company_finder_enabled).toBe(true);
    expect((await c.api.auth.session.query())?.company.companyFinderEnabled).toBe(true);

    // Day 10: pays for a monthly plan with the add-on kept.
    h.clock.now = new Date(START.getTime() + 10 * DAY);
    await keepSignedIn();
    const choice = {
      adminSeats: 1,
      brokerSeats: 5,
      billing: 'monthly' as const,
      addons: { companyFinder: true, clientData: false },
    };
    const { url } = await c.api.billing.startCheckout.mutate(choice);
    await c.api.billing.testCheckout.pay.mutate({ id: checkoutIdOf(url) });
    const paid = await company(companyId);
    expect(paid).toMatchObject({ subscription_status: 'active', company_finder_enabled: true, account_locked: false });
    // The first period starts when the trial ends: nothing charged yet.
    expect(paid.current_period_end?.getTime()).toBe(trialEnd.getTime());
    const subId = paid.stripe_subscription_id as string;
    expect(await provider.readSubscription(subId)).toMatchObject({ status: 'trialing', trialEnd });
    expect(await provider.invoices(subId)).toEqual([]);

    // Still in the trial: another add-on costs nothing now, and the page says when the first charge falls.
    const asked = await c.api.billing.setAddon.mutate({ addon: 'clientData', enabled: true });
    if (asked.status !== 'confirm') throw new Error('expected the amount first');
    expect(asked.charge.dueNowPence).toBe(0);
    expect(asked.charge.sentence).toMatch(/^Nothing is charged now\. Your first charge of £[\d,.]+ per month/);
    expect(asked.charge.firstChargeOn).toBe(trialEnd.toISOString());
    const { prorationDate, dueNowPence } = asked.charge;
    await c.api.billing.setAddon.mutate({
      addon: 'clientData',
      enabled: true,
      confirmation: { prorationDate, dueNowPence },
    });
    expect(await provider.invoices(subId)).toEqual([
      { amount_due: 0, description: 'Prorated change', created_at: h.clock.now },
    ]);

    // The trial ends: the first charge is the plan's price, as every page shows it.
    h.clock.now = new Date(trialEnd.getTime() + 60_000);
    await endTestModePeriods(h.t.db, provider, h.clock.now, 'http://app.test');
    const charges = await provider.invoices(subId);
    const price = planPrice({ ...choice, addons: { companyFinder: true, clientData: true } });
    expect(charges.at(-1)).toMatchObject({ description: 'First period', created_at: trialEnd });
    expect(charges.at(-1)?.amount_due).toBe(Math.round(Number(price.inclVat) * 100));
    expect(await provider.readSubscription(subId)).toMatchObject({ status: 'active', trialEnd: null });
  });

  it('on a paid plan an add-on is charged only once its amount is confirmed, and that amount', async () => {
    h.clock.now = START;
    const { c, companyId } = await ownerOfNewCompany(h, 'Addon Paid FX');
    // Past the trial: the plan is charged at once.
    h.clock.now = new Date(START.getTime() + 61 * DAY);
    await keepSignedIn();
    const choice = {
      adminSeats: 1,
      brokerSeats: 5,
      billing: 'annual' as const,
      addons: { companyFinder: false, clientData: false },
    };
    const { url } = await c.api.billing.startCheckout.mutate(choice);
    await c.api.billing.testCheckout.pay.mutate({ id: checkoutIdOf(url) });
    const subId = (await company(companyId)).stripe_subscription_id as string;
    expect((await provider.invoices(subId)).map((i) => i.amount_due)).toEqual([
      Math.round(Number(planPrice(choice).inclVat) * 100),
    ]);

    // 100 days into the year.
    h.clock.now = new Date(h.clock.now.getTime() + 100 * DAY);
    await keepSignedIn();
    const asked = await c.api.billing.setAddon.mutate({ addon: 'clientData', enabled: true });
    if (asked.status !== 'confirm') throw new Error('expected the amount first');
    // 6 seats × £36 a year + VAT = £259.20 for a year; about 265/365 of it is left.
    expect(asked.charge.dueNowPence).toBe(Math.round(25_920 * ((365 - 100) / 365)));
    expect(asked.charge.sentence).toBe(
      `You will be charged £${(asked.charge.dueNowPence / 100).toFixed(2)} now (prorated), then £${planPrice({ ...choice, addons: { companyFinder: false, clientData: true } }).inclVat.replace(/\B(?=(\d{3})+(?!\d))/g, ',')} per year (VAT included).`,
    );
    expect((await company(companyId)).client_data_enabled).toBe(false);
    expect(await provider.invoices(subId)).toHaveLength(1);

    // A wrong amount is refused and nothing is charged; the amount shown is charged.
    const { prorationDate, dueNowPence } = asked.charge;
    await expect(
      c.api.billing.setAddon.mutate({
        addon: 'clientData',
        enabled: true,
        confirmation: { prorationDate, dueNowPence: dueNowPence + 5 },
      }),
    ).rejects.toThrow(BILLING_MESSAGES.amountChanged);
    await c.api.billing.setAddon.mutate({
      addon: 'clientData',
      enabled: true,
      confirmation: { prorationDate, dueNowPence },
    });
    expect((await provider.invoices(subId)).map((i) => i.amount_due)).toEqual([expect.any(Number), dueNowPence]);
    expect((await company(companyId)).client_data_enabled).toBe(true);

    // Off again: at once, nothing charged or refunded.
    await expect(c.api.billing.setAddon.mutate({ addon: 'clientData', enabled: false })).resolves.toEqual({
      status: 'done',
    });
    expect((await company(companyId)).client_data_enabled).toBe(false);
    expect(await provider.invoices(subId)).toHaveLength(2);
  });
});
