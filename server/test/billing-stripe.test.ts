import { belowActiveMessage } from '@pippitch/shared/checkout';
import { ADDONS, type AddonKey, type Billing, quote } from '@pippitch/shared/pricing';
import { beforeAll, describe, expect, it } from 'vitest';
import { StripePayments } from '../../core/src/providers/payments/stripe/provider';
import { startCheckout } from '../../core/src/services/billing/checkout';
import { STRIPE_WEBHOOK_PATH } from '../src/api/http/billing-webhook';
import { sessionIdOf, stripeTestApp } from './billing-stripe-app';
import { addMember, ownerOfNewCompany, signUp, signupInput } from './helpers';

// The real Stripe SDK against a local server speaking Stripe's REST API; webhooks signed with the SDK's own
// test header. Only Stripe's end is replaced.

const app = stripeTestApp();
const { deliver } = app;
let provider: StripePayments;
const NO_ADDONS = { companyFinder: false, clientData: false };

beforeAll(() => {
  provider = new StripePayments(app.settings);
});

async function newCompany(name: string) {
  const c = app.h.client();
  const domain = `${name.toLowerCase().replace(/\W/g, '')}.co.uk`;
  const email = `owner@${domain}`;
  await signUp(app.h.t.db, c, signupInput({ companyName: name, companyDomain: domain, email }));
  const row = await app.h.t.db
    .selectFrom('user_profiles')
    .select(['id', 'company_id', 'role_type'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { actor: { userId: row.id, companyId: row.company_id, role: 'admin' as const, email }, name };
}

const companyRow = (id: string) =>
  app.h.t.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function paidCompany(name: string, choice = { adminSeats: 2, brokerSeats: 7, billing: 'monthly' as Billing }) {
  const { actor } = await newCompany(name);
  const { url } = await startCheckout(
    app.h.t.db,
    actor,
    { ...choice, addons: { companyFinder: true, clientData: false } },
    { provider, appUrl: app.h.url, now: app.h.clock.now },
  );
  const events = app.stripe.completeCheckout(sessionIdOf(url), app.h.clock.now);
  return { actor, events };
}

describe('the Stripe catalog', () => {
  it('charges exactly what pricing.ts quotes, for 1–30 seats, monthly and annual, with and without add-ons', async () => {
    const catalog = await provider.prices();
    const price = (id: string) => app.stripe.prices.get(id) as Record<string, unknown>;
    const amountOf = (id: string, quantity: number) => {
      const p = price(id);
      if (p.billing_scheme === 'tiered') {
        // Volume tiers: the whole quantity at the tier it falls in.
        const tiers = p.tiers as { up_to: number | null; unit_amount: number }[];
        const tier = tiers.find((t) => t.up_to === null || quantity <= t.up_to) as { unit_amount: number };
        return tier.unit_amount * quantity;
      }
      return (p.unit_amount as number) * quantity;
    };
    for (const billing of ['monthly', 'annual'] as const) {
      expect((price(catalog.seat[billing]).recurring as { interval: string }).interval).toBe(
        billing === 'monthly' ? 'month' : 'year',
      );
      for (let seats = 1; seats <= 30; seats++) {
        for (const addonSet of [[], ['companyFinder'], ['companyFinder', 'clientData']] as AddonKey[][]) {
          const addons = Object.fromEntries(ADDONS.map((a) => [a.key, addonSet.includes(a.key)])) as Record<
            AddonKey,
            boolean
          >;
          const q = quote({ adminSeats: 1, brokerSeats: seats - 1, billing, addons });
          const pence =
            amountOf(catalog.seat[billing], seats) +
            addonSet.reduce((sum, a) => sum + amountOf(catalog.addons[a][billing], seats), 0);
          expect(pence, `${seats} seats ${billing} ${addonSet.join('+')}`).toBe(Math.round(Number(q.subtotal) * 100));
          // VAT: an exclusive 20 % rate on each line; every line is a whole number of pence × 0.2.
          expect(Math.round(pence * 0.2)).toBe(Math.round(Number(q.vat) * 100));
        }
      }
    }
  });

  it('is created once: a second start finds every price and the VAT rate by key', async () => {
    const first = await provider.prices();
    const again = new StripePayments(app.settings);
    expect(await again.prices()).toEqual(first);
  });
});

describe('checkout', () => {
  it('refuses fewer seats than active members, in the spec words', async () => {
    const { actor, name } = await newCompany('Seatcount FX');
    await addMember(app.h, name, 'second.admin@seatcountfx.co.uk', 'admin');
    await expect(
      startCheckout(
        app.h.t.db,
        actor,
        { adminSeats: 1, brokerSeats: 0, billing: 'monthly', addons: NO_ADDONS },
        { provider, appUrl: 'http://x', now: app.h.clock.now },
      ),
    ).rejects.toThrow(belowActiveMessage('admin', 2));
  });

  it('creates one customer per company and a subscription-mode session with VAT on every line', async () => {
    const { actor } = await paidCompany('Customer FX');
    const company = await companyRow(actor.companyId);
    expect(company.stripe_customer_id).toMatch(/^cus_/);
    // Nothing is paid until Stripe says so.
    expect(company.subscription_status).toBe('trialing');
  });
});

describe('billing.startCheckout with Stripe configured', () => {
  it("sends the admin to Stripe's hosted page with the success and cancel URLs of the app", async () => {
    const c = app.h.client();
    await signUp(
      app.h.t.db,
      c,
      signupInput({ companyName: 'Hosted FX', companyDomain: 'hostedfx.co.uk', email: 'owner@hostedfx.co.uk' }),
    );
    const { url } = await c.api.billing.startCheckout.mutate({
      adminSeats: 1,
      brokerSeats: 5,
      billing: 'monthly',
      addons: NO_ADDONS,
    });
    expect(url).toMatch(new RegExp(`^${app.stripe.url}/pay/cs_test_`));
    const session = app.stripe.checkoutSessions.get(sessionIdOf(url))!;
    expect(session).toMatchObject({
      mode: 'subscription',
      success_url: `${app.h.config.publicUrl}/admin?checkout=success`,
      cancel_url: `${app.h.config.publicUrl}/checkout?canceled=true`,
    });
    // The test-mode page does not exist when Stripe is configured.
    await expect(c.api.billing.testCheckout.view.query({ id: `tm_cs_${'0'.repeat(24)}` })).rejects.toThrow(
      'Checkout not found',
    );
  });
});

describe('the webhook', () => {
  it('makes the company paid from the subscription Stripe holds', async () => {
    const { actor, events } = await paidCompany('Paid FX');
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    const c = await companyRow(actor.companyId);
    expect(c).toMatchObject({
      subscription_status: 'active',
      subscription_type: 'monthly',
      subscription_active: true,
      account_locked: false,
      admin_seats: 2,
      junior_seats: 7,
      company_finder_enabled: true,
      client_data_enabled: false,
      price_per_month: '27.00',
    });
    expect(c.stripe_subscription_id).toMatch(/^sub_/);
    expect(c.current_period_end).not.toBeNull();
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { actor, events } = await paidCompany('Forged FX');
    const res = await deliver(events[1]!, 'whsec_someone_else');
    expect(res.statusCode).toBe(400);
    const unsigned = await app.h.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(events[1]),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await companyRow(actor.companyId)).subscription_status).toBe('trialing');
    expect(
      await app.h.t.db.selectFrom('billing_events').select('id').where('id', '=', events[1]!.id).execute(),
    ).toEqual([]);
  });

  it('applies each event once: ten concurrent redeliveries leave one record', async () => {
    const { events } = await paidCompany('Duplicate FX');
    const replies = await Promise.all(Array.from({ length: 10 }, () => deliver(events[0]!)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replies.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    const rows = await app.h.t.db.selectFrom('billing_events').select('id').where('id', '=', events[0]!.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('converges to the newest state whatever order events arrive in', async () => {
    const { actor, events } = await paidCompany('Order FX');
    const subId = app.stripe.checkoutSessions.get(
      [...app.stripe.checkoutSessions.values()].find((s) => s.client_reference_id === actor.companyId)!.id as string,
    )!.subscription as string;
    const periodEnd = (app.stripe.subscriptions.get(subId)!.items as { data: { current_period_end: number }[] })
      .data[0]!.current_period_end;
    // Then the customer schedules a cancellation in Stripe.
    const later = app.stripe.changeSubscription(subId, { cancel_at_period_end: true }, app.h.clock.now);
    // The newest event first, the older ones after, each redelivered three times.
    for (const event of [later, ...events.reverse(), later, ...events, later]) {
      expect((await deliver(event)).statusCode).toBe(200);
    }
    const c = await companyRow(actor.companyId);
    expect(c.subscription_status).toBe('active');
    expect(c.cancel_at_period_end).toBe(true);
    expect(c.scheduled_cancellation_date?.getTime()).toBe(periodEnd * 1000);
  });

  it('locks the company when the subscription ends, and ignores events about an older subscription', async () => {
    const { actor, events } = await paidCompany('Ended FX');
    for (const event of events) await deliver(event);
    const subId = (await companyRow(actor.companyId)).stripe_subscription_id as string;
    const ended = app.stripe.changeSubscription(
      subId,
      { status: 'canceled', canceled_at: 1_800_000_000 },
      app.h.clock.now,
    );
    expect((await deliver(ended)).statusCode).toBe(200);
    const c = await companyRow(actor.companyId);
    expect(c).toMatchObject({ subscription_status: 'canceled', subscription_active: false, account_locked: true });
    // The admins are told, once however often the event comes, until when the data is kept.
    expect((await deliver(ended)).statusCode).toBe(200);
    const told = await app.h.t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('company_id', '=', actor.companyId)
      .where('template', '=', 'access_ended')
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]?.text_body).toMatch(/Your data is kept until \d{1,2} \w+ \d{4}, then deleted/);

    // A new subscription (the company comes back), then a stale event about the old one.
    const { url } = await startCheckout(
      app.h.t.db,
      actor,
      { adminSeats: 1, brokerSeats: 2, billing: 'annual', addons: NO_ADDONS },
      { provider, appUrl: 'http://x', now: app.h.clock.now },
    );
    for (const event of app.stripe.completeCheckout(sessionIdOf(url), app.h.clock.now)) await deliver(event);
    expect(await companyRow(actor.companyId)).toMatchObject({
      subscription_status: 'active',
      subscription_type: 'annual',
      account_locked: false,
      admin_seats: 1,
      junior_seats: 2,
    });
    const stale = app.stripe.changeSubscription(subId, {}, app.h.clock.now);
    expect((await deliver(stale)).statusCode).toBe(200);
    expect((await companyRow(actor.companyId)).subscription_status).toBe('active');
  });

  it('answers 5xx while Stripe cannot be read, so Stripe delivers again; the redelivery applies it', async () => {
    const { actor, events } = await paidCompany('Retry FX');
    app.stripe.failing = true;
    const during = await deliver(events[1]!);
    app.stripe.failing = false;
    expect(during.statusCode).toBe(500);
    expect((await companyRow(actor.companyId)).subscription_status).toBe('trialing');
    // Nothing was recorded, so the redelivery is not taken for a duplicate.
    const again = await deliver(events[1]!);
    expect(again.statusCode).toBe(200);
    expect(again.json().duplicate).toBe(false);
    expect((await companyRow(actor.companyId)).subscription_status).toBe('active');
  });
});

describe('a paid plan changed through Stripe', () => {
  async function stripePaid(name: string, billing: Billing = 'monthly') {
    const owner = await ownerOfNewCompany(app.h, name);
    const { url } = await owner.c.api.billing.startCheckout.mutate({
      adminSeats: 1,
      brokerSeats: 4,
      billing,
      addons: NO_ADDONS,
    });
    for (const event of app.stripe.completeCheckout(sessionIdOf(url), app.h.clock.now)) await deliver(event);
    return owner;
  }

  it('adds seats at once when the card pays, and only after the invoice is paid when it needs the customer', async () => {
    const { c, companyId } = await stripePaid('Growing FX');
    // The amount first (spec §4 Seat save routing: a payment step), charged on the save that confirms it.
    const save = async (seats: { adminSeats: number; brokerSeats: number }) => {
      const asked = await c.api.seats.save.mutate(seats);
      if (asked.kind !== 'confirm') throw new Error(`expected a confirmation, got ${asked.kind}`);
      const { prorationDate, dueNowPence } = asked.charge;
      return c.api.seats.save.mutate({ ...seats, confirmation: { prorationDate, dueNowPence } });
    };
    await expect(save({ adminSeats: 1, brokerSeats: 6 })).resolves.toMatchObject({ kind: 'saved' });
    expect((await companyRow(companyId)).junior_seats).toBe(6);

    app.stripe.declineNextInvoice = true;
    const result = await save({ adminSeats: 2, brokerSeats: 6 });
    expect(result).toMatchObject({
      kind: 'payment',
      url: expect.stringMatching(new RegExp(`^${app.stripe.url}/invoice/in_`)),
    });
    // Nothing changes until it is paid.
    expect((await companyRow(companyId)).admin_seats).toBe(1);
    const invoiceId = (result as { url: string }).url.split('/').pop() as string;
    for (const event of app.stripe.payInvoice(invoiceId, app.h.clock.now))
      expect((await deliver(event)).statusCode).toBe(200);
    expect(await companyRow(companyId)).toMatchObject({ admin_seats: 2, junior_seats: 6 });

    // Fewer seats: saved at once, no charge now.
    await expect(c.api.seats.save.mutate({ adminSeats: 1, brokerSeats: 4 })).resolves.toMatchObject({ kind: 'saved' });
    const sub = app.stripe.subscriptions.get((await companyRow(companyId)).stripe_subscription_id as string)!;
    expect((sub.items as { data: { quantity: number }[] }).data[0]!.quantity).toBe(5);
  });

  it('turns an add-on on only when it is paid, and off again', async () => {
    const { c, companyId } = await stripePaid('Addon Stripe FX');
    const asked = await c.api.billing.setAddon.mutate({ addon: 'clientData', enabled: true });
    if (asked.status !== 'confirm') throw new Error('expected the amount first');
    const { prorationDate, dueNowPence } = asked.charge;
    app.stripe.declineNextInvoice = true;
    const pending = await c.api.billing.setAddon.mutate({
      addon: 'clientData',
      enabled: true,
      confirmation: { prorationDate, dueNowPence },
    });
    expect(pending.status).toBe('requires_payment');
    expect((await companyRow(companyId)).client_data_enabled).toBe(false);
    const invoiceId = (pending as { url: string }).url.split('/').pop() as string;
    for (const event of app.stripe.payInvoice(invoiceId, app.h.clock.now)) await deliver(event);
    expect((await companyRow(companyId)).client_data_enabled).toBe(true);

    await expect(c.api.billing.setAddon.mutate({ addon: 'clientData', enabled: false })).resolves.toEqual({
      status: 'done',
    });
    expect((await companyRow(companyId)).client_data_enabled).toBe(false);
  });

  it('cancels a monthly plan at its period end with the reason sent to Stripe; Stripe ending it locks the company', async () => {
    const { c, companyId } = await stripePaid('Leaving Stripe FX');
    const result = await c.api.billing.cancel.mutate({ reason: 'found_alternative', feedback: 'Went elsewhere' });
    expect(result.accountLocked).toBe(false);
    const subId = (await companyRow(companyId)).stripe_subscription_id as string;
    expect(app.stripe.subscriptions.get(subId)).toMatchObject({
      cancel_at_period_end: true,
      cancellation_details: { comment: 'Went elsewhere', feedback: 'switched_service' },
    });
    const ended = app.stripe.changeSubscription(
      subId,
      { status: 'canceled', canceled_at: 1_900_000_000 },
      app.h.clock.now,
    );
    await deliver(ended);
    expect(await companyRow(companyId)).toMatchObject({ account_locked: true, grace_period_used: true });
    await expect(c.api.billing.reactivate.mutate()).resolves.toMatchObject({ requiresPayment: true });
  });

  it('a failed renewal shows past due with access kept; when Stripe gives up the company is locked', async () => {
    const { c, companyId } = await stripePaid('Dunning FX');
    const subId = (await companyRow(companyId)).stripe_subscription_id as string;
    expect((await deliver(app.stripe.failRenewal(subId, app.h.clock.now))).statusCode).toBe(200);
    expect(await companyRow(companyId)).toMatchObject({ subscription_status: 'past_due', account_locked: false });
    expect(await c.api.billing.account.query()).toMatchObject({ pastDue: true, paid: true });
    await deliver(app.stripe.changeSubscription(subId, { status: 'unpaid' }, app.h.clock.now));
    expect(await companyRow(companyId)).toMatchObject({ subscription_active: false, account_locked: true });
  });

  it('ends an annual plan at once without a refund', async () => {
    const { c, companyId } = await stripePaid('Annual Stripe FX', 'annual');
    await expect(c.api.billing.cancel.mutate({ reason: 'too_expensive', feedback: '' })).resolves.toEqual({
      accountLocked: true,
      daysRemaining: 0,
    });
    const subId = (await companyRow(companyId)).stripe_subscription_id as string;
    expect(app.stripe.subscriptions.get(subId)?.status).toBe('canceled');
    expect(app.stripe.requests).toContain(`DELETE /v1/subscriptions/${subId}`);
  });
});
