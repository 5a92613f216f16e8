import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCheckoutFollowUps } from '../../core/src/services/billing/checkout-followups';
import { runTrialLifecycle } from '../../core/src/services/billing/trial-lifecycle';
import { addMember, signUp, signupInput, startTestApp, type TestApp } from './helpers';

// The trial's end and the billing e-mails that go out once, on the injected clock.

let h: TestApp;
const DAY = 86_400_000;
const APP = 'http://app.test';

beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => {
  await h?.close();
});

async function trialCompany(name: string, signedUpAt: Date) {
  h.clock.now = signedUpAt;
  const c = h.client();
  const domain = `${name.toLowerCase().replace(/\W/g, '')}.co.uk`;
  await signUp(h.t.db, c, signupInput({ companyName: name, companyDomain: domain, email: `owner@${domain}` }));
  const { id } = await h.t.db.selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return { c, id, domain };
}

const mails = (companyId: string) =>
  h.t.db
    .selectFrom('email_outbox')
    .select(['to_address', 'template', 'subject'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .execute();
const at = (start: Date, days: number, hours = 0) => new Date(start.getTime() + days * DAY + hours * 3_600_000);

describe('the trial lifecycle', () => {
  it('sends the 30, 7 and 1-day reminders once each to every active admin, then locks the company at the end', async () => {
    const start = new Date('2026-03-01T09:00:00Z');
    const { id, domain } = await trialCompany('Reminder FX', start);
    await addMember(h, 'Reminder FX', `second@${domain}`, 'admin');
    await addMember(h, 'Reminder FX', `broker@${domain}`, 'junior');

    expect(await runTrialLifecycle(h.t.db, at(start, 29), APP)).toEqual({ locked: 0, reminders: 0 });
    // 30 days left: two workers at once still send one reminder per admin.
    const both = await Promise.all([
      runTrialLifecycle(h.t.db, at(start, 30), APP),
      runTrialLifecycle(h.t.db, at(start, 30), APP),
    ]);
    expect(both.map((r) => r.reminders).sort()).toEqual([0, 1]);
    await runTrialLifecycle(h.t.db, at(start, 40), APP);
    expect(
      (await mails(id))
        .filter((m) => m.template === 'trial_reminder_30')
        .map((m) => m.to_address)
        .sort(),
    ).toEqual([`owner@${domain}`, `second@${domain}`]);

    await runTrialLifecycle(h.t.db, at(start, 53), APP);
    await runTrialLifecycle(h.t.db, at(start, 59, 1), APP);
    await runTrialLifecycle(h.t.db, at(start, 59, 2), APP);
    const sent = await mails(id);
    expect(sent.filter((m) => m.template === 'trial_reminder_7')).toHaveLength(2);
    expect(sent.filter((m) => m.template === 'trial_reminder_1')).toHaveLength(2);
    expect(sent.find((m) => m.template === 'trial_reminder_1')?.subject).toBe('Your PipPitch trial ends in 1 day');
    expect(sent.some((m) => m.to_address === `broker@${domain}`)).toBe(false);

    const end = await Promise.all([
      runTrialLifecycle(h.t.db, at(start, 60), APP),
      runTrialLifecycle(h.t.db, at(start, 60), APP),
    ]);
    expect(end.map((r) => r.locked).sort()).toEqual([0, 1]);
    const company = await h.t.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ account_locked: true, subscription_active: false, subscription_status: 'locked' });
    expect((await mails(id)).filter((m) => m.template === 'trial_ended')).toHaveLength(2);
    expect(await runTrialLifecycle(h.t.db, at(start, 61), APP)).toEqual({ locked: 0, reminders: 0 });
  });

  it('skips a reminder whose moment passed while no worker ran', async () => {
    const start = new Date('2026-04-01T09:00:00Z');
    const { id } = await trialCompany('Late FX', start);
    await runTrialLifecycle(h.t.db, at(start, 55), APP);
    expect((await mails(id)).map((m) => m.template).filter((t) => t.startsWith('trial_'))).toEqual([
      'trial_reminder_7',
    ]);
  });

  it('leaves paying companies alone', async () => {
    const start = new Date('2026-05-01T09:00:00Z');
    const { c, id } = await trialCompany('Paying Early FX', start);
    const { url } = await c.api.billing.startCheckout.mutate({
      adminSeats: 1,
      brokerSeats: 5,
      billing: 'monthly',
      addons: { companyFinder: false, clientData: false },
    });
    await c.api.billing.testCheckout.pay.mutate({ id: url.split('/').pop() as string });
    await runTrialLifecycle(h.t.db, at(start, 60), APP);
    const company = await h.t.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ account_locked: false, subscription_status: 'active' });
    expect((await mails(id)).map((m) => m.template).filter((t) => t.startsWith('trial_'))).toEqual([]);
  });
});

describe('welcome and checkout follow-up e-mails', () => {
  it('welcomes a new subscription once, however often the payment is confirmed', async () => {
    const { c, id } = await trialCompany('Welcome FX', new Date('2026-06-01T09:00:00Z'));
    const { url } = await c.api.billing.startCheckout.mutate({
      adminSeats: 1,
      brokerSeats: 2,
      billing: 'annual',
      addons: { companyFinder: true, clientData: false },
    });
    const checkout = url.split('/').pop() as string;
    await c.api.billing.testCheckout.pay.mutate({ id: checkout });
    await c.api.billing.testCheckout.pay.mutate({ id: checkout });
    const welcome = (await mails(id)).filter((m) => m.template === 'welcome');
    expect(welcome).toEqual([
      { to_address: 'owner@welcomefx.co.uk', template: 'welcome', subject: 'Welcome to PipPitch, Welcome FX' },
    ]);
  });

  it('follows up a checkout left unpaid for 24 hours once, and not one that was paid', async () => {
    const start = new Date('2026-07-01T09:00:00Z');
    const { c, id } = await trialCompany('Abandon FX', start);
    const choice = {
      adminSeats: 1,
      brokerSeats: 1,
      billing: 'monthly' as const,
      addons: { companyFinder: false, clientData: false },
    };
    await c.api.billing.startCheckout.mutate(choice);
    h.clock.now = at(start, 0, 1);
    await c.api.billing.startCheckout.mutate(choice);
    expect(await sendCheckoutFollowUps(h.t.db, at(start, 1), APP)).toBe(0);
    const later = at(start, 1, 2);
    const sends = await Promise.all([
      sendCheckoutFollowUps(h.t.db, later, APP),
      sendCheckoutFollowUps(h.t.db, later, APP),
    ]);
    expect(sends.sort()).toEqual([0, 1]);
    expect(await sendCheckoutFollowUps(h.t.db, at(start, 3), APP)).toBe(0);
    expect((await mails(id)).filter((m) => m.template === 'checkout_followup')).toHaveLength(1);

    const paid = await trialCompany('Paid Quickly FX', start);
    const { url } = await paid.c.api.billing.startCheckout.mutate(choice);
    await paid.c.api.billing.testCheckout.pay.mutate({ id: url.split('/').pop() as string });
    expect(await sendCheckoutFollowUps(h.t.db, at(start, 2), APP)).toBe(0);
  });
});
