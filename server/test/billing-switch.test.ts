import { BILLING_MESSAGES, switchSentence } from '@pippitch/shared/billing-messages';
import { describe, expect, it } from 'vitest';
import { stripeTestApp } from './billing-stripe-app';
import { ADDONS, companyRow, type Obj, pence, sent, setClock } from './billing-switch-helpers';

// Issue 20: annual → monthly mid-year is scheduled for the end of the paid year (nothing refunded or charged now),
// shown and cancellable until then, and made at the renewal exactly once — here with the real Stripe SDK against
// the local Stripe server (a subscription schedule); billing-switch-test-mode.test.ts has test mode's.

const app = stripeTestApp();
const { deliver } = app;

describe('annual → monthly with Stripe (a subscription schedule)', () => {
  const invoicesOf = (subId: string) =>
    [...app.stripe.invoices.values()].filter(
      (i) => ((i.parent as Obj).subscription_details as Obj).subscription === subId,
    );
  const scheduleOf = (subId: string) => {
    const id = app.stripe.subscriptions.get(subId)?.schedule as string | null;
    return id ? (app.stripe.schedules.get(id) as Obj) : null;
  };
  const intervalOf = (priceId: string) => (app.stripe.prices.get(priceId)?.recurring as Obj | undefined)?.interval;
  const unix = (iso: string) => Date.parse(iso) / 1000;

  it('is scheduled for the end of the paid year, shown, cancellable, and made at the renewal exactly once', async () => {
    await setClock(app.h, '2026-01-05T09:00:00Z');
    const annual = { adminSeats: 1, brokerSeats: 4, billing: 'annual' as const, addons: ADDONS };
    // Past its trial, so the year is charged at once (a trial's period changes at once: nothing is paid yet).
    const owner = await app.payingCompany('Yearly Switch FX', annual);
    const { c } = owner;
    const { stripe_subscription_id: subId, stripe_customer_id: customer } = await companyRow(app.h, owner.companyId);
    if (!subId) throw new Error('no subscription');
    const yearEnds = '2027-01-05T09:00:00.000Z';
    expect(invoicesOf(subId).map((i) => i.amount_paid)).toEqual([pence({ ...annual })]);

    // Two months in, the customer asks for monthly billing: nothing now, the year runs out, then the monthly price.
    await setClock(app.h, '2026-03-05T09:00:00Z');
    const monthly = { ...annual, billing: 'monthly' as const };
    const shown = await c.api.billing.planChange.preview.mutate(monthly);
    expect(shown).toMatchObject({ charge: 'next_period', dueNowPence: 0, effectiveOn: yearEnds });
    expect(shown.recurringPence).toBe(pence(monthly));
    expect(shown.sentence).toBe(
      switchSentence({ onIso: yearEnds, recurringPence: pence(monthly), billing: 'monthly' }),
    );
    expect(shown.sentence).toMatch(/^Nothing is charged now\. Your annual plan runs to 5 January 2027/);
    await expect(c.api.billing.planChange.preview.mutate({ ...monthly, brokerSeats: 6 })).rejects.toThrow(
      BILLING_MESSAGES.switchKeepsPlan,
    );
    const confirm = (q: { prorationDate: string; dueNowPence: number }, choice = monthly) =>
      c.api.billing.planChange.confirm.mutate({
        ...choice,
        confirmation: { prorationDate: q.prorationDate, dueNowPence: q.dueNowPence },
      });
    // A confirmation of another amount was for another change: refused, nothing scheduled.
    await expect(confirm({ ...shown, dueNowPence: 100 })).rejects.toThrow(BILLING_MESSAGES.amountChanged);
    expect(scheduleOf(subId)).toBeNull();
    await expect(confirm(shown)).resolves.toEqual({ status: 'done' });

    // Stripe holds it as a schedule: this year as it is, then the same seats and add-on at monthly prices.
    const schedule = scheduleOf(subId) as Obj;
    expect(schedule).toMatchObject({
      status: 'active',
      end_behavior: 'release',
      metadata: { billing_switch: 'monthly' },
    });
    const [thisYear, fromThen] = schedule.phases as { start_date: number; end_date: number; items: Obj[] }[];
    expect(thisYear?.end_date).toBe(unix(yearEnds));
    expect(fromThen?.start_date).toBe(unix(yearEnds));
    expect(fromThen?.items.map((i) => [intervalOf(i.price as string), i.quantity])).toEqual([
      ['month', 5],
      ['month', 5],
    ]);
    expect(invoicesOf(subId)).toHaveLength(1);
    expect(await companyRow(app.h, owner.companyId)).toMatchObject({
      subscription_type: 'annual',
      billing_switch_to: 'monthly',
      billing_switch_on: new Date(yearEnds),
    });
    expect((await c.api.billing.account.query()).billingSwitch).toEqual({ billing: 'monthly', on: yearEnds });
    expect(await sent(app.h, owner.companyId, 'billing_switch')).toEqual([
      expect.stringMatching(/From 5 January 2027 you pay .+ per month ex VAT/),
    ]);
    await expect(c.api.billing.planChange.preview.mutate(monthly)).rejects.toThrow(
      BILLING_MESSAGES.switchAlreadyScheduled,
    );

    // A seat added meanwhile is charged now on the annual plan and carried into the switch.
    const more = { ...annual, brokerSeats: 5 };
    const added = await c.api.billing.planChange.preview.mutate(more);
    expect(added.charge).toBe('now');
    await c.api.billing.planChange.confirm.mutate({
      ...more,
      confirmation: { prorationDate: added.prorationDate, dueNowPence: added.dueNowPence },
    });
    expect(invoicesOf(subId).map((i) => i.amount_paid)).toEqual([pence(annual), added.dueNowPence]);
    const carried = scheduleOf(subId) as Obj;
    expect((carried.phases as { items: Obj[] }[])[1]?.items.map((i) => i.quantity)).toEqual([6, 6]);
    expect((await companyRow(app.h, owner.companyId)).billing_switch_to).toBe('monthly');

    // 'Cancel this change': the schedule lets the subscription go and the plan renews annually; again, it is said.
    await expect(c.api.billing.cancelBillingSwitch.mutate()).resolves.toEqual({ renewsOn: yearEnds });
    expect(carried.status).toBe('released');
    expect(scheduleOf(subId)).toBeNull();
    expect((await c.api.billing.account.query()).billingSwitch).toBeNull();
    await expect(c.api.billing.cancelBillingSwitch.mutate()).rejects.toThrow(BILLING_MESSAGES.noSwitchToCancel);

    // Scheduled again (with the six seats), and the events of all this are held back: they arrive late below.
    const six = { ...monthly, brokerSeats: 5 };
    await confirm(await c.api.billing.planChange.preview.mutate(six), six);
    expect(await sent(app.h, owner.companyId, 'billing_switch')).toHaveLength(2);

    // The year ends: Stripe renews at the monthly price, once.
    await setClock(app.h, '2027-01-05T09:00:01Z');
    const renewal = app.stripe.advanceTo(subId, app.h.clock.now);
    expect(app.stripe.advanceTo(subId, app.h.clock.now)).toEqual([]);
    const renewals = invoicesOf(subId).filter((i) => i.billing_reason === 'subscription_cycle');
    expect(renewals.map((i) => i.amount_paid)).toEqual([pence(six)]);
    const held = app.stripe.events.filter(
      (e) => !app.delivered.has(e.id) && (e.data.object as { customer?: unknown }).customer === customer,
    );
    expect(held.length).toBeGreaterThan(renewal.length);
    // Renewal first, then the older events, each twice, two deliveries at a time (two server workers).
    const order = [...renewal, ...held.filter((e) => !renewal.includes(e))];
    const twice = [...order, ...[...order].reverse()];
    for (let i = 0; i < twice.length; i += 2) {
      const answers = await Promise.all(twice.slice(i, i + 2).map((e) => deliver(e)));
      for (const answer of answers) expect(answer.statusCode).toBe(200);
    }
    const after = await companyRow(app.h, owner.companyId);
    expect(after).toMatchObject({
      stripe_subscription_id: subId,
      subscription_status: 'active',
      subscription_type: 'monthly',
      billing_period: 'monthly',
      admin_seats: 1,
      junior_seats: 5,
      company_finder_enabled: true,
      billing_switch_to: null,
      billing_switch_on: null,
      current_period_end: new Date('2027-02-05T09:00:00Z'),
    });
    expect((await c.api.billing.account.query()).billingSwitch).toBeNull();
    // Nothing more was sent for the renewal: one welcome, two switch e-mails (one per confirmation).
    expect(await sent(app.h, owner.companyId, 'welcome')).toHaveLength(1);
    expect(await sent(app.h, owner.companyId, 'billing_switch')).toHaveLength(2);

    // A month on, the schedule's last phase ends: it completes, and the plan goes on monthly by itself.
    await setClock(app.h, '2027-02-05T09:00:01Z');
    for (const e of app.stripe.advanceTo(subId, app.h.clock.now)) expect((await deliver(e)).statusCode).toBe(200);
    expect(scheduleOf(subId)).toBeNull();
    expect(invoicesOf(subId).filter((i) => i.billing_reason === 'subscription_cycle')).toHaveLength(2);
    expect(await companyRow(app.h, owner.companyId)).toMatchObject({
      subscription_type: 'monthly',
      current_period_end: new Date('2027-03-05T09:00:00Z'),
    });
    // And as a monthly plan it can be cancelled for its period's end (no schedule stands in the way).
    await expect(c.api.billing.cancel.mutate({ reason: 'other', feedback: '' })).resolves.toMatchObject({
      accountLocked: false,
    });
  });

  it('cancelling an annual plan with a switch waiting ends both', async () => {
    await setClock(app.h, '2026-04-01T09:00:00Z');
    const annual = { adminSeats: 1, brokerSeats: 2, billing: 'annual' as const, addons: ADDONS };
    const owner = await app.payingCompany('Leaving Switch FX', annual);
    const { c } = owner;
    const monthly = { ...annual, billing: 'monthly' as const };
    const q = await c.api.billing.planChange.preview.mutate(monthly);
    await c.api.billing.planChange.confirm.mutate({
      ...monthly,
      confirmation: { prorationDate: q.prorationDate, dueNowPence: q.dueNowPence },
    });
    const subId = (await companyRow(app.h, owner.companyId)).stripe_subscription_id as string;
    const schedule = scheduleOf(subId) as Obj;
    await c.api.billing.cancel.mutate({ reason: 'too_expensive', feedback: '' });
    expect(schedule.status).toBe('canceled');
    expect(await companyRow(app.h, owner.companyId)).toMatchObject({
      account_locked: true,
      billing_switch_to: null,
      billing_switch_on: null,
    });
  });
});
