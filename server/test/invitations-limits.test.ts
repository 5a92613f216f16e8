/**
 * Who and how many /admin/invite lets through (spec §2 Invite members; design.md §3 Invitations): seats held by
 * pending invitations, the last seat under a race, the roles that may invite, a locked company, the hourly
 * allowance.
 */

import { TRIAL_LIMITS } from '@pippitch/shared/trial-limits';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMember, errorOf, signedIn } from './helpers';
import { DAY, invitationRows, invitationsTestApp, invite, newCompany, sentAgo } from './invitation-helpers';

const app = invitationsTestApp();

describe('seats', () => {
  it('pending invitations hold seats; deactivated members, revoked and expired invitations do not', async () => {
    const { h } = app;
    const c = await newCompany(h, 'seats', { adminSeats: 2, brokerSeats: 3 });
    const seats = async () => (await c.admin.api.invitations.overview.query()).seats;
    expect(await seats()).toEqual({
      admin: { purchased: 2, active: 1, pending: 0, available: 1 },
      broker: { purchased: 3, active: 0, pending: 0, available: 3 },
      total: { purchased: 5, used: 1, pending: 0, available: 4 },
    });

    await c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['b1@seats.test', 'b2@seats.test'] });
    expect((await seats()).broker).toEqual({ purchased: 3, active: 0, pending: 2, available: 1 });
    expect((await seats()).total.available).toBe(2);

    const gone = await addMember(h, c.name, 'gone@seats.test', 'junior');
    await h.t.db.updateTable('user_profiles').set({ is_active: false }).where('id', '=', gone).execute();
    expect((await seats()).broker.available).toBe(1);
    await addMember(h, c.name, 'here@seats.test', 'junior');
    expect((await seats()).broker).toEqual({ purchased: 3, active: 1, pending: 2, available: 0 });

    const b1 = (await invitationRows(h, c.id)).find((r) => r.email === 'b1@seats.test');
    await c.admin.api.invitations.revoke.mutate({ invitationId: b1!.id });
    expect((await seats()).broker).toEqual({ purchased: 3, active: 1, pending: 1, available: 1 });

    // Seven days after it was sent, an invitation holds no seat.
    await sentAgo(h, c.id, 'b2@seats.test', 7 * DAY - 1000);
    expect((await seats()).broker.pending).toBe(1);
    await sentAgo(h, c.id, 'b2@seats.test', 1000);
    expect((await seats()).broker).toEqual({ purchased: 3, active: 1, pending: 0, available: 2 });
  });

  it('two admins sending at once cannot both take the last seat', async () => {
    const { h } = app;
    const c = await newCompany(h, 'race', { adminSeats: 2, brokerSeats: 1 });
    await addMember(h, c.name, 'second@race.test', 'admin');
    const other = await signedIn(h, 'second@race.test', 'admin');
    const results = await Promise.allSettled([
      c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['one@race.test'] }),
      other.api.invitations.send.mutate({ role: 'broker', emails: ['two@race.test'] }),
    ]);
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(1);
    expect((failed[0] as PromiseRejectedResult).reason.message).toBe(
      'No broker seats available. Please upgrade your subscription to add more seats.',
    );
    expect(await invitationRows(h, c.id)).toHaveLength(1);
  });
});

describe('who may invite', () => {
  it('brokers are refused (403) and signed-out callers asked to sign in (401)', async () => {
    const { h } = app;
    const c = await newCompany(h, 'roles', { adminSeats: 1, brokerSeats: 2 });
    await invite(h, c, 'pat@roles.test');
    const [row] = await invitationRows(h, c.id);
    await addMember(h, c.name, 'broker@roles.test', 'junior');
    const broker = await signedIn(h, 'broker@roles.test');
    const anonymous = h.client();
    for (const client of [broker, anonymous]) {
      const calls = [
        () => client.api.invitations.overview.query(),
        () => client.api.invitations.send.mutate({ role: 'broker', emails: ['z@roles.test'] }),
        () => client.api.invitations.resend.mutate({ invitationId: row!.id }),
        () => client.api.invitations.revoke.mutate({ invitationId: row!.id }),
      ];
      for (const call of calls) {
        expect(await errorOf(call())).toEqual(
          client === broker
            ? { code: 'FORBIDDEN', message: 'You do not have admin access' }
            : { code: 'UNAUTHORIZED', message: 'Please sign in to continue' },
        );
      }
    }
    expect((await invitationRows(h, c.id)).map((r) => r.status)).toEqual(['pending']);
  });

  it('a locked company sends no invitations', async () => {
    const { h } = app;
    const c = await newCompany(h, 'locked', { adminSeats: 1, brokerSeats: 2 });
    await h.t.db.updateTable('companies').set({ account_locked: true }).where('id', '=', c.id).execute();
    expect(
      (await errorOf(c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['l@locked.test'] }))).code,
    ).toBe('FORBIDDEN');
  });
});

describe('hourly allowance', () => {
  it('a company sends at most 50 invitations an hour (resends count); refused ones queue nothing', async () => {
    const { h } = app;
    const c = await newCompany(h, 'limit', { adminSeats: 1, brokerSeats: 60 });
    // A paying company: an unpaid trial's daily limit (below) would come first.
    await h.t.db.updateTable('companies').set({ subscription_status: 'active' }).where('id', '=', c.id).execute();
    const fifty = Array.from({ length: 50 }, (_, i) => `p${i}@limit.test`);
    expect((await c.admin.api.invitations.send.mutate({ role: 'broker', emails: fifty })).sent).toHaveLength(50);
    const tooMany = {
      code: 'TOO_MANY_REQUESTS',
      message: 'Your company has sent the most invitations allowed in an hour (50). Please wait a while and try again.',
    };
    expect(await errorOf(c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['p50@limit.test'] }))).toEqual(
      tooMany,
    );
    const [row] = await invitationRows(h, c.id);
    expect(await errorOf(c.admin.api.invitations.resend.mutate({ invitationId: row!.id }))).toEqual(tooMany);
    expect(await invitationRows(h, c.id)).toHaveLength(50);
    const mails = await h.t.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(50);
    // Another company's allowance is its own.
    const other = await newCompany(h, 'limit-other', { adminSeats: 1, brokerSeats: 1 });
    await h.t.db.updateTable('companies').set({ subscription_status: 'active' }).where('id', '=', other.id).execute();
    await invite(h, other, 'q@limit.test');
    // The counter is kept per company in the shared rate-limit table.
    const counted = await sql<{ hits: number }>`
      SELECT sum(hits)::int AS hits FROM rate_limits WHERE key = ${`invitations:company:${c.id}`}`.execute(h.t.db);
    expect(counted.rows[0]?.hits).toBe(50);
  });
});

describe("an unpaid trial's daily allowance (issue 30)", () => {
  it('sends at most 25 invitations in 24 hours (resends count) until the first payment, in words with the number', async () => {
    const { h } = app;
    const c = await newCompany(h, 'trial-day', { adminSeats: 1, brokerSeats: 24 });
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}@trial-day.test`);
    expect((await c.admin.api.invitations.send.mutate({ role: 'broker', emails: twenty })).sent).toHaveLength(20);
    const [row] = await invitationRows(h, c.id);
    for (let i = 0; i < 5; i++) await c.admin.api.invitations.resend.mutate({ invitationId: row!.id });
    const tooMany = {
      code: 'TOO_MANY_REQUESTS',
      message: `A free trial can send up to ${TRIAL_LIMITS.invitationsPerDay} invitations in 24 hours. Please try again tomorrow, or choose a plan to lift this limit.`,
    };
    expect(TRIAL_LIMITS.invitationsPerDay).toBe(25);
    expect(
      await errorOf(c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['t20@trial-day.test'] })),
    ).toEqual(tooMany);
    expect(await errorOf(c.admin.api.invitations.resend.mutate({ invitationId: row!.id }))).toEqual(tooMany);
    expect(await invitationRows(h, c.id)).toHaveLength(20);
    // Paid: the trial's limit goes; the hourly one (50) is still far off.
    await h.t.db.updateTable('companies').set({ subscription_status: 'active' }).where('id', '=', c.id).execute();
    expect(
      (await c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['t20@trial-day.test'] })).sent,
    ).toEqual(['t20@trial-day.test']);
  });
});
