import { quote } from '@pippitch/shared/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestModePayments } from '../../core/src/providers/payments/test-mode/provider';
import { endTestModePeriods } from '../../core/src/services/billing/test-mode-periods';
import { companyRow, sent as sentTo } from './billing-switch-helpers';
import { addMember, ownerOfNewCompany, signedIn, signUp, signupInput, startTestApp, type TestApp } from './helpers';

// The embedded default when no Stripe key is set: the built-in checkout page's actions, end to end through tRPC.

let h: TestApp;
const CHOICE = {
  adminSeats: 1,
  brokerSeats: 7,
  billing: 'annual' as const,
  addons: { companyFinder: false, clientData: true },
};

beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => {
  await h?.close();
});

const trialAdmin = (name: string) => ownerOfNewCompany(h, name);

const company = (id: string) => companyRow(h, id);
/** The text of each e-mail of a template queued for the company's admins. */
const sent = (companyId: string, template: string) => sentTo(h, companyId, template);
const checkoutIdOf = (url: string) => new URL(url).pathname.split('/').pop() as string;

describe('test-mode checkout', () => {
  it('a trial company pays on the test page and becomes active with what it chose', async () => {
    const { c, companyId } = await trialAdmin('Paying FX');
    const { url } = await c.api.billing.startCheckout.mutate(CHOICE);
    expect(url).toMatch(new RegExp(`^${h.config.publicUrl}/test-checkout/tm_cs_[0-9a-f]{24}$`));
    const id = checkoutIdOf(url);

    const view = await c.api.billing.testCheckout.view.query({ id });
    expect(view).toMatchObject({ companyName: 'Paying FX', status: 'open', adminSeats: 1, brokerSeats: 7 });
    expect(view.quote).toEqual(quote(CHOICE));
    // Nothing changes before paying.
    expect((await company(companyId)).subscription_status).toBe('trialing');

    const paid = await c.api.billing.testCheckout.pay.mutate({ id });
    expect(paid.redirect).toBe(`${h.config.publicUrl}/admin?checkout=success`);
    expect(await company(companyId)).toMatchObject({
      subscription_status: 'active',
      subscription_type: 'annual',
      billing_period: 'annual',
      admin_seats: 1,
      junior_seats: 7,
      client_data_enabled: true,
      company_finder_enabled: false,
      account_locked: false,
    });
    const events = await h.t.db.selectFrom('billing_events').selectAll().where('company_id', '=', companyId).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: 'test_mode', type: 'checkout.session.completed' });

    // A second click on Pay: still one subscription, same state.
    await c.api.billing.testCheckout.pay.mutate({ id });
    const checkout = await h.t.db
      .selectFrom('test_mode_checkouts')
      .select('subscription_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(
      await h.t.db
        .selectFrom('test_mode_subscriptions')
        .select('id')
        .where('customer_id', '=', (await company(companyId)).stripe_customer_id as string)
        .execute(),
    ).toEqual([{ id: checkout.subscription_id }]);
  });

  it('cancel returns to /checkout?canceled=true and the checkout can no longer be paid', async () => {
    const { c, companyId } = await trialAdmin('Cancelling FX');
    const id = checkoutIdOf((await c.api.billing.startCheckout.mutate(CHOICE)).url);
    expect(await c.api.billing.testCheckout.cancel.mutate({ id })).toEqual({
      redirect: `${h.config.publicUrl}/checkout?canceled=true`,
    });
    await expect(c.api.billing.testCheckout.pay.mutate({ id })).rejects.toThrow(
      'This checkout was canceled. Please start again from the checkout page.',
    );
    expect((await company(companyId)).subscription_status).toBe('trialing');
  });

  it("another company's admin cannot see or pay it, and a broker cannot start one", async () => {
    const { c, domain } = await trialAdmin('Owner FX');
    const id = checkoutIdOf((await c.api.billing.startCheckout.mutate(CHOICE)).url);
    const other = (await trialAdmin('Other FX')).c;
    await expect(other.api.billing.testCheckout.view.query({ id })).rejects.toThrow('Checkout not found');
    await expect(other.api.billing.testCheckout.pay.mutate({ id })).rejects.toThrow('Checkout not found');
    await addMember(h, 'Owner FX', `broker@${domain}`, 'junior');
    const broker = await signedIn(h, `broker@${domain}`);
    await expect(broker.api.billing.startCheckout.mutate(CHOICE)).rejects.toThrow('You do not have admin access');
  });

  it('a locked company can subscribe again and gets its access back', async () => {
    const { c, companyId } = await trialAdmin('Locked FX');
    await h.t.db
      .updateTable('companies')
      .set({ account_locked: true, subscription_active: false })
      .where('id', '=', companyId)
      .execute();
    await expect(c.api.calculator.forCompany.query({ companyName: 'x' })).rejects.toThrow();
    const id = checkoutIdOf((await c.api.billing.startCheckout.mutate({ ...CHOICE, billing: 'monthly' })).url);
    await c.api.billing.testCheckout.pay.mutate({ id });
    expect(await company(companyId)).toMatchObject({ account_locked: false, subscription_status: 'active' });
    await expect(c.api.calculator.forCompany.query({ companyName: 'x' })).resolves.toBeDefined();
  });

  it('refuses seats below the active members and impossible orders with clear messages', async () => {
    const { c, domain } = await trialAdmin('Small FX');
    await addMember(h, 'Small FX', `b1@${domain}`, 'junior');
    await addMember(h, 'Small FX', `b2@${domain}`, 'junior');
    await expect(c.api.billing.startCheckout.mutate({ ...CHOICE, brokerSeats: 1 })).rejects.toThrow(
      'You have 2 active broker(s). You cannot reduce below this number.',
    );
    await expect(c.api.billing.startCheckout.mutate({ ...CHOICE, adminSeats: 0 })).rejects.toThrow(
      'Admin seats: at least 1',
    );
  });
});

async function paid(name: string, billing: 'monthly' | 'annual', addons = CHOICE.addons) {
  const admin = await trialAdmin(name);
  const { url } = await admin.c.api.billing.startCheckout.mutate({ ...CHOICE, billing, addons });
  await admin.c.api.billing.testCheckout.pay.mutate({ id: checkoutIdOf(url) });
  return admin;
}

describe('cancel and reactivate', () => {
  it('a trial cancels at once and is locked', async () => {
    const { c, companyId } = await trialAdmin('Trial Leaver FX');
    await expect(c.api.billing.cancel.mutate({ reason: 'not_using', feedback: '' })).resolves.toEqual({
      accountLocked: true,
      daysRemaining: 0,
    });
    expect(await company(companyId)).toMatchObject({ account_locked: true, cancellation_reason: 'not_using' });
    // Every cancellation path e-mails the admins (issue 20 §6): the trial's says until when the data is kept.
    expect(await sent(companyId, 'trial_cancelled')).toEqual([
      expect.stringMatching(/Nothing was charged\.[\s\S]*Your data is kept until \d{1,2} \w+ \d{4}, then deleted/),
    ]);
  });

  it('an annual plan ends at once (no refund) and is locked', async () => {
    const { c, companyId } = await paid('Annual Leaver FX', 'annual');
    await expect(c.api.billing.cancel.mutate({ reason: 'too_expensive', feedback: 'Budget cut' })).resolves.toEqual({
      accountLocked: true,
      daysRemaining: 0,
    });
    expect(await company(companyId)).toMatchObject({
      account_locked: true,
      subscription_status: 'canceled',
      cancellation_feedback: 'Budget cut',
    });
  });

  it('a monthly plan keeps its paid period, can be reactivated before its end, and needs a checkout after', async () => {
    // Paid the day its trial ran out (paying earlier would keep the trial's days: see billing-trial.test.ts).
    h.clock.now = new Date('2026-07-12T10:00:00Z');
    const admin = await trialAdmin('Monthly Leaver FX');
    h.clock.now = new Date('2026-09-10T10:00:00Z');
    // Sessions last 7 days by the server's clock: each time the clock jumps further, the owner signs in again.
    let c = await signedIn(h, admin.email, 'admin');
    const { companyId } = admin;
    const { url } = await c.api.billing.startCheckout.mutate({ ...CHOICE, billing: 'monthly' });
    await c.api.billing.testCheckout.pay.mutate({ id: checkoutIdOf(url) });
    await expect(c.api.billing.cancel.mutate({ reason: 'other', feedback: 'Moving to a new CRM' })).resolves.toEqual({
      accountLocked: false,
      daysRemaining: 30,
    });
    const account = await c.api.billing.account.query();
    expect(account).toMatchObject({ cancelScheduled: true, daysRemaining: 30, plan: 'monthly' });
    expect(account.scheduledCancellationDate).toBe('2026-10-10T10:00:00.000Z');
    await expect(c.api.billing.cancel.mutate({ reason: 'other', feedback: '' })).rejects.toThrow(
      'Your subscription is already set to end',
    );
    // 29.5 days later the banner says 1 (rounded up).
    h.clock.now = new Date('2026-10-09T22:00:00Z');
    c = await signedIn(h, admin.email, 'admin');
    expect((await c.api.billing.account.query()).daysRemaining).toBe(1);

    expect(await sent(companyId, 'cancellation_scheduled')).toEqual([
      expect.stringMatching(/Your team keeps access until 10 October 2026/),
    ]);
    await expect(c.api.billing.reactivate.mutate()).resolves.toEqual({
      requiresPayment: false,
      renewsOn: '2026-10-10T10:00:00.000Z',
    });
    expect(await sent(companyId, 'reactivated')).toEqual([expect.stringMatching(/renews on 10 October 2026/)]);
    expect(await company(companyId)).toMatchObject({ cancel_at_period_end: false, scheduled_cancellation_date: null });

    // Cancelled again, and this time the period ends: the company is locked and coming back is a new checkout.
    await c.api.billing.cancel.mutate({ reason: 'temporary', feedback: '' });
    h.clock.now = new Date('2026-10-10T10:05:00Z');
    // The worker's job does this with its own provider instance; test mode's state is in the database.
    const provider = new TestModePayments(h.t.db, h.config.publicUrl, () => h.clock.now);
    expect(await endTestModePeriods(h.t.db, provider, h.clock.now, 'http://app.test')).toBe(1);
    expect(await company(companyId)).toMatchObject({ account_locked: true, grace_period_used: true });
    await expect(c.api.billing.reactivate.mutate()).resolves.toMatchObject({ requiresPayment: true, seatCount: 8 });
  });

  it('needs a reason', async () => {
    const { c } = await trialAdmin('Reasonless FX');
    await expect(c.api.billing.cancel.mutate({ reason: '' as never, feedback: '' })).rejects.toThrow(
      'Please select a reason for cancellation',
    );
  });
});

describe('production without Stripe keys', () => {
  it('refuses to start a checkout with a clear message, and has no test checkout', async () => {
    const prod = await startTestApp({ env: 'production', cookieSecure: false, stripe: undefined });
    try {
      const c = prod.client();
      await signUp(prod.t.db, c, signupInput());
      await expect(c.api.billing.startCheckout.mutate(CHOICE)).rejects.toThrow(
        /Online payment is not available right now\. Please contact .+ to subscribe\./,
      );
      await expect(c.api.billing.testCheckout.view.query({ id: `tm_cs_${'0'.repeat(24)}` })).rejects.toThrow(
        'Checkout not found',
      );
    } finally {
      await prod.close();
    }
  });
});
