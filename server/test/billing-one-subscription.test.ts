import { BILLING_MESSAGES } from '@pippitch/shared/billing-messages';
import type { Billing } from '@pippitch/shared/pricing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionIdOf, stripeTestApp } from './billing-stripe-app';
import { ownerOfNewCompany } from './helpers';
import type { LocalStripe } from './stripe/stripe-server';

// Issue 20 §1: one live subscription per company, with the real Stripe SDK against the local Stripe server.
// A paying company's checkout is a change of its subscription, charged the amount it was shown.

const app = stripeTestApp();
const { deliver } = app;
const DAY = 86_400_000;
const NO_ADDONS = { companyFinder: false, clientData: false };

const companyRow = (id: string) =>
  app.h.t.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const LIVE = ['trialing', 'active', 'past_due'];
function liveSubscriptions(customerId: string | null) {
  return [...app.stripe.subscriptions.values()].filter(
    (s) => s.customer === customerId && LIVE.includes(s.status as string),
  );
}
function openSessions(customerId: string | null) {
  return [...app.stripe.checkoutSessions.values()].filter((s) => s.customer === customerId && s.status === 'open');
}
const latestInvoice = (subId: string) => {
  const id = app.stripe.subscriptions.get(subId)?.latest_invoice as string;
  return app.stripe.invoices.get(id) as { amount_due: number; amount_paid: number; status: string };
};

/** Days pass; sessions (7 days, counted on the wall clock) are kept alive, as a customer signing in again would. */
async function advance(days: number) {
  app.h.clock.now = new Date(app.h.clock.now.getTime() + days * DAY);
  await app.h.t.db
    .updateTable('sessions')
    .set({ expires_at: new Date(app.h.clock.now.getTime() + 7 * DAY) })
    .execute();
}

type Client = Awaited<ReturnType<typeof ownerOfNewCompany>>['c'];

/** A company past its trial, paying monthly for 1 admin + 4 brokers, its events app.delivered. */
async function payingCompany(name: string, billing: Billing = 'monthly') {
  const paying = await app.payingCompany(name, { adminSeats: 1, brokerSeats: 4, billing, addons: NO_ADDONS });
  await advance(0);
  return paying;
}

async function changePlan(
  c: Client,
  choice: Parameters<Client['api']['billing']['planChange']['preview']['mutate']>[0],
) {
  const quote = await c.api.billing.planChange.preview.mutate(choice);
  const result = await c.api.billing.planChange.confirm.mutate({
    ...choice,
    confirmation: { prorationDate: quote.prorationDate, dueNowPence: quote.dueNowPence },
  });
  return { quote, result };
}

describe('a paying company opening /checkout', () => {
  it('cannot start a second checkout: it changes its plan, monthly → annual, charged the prorated amount shown', async () => {
    app.h.clock.now = new Date();
    const { c, companyId } = await payingCompany('Switcher FX');
    const before = await companyRow(companyId);
    await expect(
      c.api.billing.startCheckout.mutate({ adminSeats: 1, brokerSeats: 4, billing: 'annual', addons: NO_ADDONS }),
    ).rejects.toThrow(BILLING_MESSAGES.alreadySubscribed);
    expect(openSessions(before.stripe_customer_id)).toHaveLength(0);

    // Ten days into the month: the unused 2/3 of £180 is credited against the year's £1,728 (VAT included).
    await advance(10);
    const choice = { adminSeats: 1, brokerSeats: 4, billing: 'annual' as const, addons: NO_ADDONS };
    const { quote, result } = await changePlan(c, choice);
    expect(result).toEqual({ status: 'done' });
    expect(quote.recurringPence).toBe(172_800);
    expect(quote.dueNowPence).toBeGreaterThan(172_800 - 18_000);
    expect(quote.dueNowPence).toBeLessThan(172_800);
    expect(quote.sentence).toBe(
      `You will be charged £${(quote.dueNowPence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })} now (prorated), then £1,728.00 per year (VAT included).`,
    );
    const subId = before.stripe_subscription_id as string;
    expect(latestInvoice(subId)).toMatchObject({ amount_due: quote.dueNowPence, amount_paid: quote.dueNowPence });
    expect(liveSubscriptions(before.stripe_customer_id).map((s) => s.id)).toEqual([subId]);
    expect(await companyRow(companyId)).toMatchObject({
      subscription_type: 'annual',
      stripe_subscription_id: subId,
      subscription_status: 'active',
    });

    // Back to monthly mid-year waits for the year's end with the same seats (billing-switch.test.ts); with other
    // seats it is refused with the reason; and nothing left to change says so.
    await expect(
      c.api.billing.planChange.preview.mutate({ ...choice, brokerSeats: 5, billing: 'monthly' }),
    ).rejects.toThrow(BILLING_MESSAGES.switchKeepsPlan);
    await expect(c.api.billing.planChange.preview.mutate(choice)).rejects.toThrow(BILLING_MESSAGES.nothingToChange);
  });

  it('charges nothing when the confirmed amount is not what the provider would charge', async () => {
    const { c, companyId } = await payingCompany('Stale Quote FX');
    const choice = { adminSeats: 1, brokerSeats: 6, billing: 'monthly' as const, addons: NO_ADDONS };
    const quote = await c.api.billing.planChange.preview.mutate(choice);
    const requests = app.stripe.requests.length;
    await expect(
      c.api.billing.planChange.confirm.mutate({
        ...choice,
        confirmation: { prorationDate: quote.prorationDate, dueNowPence: quote.dueNowPence - 1 },
      }),
    ).rejects.toThrow(BILLING_MESSAGES.amountChanged);
    expect(app.stripe.requests.slice(requests).filter((r) => r.startsWith('POST /v1/subscriptions/'))).toEqual([]);
    // A price shown more than an hour ago is asked for again.
    await advance(2 / 24);
    await expect(
      c.api.billing.planChange.confirm.mutate({
        ...choice,
        confirmation: { prorationDate: quote.prorationDate, dueNowPence: quote.dueNowPence },
      }),
    ).rejects.toThrow(BILLING_MESSAGES.quoteExpired);
    expect((await companyRow(companyId)).junior_seats).toBe(4);
  });

  it('a trial company has one open checkout: a second expires the first, which can no longer be paid', async () => {
    const owner = await ownerOfNewCompany(app.h, 'Twice Checkout FX');
    await advance(0);
    const choice = { adminSeats: 1, brokerSeats: 2, billing: 'monthly' as const, addons: NO_ADDONS };
    const first = await owner.c.api.billing.startCheckout.mutate(choice);
    const second = await owner.c.api.billing.startCheckout.mutate({ ...choice, billing: 'annual' });
    const customer = (await companyRow(owner.companyId)).stripe_customer_id;
    expect(openSessions(customer).map((s) => s.id)).toEqual([sessionIdOf(second.url)]);
    expect(() => app.stripe.completeCheckout(sessionIdOf(first.url), app.h.clock.now)).toThrow(/expired/);
    // The data holds it too: a second open checkout row is refused by the database.
    await expect(
      app.h.t.db
        .insertInto('billing_checkouts')
        .values({ id: 'cs_test_sneaky', company_id: owner.companyId, provider: 'stripe', created_at: app.h.clock.now })
        .execute(),
    ).rejects.toThrow(/billing_checkouts_one_open/);
  });
});

describe('paying during the trial, with Stripe', () => {
  it("keeps the trial's end: Stripe's trial_end, nothing charged now, changes meanwhile cost nothing", async () => {
    app.h.clock.now = new Date();
    const owner = await ownerOfNewCompany(app.h, 'Stripe Trial FX');
    await advance(10);
    const trialEnd = (await companyRow(owner.companyId)).trial_ends_at as Date;
    const { url } = await owner.c.api.billing.startCheckout.mutate({
      adminSeats: 1,
      brokerSeats: 4,
      billing: 'monthly',
      addons: NO_ADDONS,
    });
    const session = app.stripe.checkoutSessions.get(sessionIdOf(url)) as { _subscription_data?: unknown };
    expect(session).toBeDefined();
    for (const event of app.stripe.completeCheckout(sessionIdOf(url), app.h.clock.now)) await deliver(event);
    const company = await companyRow(owner.companyId);
    const sub = app.stripe.subscriptions.get(company.stripe_subscription_id as string) as Record<string, unknown>;
    expect(sub).toMatchObject({ status: 'trialing', trial_end: Math.floor(trialEnd.getTime() / 1000) });
    expect(app.stripe.invoices.get(sub.latest_invoice as string) ?? { amount_due: 0 }).toMatchObject({ amount_due: 0 });
    expect(company).toMatchObject({ subscription_status: 'active', account_locked: false });
    expect(company.current_period_end?.getTime()).toBe(Math.floor(trialEnd.getTime() / 1000) * 1000);

    const quote = await owner.c.api.billing.planChange.preview.mutate({
      adminSeats: 1,
      brokerSeats: 6,
      billing: 'monthly',
      addons: { companyFinder: true, clientData: false },
    });
    expect(quote.dueNowPence).toBe(0);
    expect(quote.firstChargeOn).toBe(trialEnd.toISOString());
    expect(quote.sentence).toMatch(/^Nothing is charged now\. Your first charge of £[\d,.]+ per month/);
  });
});

describe('any sequence of billing actions (property)', () => {
  type Op =
    | { kind: 'plan'; adminSeats: number; brokerSeats: number; billing: Billing; cf: boolean; cd: boolean }
    | { kind: 'checkout'; billing: Billing }
    | { kind: 'seats'; adminSeats: number; brokerSeats: number }
    | { kind: 'addon'; addon: 'companyFinder' | 'clientData'; enabled: boolean }
    | { kind: 'cancel' }
    | { kind: 'reactivate' }
    | { kind: 'periodEnds' }
    | { kind: 'days'; days: number }
    | { kind: 'deliver'; order: number[]; replays: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('plan' as const),
      adminSeats: fc.integer({ min: 1, max: 3 }),
      brokerSeats: fc.integer({ min: 0, max: 14 }),
      billing: fc.constantFrom<Billing>('monthly', 'annual'),
      cf: fc.boolean(),
      cd: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('checkout' as const), billing: fc.constantFrom<Billing>('monthly', 'annual') }),
    fc.record({
      kind: fc.constant('seats' as const),
      adminSeats: fc.integer({ min: 1, max: 3 }),
      brokerSeats: fc.integer({ min: 0, max: 14 }),
    }),
    fc.record({
      kind: fc.constant('addon' as const),
      addon: fc.constantFrom('companyFinder' as const, 'clientData' as const),
      enabled: fc.boolean(),
    }),
    fc.constant({ kind: 'cancel' as const }),
    fc.constant({ kind: 'reactivate' as const }),
    fc.constant({ kind: 'periodEnds' as const }),
    fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 20 }) }),
    fc.record({
      kind: fc.constant('deliver' as const),
      order: fc.array(fc.nat(), { maxLength: 12 }),
      replays: fc.integer({ min: 0, max: 3 }),
    }),
  );

  let run = 0;
  let charged = 0;
  it('keeps at most one live subscription per company and charges exactly the amount shown', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        run++;
        app.h.clock.now = new Date();
        const { c, companyId } = await payingCompany(`Property ${run} FX`);
        const customer = (await companyRow(companyId)).stripe_customer_id;
        const pendingEvents = () => app.stripe.events.filter((e) => !app.delivered.has(e.id) && belongs(e, customer));
        for (const step of ops) {
          const company = await companyRow(companyId);
          const live =
            company.stripe_subscription_id !== null && ['active', 'past_due'].includes(company.subscription_status);
          if (step.kind === 'plan' && live) {
            const choice = {
              adminSeats: step.adminSeats,
              brokerSeats: step.brokerSeats,
              billing: step.billing,
              addons: { companyFinder: step.cf, clientData: step.cd },
            };
            const quote = await c.api.billing.planChange.preview.mutate(choice).catch(expectClearRefusal);
            if (quote) {
              const before = latestInvoiceId(company.stripe_subscription_id as string);
              await c.api.billing.planChange.confirm.mutate({
                ...choice,
                confirmation: { prorationDate: quote.prorationDate, dueNowPence: quote.dueNowPence },
              });
              const after = latestInvoiceId(company.stripe_subscription_id as string);
              if (quote.charge === 'now') {
                expect(after).not.toBe(before);
                expect(latestInvoice(company.stripe_subscription_id as string).amount_paid).toBe(quote.dueNowPence);
                if (quote.dueNowPence > 0) charged++;
              } else expect(after).toBe(before);
            }
          } else if (step.kind === 'checkout' || (step.kind === 'plan' && !live)) {
            const billing = step.billing;
            const started = await c.api.billing.startCheckout
              .mutate({ adminSeats: 1, brokerSeats: 4, billing, addons: NO_ADDONS })
              .catch((err: Error) => {
                // Refused while paying, or while a paid checkout's events are still on their way.
                const paidUndelivered = [...app.stripe.checkoutSessions.values()].some(
                  (s) =>
                    s.customer === customer &&
                    s.status === 'complete' &&
                    !liveSubscriptions(customer).every((sub) => sub.id === company.stripe_subscription_id),
                );
                if (err.message === BILLING_MESSAGES.checkoutPaidMeanwhile) expect(paidUndelivered).toBe(true);
                else {
                  expect(live, err.message).toBe(true);
                  expect(err.message).toBe(BILLING_MESSAGES.alreadySubscribed);
                }
                return null;
              });
            if (started) {
              expect(live).toBe(false);
              expect(liveSubscriptions(customer)).toHaveLength(0);
              app.stripe.completeCheckout(sessionIdOf(started.url), app.h.clock.now);
            }
          } else if (step.kind === 'seats' || step.kind === 'addon') {
            // The seats page and the add-ons card: the amount first, then the save that confirms it.
            const subId = company.stripe_subscription_id;
            const ask = () =>
              step.kind === 'seats'
                ? c.api.seats.save.mutate({ adminSeats: step.adminSeats, brokerSeats: step.brokerSeats })
                : c.api.billing.setAddon.mutate({ addon: step.addon, enabled: step.enabled });
            const asked = await ask().catch(expectClearRefusal);
            const charge = asked && 'charge' in asked ? asked.charge : null;
            if (charge && subId) {
              const confirmation = { prorationDate: charge.prorationDate, dueNowPence: charge.dueNowPence };
              const before = latestInvoiceId(subId);
              await (step.kind === 'seats'
                ? c.api.seats.save.mutate({ adminSeats: step.adminSeats, brokerSeats: step.brokerSeats, confirmation })
                : c.api.billing.setAddon.mutate({ addon: step.addon, enabled: step.enabled, confirmation }));
              expect(latestInvoiceId(subId)).not.toBe(before);
              expect(latestInvoice(subId).amount_paid).toBe(charge.dueNowPence);
              if (charge.dueNowPence > 0) charged++;
            }
          } else if (step.kind === 'cancel') {
            await c.api.billing.cancel.mutate({ reason: 'other', feedback: '' }).catch(expectClearRefusal);
          } else if (step.kind === 'reactivate') {
            await c.api.billing.reactivate.mutate().catch(expectClearRefusal);
          } else if (step.kind === 'periodEnds') {
            // Stripe's clock: every subscription set to end at its period's end ends.
            for (const sub of liveSubscriptions(customer)) {
              if (sub.cancel_at_period_end)
                app.stripe.changeSubscription(sub.id as string, { status: 'canceled' }, app.h.clock.now);
            }
          } else if (step.kind === 'days') {
            await advance(step.days);
          } else if (step.kind === 'deliver') {
            const events = pendingEvents();
            const shuffled = events.map((e, i) => ({ e, k: step.order[i] ?? i })).sort((a, b) => a.k - b.k);
            for (const { e } of shuffled) expect((await deliver(e)).statusCode).toBe(200);
            for (const e of events.slice(0, step.replays)) expect((await deliver(e)).statusCode).toBe(200);
          }
          expect(liveSubscriptions(customer).length).toBeLessThanOrEqual(1);
          expect(openSessions(customer).length).toBeLessThanOrEqual(1);
        }
        // Everything delivered (twice, newest first): the company mirrors the one live subscription, if any.
        const rest = pendingEvents();
        for (const e of [...rest].reverse().concat(rest)) await deliver(e);
        const live = liveSubscriptions(customer);
        expect(live.length).toBeLessThanOrEqual(1);
        const company = await companyRow(companyId);
        if (live[0]) expect(company.stripe_subscription_id).toBe(live[0].id);
        else expect(company.subscription_active).toBe(false);
      }),
      { numRuns: 25 },
    );
    // The runs did charge prorated changes (the property is not met by doing nothing).
    expect(charged).toBeGreaterThan(0);
  }, 240_000);
});

function belongs(event: LocalStripe['events'][number], customer: string | null): boolean {
  return (event.data.object as { customer?: unknown }).customer === customer;
}
function latestInvoiceId(subId: string) {
  return app.stripe.subscriptions.get(subId)?.latest_invoice ?? null;
}
/** A refused action says why in words (4xx), never a 500. */
function expectClearRefusal(err: { message: string; data?: { httpStatus?: number } }): null {
  expect(err.data?.httpStatus, err.message).toBeLessThan(500);
  return null;
}
