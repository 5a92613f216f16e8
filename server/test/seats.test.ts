import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, errorOf, signedIn, signUp, signupInput, startTestApp, type TestApp } from './helpers';

// Seat management on /admin/seats (issue 10 item 4): the super_admin's alone; in trial seats are saved with
// their prices recomputed; never below what members and pending invitations hold; paid plans refused clearly.
let h: TestApp;
const ids: Record<string, string> = {};

async function acme() {
  return h.t.db.selectFrom('companies').selectAll().where('name', '=', 'Acme FX').executeTakeFirstOrThrow();
}

beforeAll(async () => {
  h = await startTestApp();
  // Acme FX: ada (the owner), an admin and two brokers; 2 admin seats, 5 broker seats (7: £27 a seat).
  await signUp(h.t.db, h.client(), signupInput({ adminSeats: 2, brokerSeats: 5 }));
  ids.owner = (
    await h.t.db
      .updateTable('user_profiles')
      .set({ role_type: 'super_admin' })
      .where('email', '=', 'ada@acmefx.co.uk')
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.admin = await addMember(h, 'Acme FX', 'admin@acmefx.co.uk', 'admin');
  ids.broker = await addMember(h, 'Acme FX', 'broker@acmefx.co.uk', 'junior');
  ids.broker2 = await addMember(h, 'Acme FX', 'broker2@acmefx.co.uk', 'junior');
  await signUp(
    h.t.db,
    h.client(),
    signupInput({ companyName: 'Other FX', companyDomain: 'other.io', email: 'olga@other.io' }),
  );
  ids.otherBroker = await addMember(h, 'Other FX', 'oscar@other.io', 'junior');
});
afterAll(() => h.close());

describe('the seats overview', () => {
  it('shows seats, who holds them and the smallest counts a save may ask for', async () => {
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    const o = await owner.api.seats.overview.query();
    expect(o.usage.total).toEqual({ purchased: 7, used: 4, pending: 0, available: 3 });
    expect(o.minimum).toEqual({ admin: 2, broker: 2 });
  });
});

describe('changing seats in the trial', () => {
  it('saves the seats with prices from the pricing scheme and logs seat_change', async () => {
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    const result = await owner.api.seats.save.mutate({ adminSeats: 3, brokerSeats: 11 });
    // 14 seats: Enterprise, £24 a seat, £336 a month.
    expect(result).toEqual({
      kind: 'saved',
      adminSeats: 3,
      brokerSeats: 11,
      pricePerSeat: '24.00',
      monthlyPrice: '336.00',
    });
    const c = await acme();
    expect({
      admin: c.admin_seats,
      broker: c.junior_seats,
      perSeat: c.price_per_month,
      monthly: c.subscription_price,
      discount: c.discount_percentage,
    }).toEqual({ admin: 3, broker: 11, perSeat: '24.00', monthly: '336.00', discount: 20 });
    const entry = await h.t.db
      .selectFrom('activity_logs')
      .select(['user_id', 'description'])
      .where('action_type', '=', 'seat_change')
      .where('company_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      user_id: ids.owner,
      description:
        'Changed seats from 2 admin + 5 broker (7) to 3 admin + 11 broker (14); £24.00 per seat, £336.00 per month',
    });
    expect((await owner.api.seats.overview.query()).usage.total.purchased).toBe(14);
  });

  it('refuses fewer seats than active members and pending invitations hold', async () => {
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    const c = await acme();
    await h.t.db
      .insertInto('invitations')
      .values({
        company_id: c.id,
        email: 'new@acmefx.co.uk',
        role_type: 'junior',
        token_hash: randomUUID(),
        expires_at: new Date(h.clock.now.getTime() + 86_400_000),
      })
      .execute();
    // Two active brokers and a pending invitation hold 3 broker seats; ada and the admin hold 2 admin seats.
    for (const seats of [
      { adminSeats: 1, brokerSeats: 5 },
      { adminSeats: 2, brokerSeats: 2 },
    ]) {
      expect(await errorOf(owner.api.seats.save.mutate(seats))).toEqual({
        code: 'BAD_REQUEST',
        message: 'Cannot reduce seats below current team size',
      });
    }
    expect((await acme()).junior_seats).toBe(11);
    await owner.api.seats.save.mutate({ adminSeats: 2, brokerSeats: 3 });
    expect((await acme()).junior_seats).toBe(3);
    // A deactivated broker holds no seat.
    await owner.api.team.setActive.mutate({ memberId: ids.broker2!, active: false });
    await owner.api.seats.save.mutate({ adminSeats: 2, brokerSeats: 2 });
    expect((await acme()).junior_seats).toBe(2);
    await h.t.db.deleteFrom('invitations').where('email', '=', 'new@acmefx.co.uk').execute();
  });

  it('refuses what the schema cannot hold with its own message', async () => {
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    expect(await errorOf(owner.api.seats.save.mutate({ adminSeats: 0, brokerSeats: 5 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('At least one admin seat is required'),
    });
  });
});

describe('a paid company (test-mode provider)', () => {
  it('adds seats through the provider at once and reduces them from the next period', async () => {
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    const c = await acme();
    const { url } = await owner.api.billing.startCheckout.mutate({
      adminSeats: c.admin_seats,
      brokerSeats: c.junior_seats,
      billing: 'monthly',
      addons: { companyFinder: false, clientData: false },
    });
    await owner.api.billing.testCheckout.pay.mutate({ id: url.split('/').pop() as string });
    const subscriptionSeats = async () =>
      h.t.db
        .selectFrom('test_mode_subscriptions')
        .select(['admin_seats', 'broker_seats'])
        .where('id', '=', (await acme()).stripe_subscription_id as string)
        .executeTakeFirstOrThrow();

    // Added seats on a paid plan are a payment step: the amount first (paid during the trial: nothing now).
    const wanted = { adminSeats: c.admin_seats, brokerSeats: c.junior_seats + 3 };
    const asked = await owner.api.seats.save.mutate(wanted);
    if (asked.kind !== 'confirm') throw new Error(`expected a confirmation, got ${asked.kind}`);
    expect(asked.charge).toMatchObject({ dueNowPence: 0, charge: 'now' });
    expect(asked.charge.sentence).toMatch(/^Nothing is charged now\. Your first charge of £[\d,.]+ per month/);
    expect((await acme()).junior_seats).toBe(c.junior_seats);
    const { prorationDate, dueNowPence } = asked.charge;
    const more = await owner.api.seats.save.mutate({ ...wanted, confirmation: { prorationDate, dueNowPence } });
    expect(more).toMatchObject({ kind: 'saved', brokerSeats: c.junior_seats + 3 });
    expect((await acme()).junior_seats).toBe(c.junior_seats + 3);
    expect(await subscriptionSeats()).toEqual({ admin_seats: c.admin_seats, broker_seats: c.junior_seats + 3 });

    const fewer = await owner.api.seats.save.mutate({ adminSeats: c.admin_seats, brokerSeats: c.junior_seats });
    expect(fewer.kind).toBe('saved');
    expect(await subscriptionSeats()).toEqual({ admin_seats: c.admin_seats, broker_seats: c.junior_seats });
    // Still never below the team.
    expect(await errorOf(owner.api.seats.save.mutate({ adminSeats: 1, brokerSeats: 0 }))).toMatchObject({
      message: 'Cannot reduce seats below current team size',
    });
    // Back to the trial for the tests after this one.
    await h.t.db
      .updateTable('companies')
      .set({ subscription_status: 'trialing', subscription_type: 'trial', stripe_subscription_id: null })
      .where('id', '=', c.id)
      .execute();
  });
});

describe('only the super_admin', () => {
  it('an admin is refused every seats procedure with 403', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    const refused = { code: 'FORBIDDEN', message: 'Only the super admin can manage seats' };
    expect(await errorOf(admin.api.seats.overview.query())).toEqual(refused);
    expect(await errorOf(admin.api.seats.save.mutate({ adminSeats: 2, brokerSeats: 9 }))).toEqual(refused);
    expect(await errorOf(admin.api.seats.removeUsers.mutate({ memberIds: [ids.broker!] }))).toEqual(refused);
    expect(
      await h.t.db.selectFrom('user_profiles').select('id').where('id', '=', ids.broker!).executeTakeFirst(),
    ).toBeDefined();
  });
});

describe("the account page's seat steppers (admins)", () => {
  it('an admin changes seats through the same rules; a broker cannot', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    const before = await acme();
    const overview = await admin.api.seats.accountOverview.query();
    expect(overview.usage.total.purchased).toBe(before.admin_seats + before.junior_seats);
    const saved = await admin.api.seats.saveFromAccount.mutate({
      adminSeats: before.admin_seats,
      brokerSeats: before.junior_seats + 1,
    });
    expect(saved).toMatchObject({ kind: 'saved', brokerSeats: before.junior_seats + 1 });
    expect((await acme()).junior_seats).toBe(before.junior_seats + 1);
    expect(await errorOf(admin.api.seats.saveFromAccount.mutate({ adminSeats: 1, brokerSeats: 0 }))).toMatchObject({
      message: 'Cannot reduce seats below current team size',
    });
    await admin.api.seats.saveFromAccount.mutate({ adminSeats: before.admin_seats, brokerSeats: before.junior_seats });
    const broker = await signedIn(h, 'broker@acmefx.co.uk');
    expect(await errorOf(broker.api.seats.saveFromAccount.mutate({ adminSeats: 2, brokerSeats: 9 }))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('removing users on the seats page', () => {
  it('deletes the chosen members and logs users_removed once', async () => {
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    const extra = await addMember(h, 'Acme FX', 'extra@acmefx.co.uk', 'junior');
    expect(await owner.api.seats.removeUsers.mutate({ memberIds: [ids.broker2!, extra] })).toEqual({
      removed: ['junior broker2@acmefx.co.uk', 'junior extra@acmefx.co.uk'],
    });
    const left = await h.t.db
      .selectFrom('user_profiles')
      .select('email')
      .where('id', 'in', [ids.broker2!, extra])
      .execute();
    expect(left).toEqual([]);
    const entry = await h.t.db
      .selectFrom('activity_logs')
      .select(['user_id', 'description'])
      .where('action_type', '=', 'users_removed')
      .executeTakeFirstOrThrow();
    expect(entry.user_id).toBe(ids.owner);
    expect(entry.description).toBe(
      'Removed 2 users with their calculations, leads and activity logs: junior broker2@acmefx.co.uk (broker2@acmefx.co.uk), junior extra@acmefx.co.uk (extra@acmefx.co.uk)',
    );
  });

  it('refuses the whole removal if it includes the owner, or a member of another company (404)', async () => {
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    expect(await errorOf(owner.api.seats.removeUsers.mutate({ memberIds: [ids.broker!, ids.owner!] }))).toEqual({
      code: 'FORBIDDEN',
      message: 'You cannot remove your own account',
    });
    expect(await errorOf(owner.api.seats.removeUsers.mutate({ memberIds: [ids.broker!, ids.otherBroker!] }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Member not found',
    });
    const still = await h.t.db
      .selectFrom('user_profiles')
      .select('id')
      .where('id', 'in', [ids.broker!, ids.otherBroker!, ids.owner!])
      .execute();
    expect(still).toHaveLength(3);
  });
});
