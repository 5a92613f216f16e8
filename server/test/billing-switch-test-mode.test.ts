import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestModePayments } from '../../core/src/providers/payments/test-mode/provider';
import { endTestModePeriods } from '../../core/src/services/billing/test-mode-periods';
import { ADDONS, companyRow, pence, setClock } from './billing-switch-helpers';
import { ownerOfNewCompany, startTestApp, type TestApp } from './helpers';

// Issue 20: annual → monthly mid-year in test mode: the switch waits on the subscription row and the period-end
// job makes it, once, at the monthly price, however many workers run it (billing-switch.test.ts has Stripe's).

describe('annual → monthly in test mode (the period-end job)', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('switches at the renewal once, however many workers run the period end', async () => {
    await setClock(h, '2026-07-12T10:00:00Z');
    const owner = await ownerOfNewCompany(h, 'Test Mode Switch FX');
    // Paid the day the trial runs out: the year starts and is charged at once.
    await setClock(h, '2026-09-10T10:00:00Z');
    const annual = { adminSeats: 1, brokerSeats: 3, billing: 'annual' as const, addons: ADDONS };
    const { url } = await owner.c.api.billing.startCheckout.mutate(annual);
    await owner.c.api.billing.testCheckout.pay.mutate({ id: new URL(url).pathname.split('/').pop() as string });
    const subId = (await companyRow(h, owner.companyId)).stripe_subscription_id as string;
    const charges = () =>
      h.t.db
        .selectFrom('test_mode_invoices')
        .select(['amount_due', 'description'])
        .where('subscription_id', '=', subId)
        .orderBy('created_at')
        .execute();

    await setClock(h, '2026-12-01T10:00:00Z');
    const monthly = { ...annual, billing: 'monthly' as const };
    const q = await owner.c.api.billing.planChange.preview.mutate(monthly);
    expect(q).toMatchObject({ dueNowPence: 0, effectiveOn: '2027-09-10T10:00:00.000Z' });
    await owner.c.api.billing.planChange.confirm.mutate({
      ...monthly,
      confirmation: { prorationDate: q.prorationDate, dueNowPence: q.dueNowPence },
    });
    expect((await owner.c.api.billing.account.query()).billingSwitch).toEqual({
      billing: 'monthly',
      on: '2027-09-10T10:00:00.000Z',
    });
    expect(await charges()).toEqual([{ amount_due: pence(annual), description: 'First period' }]);

    // The year ends; two workers run the period-end job at the same moment: one renewal, at the monthly price.
    await setClock(h, '2027-09-10T10:05:00Z');
    const worker = () => new TestModePayments(h.t.db, h.config.publicUrl, () => h.clock.now);
    const ran = await Promise.all([
      endTestModePeriods(h.t.db, worker(), h.clock.now, h.config.publicUrl),
      endTestModePeriods(h.t.db, worker(), h.clock.now, h.config.publicUrl),
    ]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await endTestModePeriods(h.t.db, worker(), h.clock.now, h.config.publicUrl)).toBe(0);
    expect(await charges()).toEqual([
      { amount_due: pence(annual), description: 'First period' },
      { amount_due: pence(monthly), description: 'Renewal' },
    ]);
    expect(await companyRow(h, owner.companyId)).toMatchObject({
      subscription_type: 'monthly',
      billing_switch_to: null,
      current_period_end: new Date('2027-10-10T10:00:00Z'),
    });

    // The next month renews monthly, at the same price.
    await setClock(h, '2027-10-10T10:05:00Z');
    expect(await endTestModePeriods(h.t.db, worker(), h.clock.now, h.config.publicUrl)).toBe(1);
    expect((await charges()).map((c) => c.amount_due)).toEqual([pence(annual), pence(monthly), pence(monthly)]);
  });

  it('a switch cancelled before the year ends renews annually', async () => {
    await setClock(h, '2026-07-12T10:00:00Z');
    const owner = await ownerOfNewCompany(h, 'Stay Annual FX');
    await setClock(h, '2026-09-10T10:00:00Z');
    const annual = { adminSeats: 1, brokerSeats: 1, billing: 'annual' as const, addons: ADDONS };
    const { url } = await owner.c.api.billing.startCheckout.mutate(annual);
    await owner.c.api.billing.testCheckout.pay.mutate({ id: new URL(url).pathname.split('/').pop() as string });
    const monthly = { ...annual, billing: 'monthly' as const };
    const q = await owner.c.api.billing.planChange.preview.mutate(monthly);
    await owner.c.api.billing.planChange.confirm.mutate({
      ...monthly,
      confirmation: { prorationDate: q.prorationDate, dueNowPence: q.dueNowPence },
    });
    await expect(owner.c.api.billing.cancelBillingSwitch.mutate()).resolves.toEqual({
      renewsOn: '2027-09-10T10:00:00.000Z',
    });
    await setClock(h, '2027-09-10T10:05:00Z');
    const worker = new TestModePayments(h.t.db, h.config.publicUrl, () => h.clock.now);
    expect(await endTestModePeriods(h.t.db, worker, h.clock.now, h.config.publicUrl)).toBe(1);
    expect(await companyRow(h, owner.companyId)).toMatchObject({
      subscription_type: 'annual',
      current_period_end: new Date('2028-09-10T10:00:00Z'),
    });
  });

  it('during the trial the period changes at once: nothing charged, the first charge at its end at the new price', async () => {
    await setClock(h, '2026-07-12T10:00:00Z');
    const owner = await ownerOfNewCompany(h, 'Trial Switch FX');
    // Day 10 of the trial (it ends on 10 September): paying keeps the trial, nothing charged yet.
    await setClock(h, '2026-07-22T10:00:00Z');
    const annual = { adminSeats: 1, brokerSeats: 2, billing: 'annual' as const, addons: ADDONS };
    const { url } = await owner.c.api.billing.startCheckout.mutate(annual);
    await owner.c.api.billing.testCheckout.pay.mutate({ id: new URL(url).pathname.split('/').pop() as string });
    const subId = (await companyRow(h, owner.companyId)).stripe_subscription_id as string;
    const monthly = { ...annual, billing: 'monthly' as const };
    const q = await owner.c.api.billing.planChange.preview.mutate(monthly);
    expect(q).toMatchObject({ dueNowPence: 0, firstChargeOn: '2026-09-10T10:00:00.000Z' });
    await owner.c.api.billing.planChange.confirm.mutate({
      ...monthly,
      confirmation: { prorationDate: q.prorationDate, dueNowPence: q.dueNowPence },
    });
    expect(await companyRow(h, owner.companyId)).toMatchObject({
      subscription_type: 'monthly',
      billing_switch_to: null,
      current_period_end: new Date('2026-09-10T10:00:00Z'),
    });
    const charges = async () =>
      (
        await h.t.db
          .selectFrom('test_mode_invoices')
          .select(['amount_due', 'description'])
          .where('subscription_id', '=', subId)
          .where('amount_due', '>', 0)
          .execute()
      ).map((c) => [c.amount_due, c.description]);
    expect(await charges()).toEqual([]);
    await setClock(h, '2026-09-10T10:05:00Z');
    const worker = new TestModePayments(h.t.db, h.config.publicUrl, () => h.clock.now);
    expect(await endTestModePeriods(h.t.db, worker, h.clock.now, h.config.publicUrl)).toBe(1);
    expect(await charges()).toEqual([[pence(monthly), 'First period']]);
    expect((await companyRow(h, owner.companyId)).current_period_end).toEqual(new Date('2026-10-10T10:00:00Z'));
  });

  it('a seat added after asking for monthly: the confirmation says the price per month from the switch (issue 31 §6)', async () => {
    await setClock(h, '2026-07-12T10:00:00Z');
    const owner = await ownerOfNewCompany(h, 'Switch Then Seats FX');
    await setClock(h, '2026-09-10T10:00:00Z');
    const annual = { adminSeats: 1, brokerSeats: 3, billing: 'annual' as const, addons: ADDONS };
    const { url } = await owner.c.api.billing.startCheckout.mutate(annual);
    await owner.c.api.billing.testCheckout.pay.mutate({ id: new URL(url).pathname.split('/').pop() as string });
    await setClock(h, '2026-12-01T10:00:00Z');
    const monthly = { ...annual, billing: 'monthly' as const };
    const q = await owner.c.api.billing.planChange.preview.mutate(monthly);
    await owner.c.api.billing.planChange.confirm.mutate({
      ...monthly,
      confirmation: { prorationDate: q.prorationDate, dueNowPence: q.dueNowPence },
    });

    // One more broker: charged now for the rest of the paid year, then the monthly price of five seats.
    const seats = { adminSeats: 1, brokerSeats: 4 };
    const asked = await owner.c.api.seats.saveFromAccount.mutate(seats);
    if (asked.kind !== 'confirm') throw new Error(`expected a confirmation, got ${asked.kind}`);
    const perMonth = (pence({ ...seats, billing: 'monthly' }) / 100).toLocaleString('en-GB', {
      minimumFractionDigits: 2,
    });
    expect(asked.charge.sentence).toMatch(
      new RegExp(
        `^You will be charged £[\\d,]+\\.\\d\\d now \\(prorated\\) for the rest of the period you have paid for, then £${perMonth.replace('.', '\\.')} per month \\(VAT included\\) from 10 September 2027, when your plan switches to monthly billing\\.$`,
      ),
    );
    await owner.c.api.seats.saveFromAccount.mutate({
      ...seats,
      confirmation: { prorationDate: asked.charge.prorationDate, dueNowPence: asked.charge.dueNowPence },
    });
    // The switch stays asked for: the sentence's 'per month from 10 September 2027' holds.
    expect((await owner.c.api.billing.account.query()).billingSwitch).toEqual({
      billing: 'monthly',
      on: '2027-09-10T10:00:00.000Z',
    });
    expect(await companyRow(h, owner.companyId)).toMatchObject({ junior_seats: 4, subscription_type: 'annual' });
  });
});
