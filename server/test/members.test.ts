import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  errorOf,
  signedIn,
  signUp,
  signupInput,
  startTestApp,
  type TestApp,
  type TestClient,
  WORKED,
} from './helpers';

// Member management on /admin and /admin/account (issue 10 item 3): role changes, deactivation, deletion and
// reset e-mails, each checked by the role hierarchy, scoped to the caller's company and logged.
let h: TestApp;
const ids: Record<string, string> = {};

async function company(name: string) {
  return h.t.db.selectFrom('companies').select(['id']).where('name', '=', name).executeTakeFirstOrThrow();
}

async function profile(id: string) {
  return h.t.db.selectFrom('user_profiles').select(['role_type', 'is_active']).where('id', '=', id).executeTakeFirst();
}

async function entries(type: string) {
  return h.t.db
    .selectFrom('activity_logs')
    .select(['user_id', 'description', 'company_id'])
    .where('action_type', '=', type)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  h = await startTestApp();
  // Acme FX: ada (the owner), two admins and three brokers; 4 admin seats, 5 broker seats.
  await signUp(h.t.db, h.client(), signupInput({ adminSeats: 4, brokerSeats: 5 }));
  ids.owner = (
    await h.t.db
      .updateTable('user_profiles')
      .set({ role_type: 'super_admin' })
      .where('email', '=', 'ada@acmefx.co.uk')
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.admin = await addMember(h, 'Acme FX', 'admin@acmefx.co.uk', 'admin');
  ids.admin2 = await addMember(h, 'Acme FX', 'admin2@acmefx.co.uk', 'admin');
  ids.broker = await addMember(h, 'Acme FX', 'broker@acmefx.co.uk', 'junior');
  ids.broker2 = await addMember(h, 'Acme FX', 'broker2@acmefx.co.uk', 'junior');
  ids.leaver = await addMember(h, 'Acme FX', 'leaver@acmefx.co.uk', 'junior');
  // Another company, whose members Acme's admins must not be able to reach.
  await signUp(
    h.t.db,
    h.client(),
    signupInput({ companyName: 'Other FX', companyDomain: 'other.io', email: 'olga@other.io' }),
  );
  // Signup makes olga Other FX's owner; here she is a plain admin, so Other FX has no owner.
  ids.otherAdmin = (
    await h.t.db
      .updateTable('user_profiles')
      .set({ role_type: 'admin' })
      .where('email', '=', 'olga@other.io')
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.otherBroker = await addMember(h, 'Other FX', 'oscar@other.io', 'junior');
});
afterAll(() => h.close());

describe('role changes', () => {
  it('an admin makes a broker an admin and back; each change is logged by the admin, naming the member', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    await admin.api.team.setRole.mutate({ memberId: ids.broker2!, role: 'admin' });
    expect(await profile(ids.broker2!)).toMatchObject({ role_type: 'admin' });
    // The new admin's next request has admin access.
    const promoted = await signedIn(h, 'broker2@acmefx.co.uk', 'admin');
    expect((await promoted.api.team.members.query()).length).toBeGreaterThan(0);

    await admin.api.team.setRole.mutate({ memberId: ids.broker2!, role: 'broker' });
    expect(await profile(ids.broker2!)).toMatchObject({ role_type: 'junior' });
    const logged = (await entries('role_change')).slice(-2);
    expect(logged).toEqual([
      {
        user_id: ids.admin,
        company_id: (await company('Acme FX')).id,
        description: 'Changed junior broker2@acmefx.co.uk (broker2@acmefx.co.uk) from broker to admin',
      },
      {
        user_id: ids.admin,
        company_id: (await company('Acme FX')).id,
        description: 'Changed junior broker2@acmefx.co.uk (broker2@acmefx.co.uk) from admin to broker',
      },
    ]);
  });

  it('a demoted admin loses admin procedures on their very next request, still signed in', async () => {
    const demotee = await signedIn(h, 'admin2@acmefx.co.uk', 'admin');
    expect(await demotee.api.team.members.query()).toHaveLength(6);
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    await owner.api.team.setRole.mutate({ memberId: ids.admin2!, role: 'broker' });
    expect(await errorOf(demotee.api.team.members.query())).toEqual({
      code: 'FORBIDDEN',
      message: 'You do not have admin access',
    });
    expect(await errorOf(demotee.api.team.setActive.mutate({ memberId: ids.broker!, active: false }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await demotee.api.auth.session.query())?.user.role).toBe('broker');
    await owner.api.team.setRole.mutate({ memberId: ids.admin2!, role: 'admin' });
  });

  it('a promotion needs a free seat of the new role', async () => {
    // Three admin seats, held by ada, admin and admin2.
    const acme = await company('Acme FX');
    await h.t.db.updateTable('companies').set({ admin_seats: 3 }).where('id', '=', acme.id).execute();
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    expect(await errorOf(admin.api.team.setRole.mutate({ memberId: ids.broker!, role: 'admin' }))).toEqual({
      code: 'CONFLICT',
      message: 'Cannot change role: no admin seats available. Add an admin seat first.',
    });
    expect(await profile(ids.broker!)).toMatchObject({ role_type: 'junior' });
    await h.t.db.updateTable('companies').set({ admin_seats: 4 }).where('id', '=', acme.id).execute();
  });

  it('keeps one active admin when two admins demote each other at the same moment', async () => {
    // Other FX has no owner: olga and a second admin, each demoting the other at once.
    const otherAdmin2 = await addMember(h, 'Other FX', 'otto@other.io', 'admin');
    await h.t.db
      .updateTable('companies')
      .set({ admin_seats: 2 })
      .where('id', '=', (await company('Other FX')).id)
      .execute();
    const olga = await signedIn(h, 'olga@other.io', 'admin');
    const otto = await signedIn(h, 'otto@other.io', 'admin');
    const results = await Promise.allSettled([
      olga.api.team.setRole.mutate({ memberId: otherAdmin2, role: 'broker' }),
      otto.api.team.setRole.mutate({ memberId: ids.otherAdmin!, role: 'broker' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    // Whichever ran second acts as a broker by then (or, were its role read stale, leaves no admin): refused.
    expect(['You do not have admin access', 'Cannot change role: At least one active admin is required']).toContain(
      refused.reason.message,
    );
    const admins = await h.t.db
      .selectFrom('user_profiles')
      .select('id')
      .where('company_id', '=', (await company('Other FX')).id)
      .where('role_type', '=', 'admin')
      .where('is_active', '=', true)
      .execute();
    expect(admins).toHaveLength(1);
    // Put Other FX back: olga its admin, otto gone.
    const survivor = admins[0]?.id === ids.otherAdmin ? olga : otto;
    if (survivor === otto) await otto.api.team.setRole.mutate({ memberId: ids.otherAdmin!, role: 'admin' });
    await h.t.db.deleteFrom('user_profiles').where('id', '=', otherAdmin2).execute();
  });
});

describe('deactivation and reactivation', () => {
  it('are logged as member_status by the admin who acted', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    const before = (await entries('member_status')).length;
    await admin.api.team.setActive.mutate({ memberId: ids.broker2!, active: false });
    expect(await profile(ids.broker2!)).toMatchObject({ is_active: false });
    await admin.api.team.setActive.mutate({ memberId: ids.broker2!, active: true });
    expect((await entries('member_status')).slice(before)).toEqual([
      expect.objectContaining({ user_id: ids.admin, description: expect.stringMatching(/^Deactivated .*broker2@/) }),
      expect.objectContaining({ user_id: ids.admin, description: expect.stringMatching(/^Reactivated .*broker2@/) }),
    ]);
  });

  it('a deactivated member holds no seat, so reactivation needs a free one', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    await admin.api.team.setActive.mutate({ memberId: ids.broker2!, active: false });
    // Two broker seats, both held by the active brokers (broker and leaver).
    const acme = await company('Acme FX');
    await h.t.db.updateTable('companies').set({ junior_seats: 2 }).where('id', '=', acme.id).execute();
    expect(await errorOf(admin.api.team.setActive.mutate({ memberId: ids.broker2!, active: true }))).toEqual({
      code: 'CONFLICT',
      message: 'Cannot reactivate: no broker seats available. Add a broker seat first.',
    });
    await h.t.db.updateTable('companies').set({ junior_seats: 5 }).where('id', '=', acme.id).execute();
    await admin.api.team.setActive.mutate({ memberId: ids.broker2!, active: true });
    expect(await profile(ids.broker2!)).toMatchObject({ is_active: true });
  });
});

describe('deleting a member', () => {
  it('removes the member with their calculations, leads and activity log, and logs users_removed', async () => {
    await h.t.db
      .updateTable('companies')
      .set({ company_finder_enabled: true })
      .where('id', '=', (await company('Acme FX')).id)
      .execute();
    const leaver = await signedIn(h, 'leaver@acmefx.co.uk');
    await leaver.api.calculator.save.mutate({ ...WORKED, id: randomUUID(), clientName: 'Acme Widgets Ltd' });
    const count = async (table: 'calculations' | 'user_leads' | 'activity_logs' | 'sessions') =>
      Number(
        (
          await h.t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('user_id', '=', ids.leaver!)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('calculations'), await count('user_leads'), await count('activity_logs')]).toEqual([1, 1, 1]);

    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    // An entry the admin wrote about the leaver is the admin's, so it stays.
    await admin.api.team.setActive.mutate({ memberId: ids.leaver!, active: false });
    expect(await admin.api.team.remove.mutate({ memberId: ids.leaver! })).toEqual({
      removed: ['junior leaver@acmefx.co.uk'],
    });
    expect(await profile(ids.leaver!)).toBeUndefined();
    expect([
      await count('calculations'),
      await count('user_leads'),
      await count('activity_logs'),
      await count('sessions'),
    ]).toEqual([0, 0, 0, 0]);
    expect((await entries('users_removed')).at(-1)).toEqual({
      user_id: ids.admin,
      company_id: (await company('Acme FX')).id,
      description:
        'Removed junior leaver@acmefx.co.uk (leaver@acmefx.co.uk) with their calculations, leads and activity log',
    });
    expect((await entries('member_status')).at(-1)).toMatchObject({
      user_id: ids.admin,
      description: 'Deactivated junior leaver@acmefx.co.uk (leaver@acmefx.co.uk)',
    });
    // Their session ended with them.
    expect(await errorOf(leaver.api.calculator.forCompany.query({ companyName: 'Acme Widgets' }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('is refused when the company has only one member', async () => {
    const solo = h.client();
    await signUp(h.t.db, solo, signupInput({ companyName: 'Solo FX', companyDomain: 'solo.io', email: 'sam@solo.io' }));
    const me = await solo.api.auth.session.query();
    expect(await errorOf(solo.api.team.remove.mutate({ memberId: me!.user.id }))).toEqual({
      code: 'CONFLICT',
      message: 'The only member of a company cannot be removed',
    });
    expect(await profile(me!.user.id)).toBeDefined();
  });
});

describe('password reset e-mails', () => {
  it('an admin sends a member the reset e-mail through the outbox', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    expect(await admin.api.team.sendPasswordReset.mutate({ memberId: ids.broker! })).toEqual({
      email: 'broker@acmefx.co.uk',
      emailed: true,
    });
    const mail = await h.t.db
      .selectFrom('email_outbox')
      .select(['template', 'text_body'])
      .where('to_address', '=', 'broker@acmefx.co.uk')
      .executeTakeFirstOrThrow();
    expect(mail.template).toBe('password_reset');
    expect(mail.text_body).toContain('/reset-password#access_token=');
  });

  it('is refused for a deactivated member (they could not sign in anyway)', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    await admin.api.team.setActive.mutate({ memberId: ids.broker2!, active: false });
    expect(await errorOf(admin.api.team.sendPasswordReset.mutate({ memberId: ids.broker2! }))).toEqual({
      code: 'CONFLICT',
      message: 'Reactivate this member before sending a password reset email',
    });
    await admin.api.team.setActive.mutate({ memberId: ids.broker2!, active: true });
  });
});

describe('nobody acts on themself or on the owner', () => {
  type Call = (c: TestClient, memberId: string) => Promise<unknown>;
  const calls: Record<string, Call> = {
    deactivate: (c, memberId) => c.api.team.setActive.mutate({ memberId, active: false }),
    'change role': (c, memberId) => c.api.team.setRole.mutate({ memberId, role: 'broker' }),
    remove: (c, memberId) => c.api.team.remove.mutate({ memberId }),
    'send reset': (c, memberId) => c.api.team.sendPasswordReset.mutate({ memberId }),
  };

  it.each(Object.keys(calls))('%s: refused on oneself and on the owner, nothing changes', async (name) => {
    const call = calls[name] as Call;
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    const outbox = async () =>
      Number(
        (
          await h.t.db
            .selectFrom('email_outbox')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const mails = await outbox();
    for (const [client, target] of [
      [admin, ids.admin],
      [owner, ids.owner],
      [admin, ids.owner],
    ] as const) {
      const err = await errorOf(call(client, target!));
      expect(err.code).toBe('FORBIDDEN');
      expect(err.message).toMatch(/your own|yourself|account owner/i);
    }
    expect(await profile(ids.owner!)).toEqual({ role_type: 'super_admin', is_active: true });
    expect(await profile(ids.admin!)).toEqual({ role_type: 'admin', is_active: true });
    expect(await outbox()).toBe(mails);
  });

  it('a broker acts on nobody', async () => {
    const broker = await signedIn(h, 'broker2@acmefx.co.uk');
    for (const call of Object.values(calls)) {
      expect(await errorOf(call(broker, ids.broker!))).toEqual({
        code: 'FORBIDDEN',
        message: 'You do not have admin access',
      });
    }
  });

  it("another company's member ids answer 404 for every action, and nothing changes", async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    for (const call of Object.values(calls)) {
      for (const target of [ids.otherBroker!, ids.otherAdmin!, randomUUID()]) {
        expect(await errorOf(call(admin, target))).toEqual({ code: 'NOT_FOUND', message: 'Member not found' });
      }
    }
    expect(await profile(ids.otherBroker!)).toEqual({ role_type: 'junior', is_active: true });
    expect(await profile(ids.otherAdmin!)).toEqual({ role_type: 'admin', is_active: true });
  });

  it('the member list offers what the server allows', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    const list = await admin.api.team.members.query();
    expect(list.find((m) => m.isYou)?.email).toBe('admin@acmefx.co.uk');
    expect(list.filter((m) => m.canToggleActive).map((m) => m.email)).not.toContain('ada@acmefx.co.uk');
    expect(list.every((m) => m.email.endsWith('@acmefx.co.uk'))).toBe(true);
  });
});
