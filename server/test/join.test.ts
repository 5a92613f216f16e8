/**
 * /join on the real procedures (spec §2 Join, §5 Join, §8 Invitation, §9 Invitation validity): every message,
 * expiry at seven days on the injected clock, acceptance signing the new member in with the invitation's role,
 * the last-seat and same-link races, and no token in any log line.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../core/src/config';
import { createTestDatabase } from '../../test/db';
import { buildApp } from '../src/api/app';
import { addMember, createClient, errorOf } from './helpers';
import { acceptInput, DAY, invitationsTestApp, invite, NEW_PASSWORD, newCompany } from './invitation-helpers';

const app = invitationsTestApp();
const UNKNOWN_TOKEN = 'A'.repeat(43);

async function profile(email: string) {
  return app.h.t.db.selectFrom('user_profiles').selectAll().where('email', '=', email).executeTakeFirst();
}

async function invitation(email: string) {
  return app.h.t.db.selectFrom('invitations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

describe('opening a link', () => {
  it('a missing or malformed token is an invalid link; an unknown one is invalid or expired', async () => {
    const { h } = app;
    const api = h.client().api;
    for (const token of ['', 'abc', `${UNKNOWN_TOKEN}x`, `${'A'.repeat(42)}=`, '../../etc/passwd']) {
      expect(await errorOf(api.join.invitation.query({ token }))).toEqual({
        code: 'BAD_REQUEST',
        message: 'Invalid invitation link',
      });
    }
    expect(await errorOf(api.join.invitation.query({ token: UNKNOWN_TOKEN }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Invalid or expired invitation',
    });
  });

  it('shows the company, the address and the role', async () => {
    const { h } = app;
    const c = await newCompany(h, 'open', { adminSeats: 2, brokerSeats: 1 });
    const broker = await invite(h, c, 'bea@open.test');
    const admin = await invite(h, c, 'abe@open.test', 'admin');
    const api = h.client().api;
    expect(await api.join.invitation.query({ token: broker })).toEqual({
      companyName: 'open FX',
      email: 'bea@open.test',
      role: 'broker',
    });
    expect((await api.join.invitation.query({ token: admin })).role).toBe('admin');
  });

  it('expires seven days after it was sent, by the server clock', async () => {
    const { h, realNow } = app;
    const c = await newCompany(h, 'expiry', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, c, 'eve@expiry.test');
    const api = h.client().api;
    h.clock.now = new Date(realNow.getTime() + 7 * DAY - 1);
    expect((await api.join.invitation.query({ token })).email).toBe('eve@expiry.test');
    h.clock.now = new Date(realNow.getTime() + 7 * DAY);
    expect(await errorOf(api.join.invitation.query({ token }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This invitation has expired',
    });
    expect(await errorOf(api.join.accept.mutate(acceptInput(token)))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This invitation has expired',
    });
    expect(await profile('eve@expiry.test')).toBeUndefined();
  });

  it("a revoked invitation is invalid; a locked company's cannot be accepted", async () => {
    const { h } = app;
    const c = await newCompany(h, 'closed', { adminSeats: 1, brokerSeats: 2 });
    const revoked = await invite(h, c, 'rev@closed.test');
    await c.admin.api.invitations.revoke.mutate({ invitationId: (await invitation('rev@closed.test')).id });
    const api = h.client().api;
    expect(await errorOf(api.join.accept.mutate(acceptInput(revoked)))).toEqual({
      code: 'NOT_FOUND',
      message: 'Invalid or expired invitation',
    });

    const token = await invite(h, c, 'loc@closed.test');
    await h.t.db.updateTable('companies').set({ account_locked: true }).where('id', '=', c.id).execute();
    const locked = {
      code: 'FORBIDDEN',
      message:
        "This company's account is locked, so its invitations cannot be accepted. Please contact the person who invited you.",
    };
    expect(await errorOf(api.join.invitation.query({ token }))).toEqual(locked);
    expect(await errorOf(api.join.accept.mutate(acceptInput(token)))).toEqual(locked);
    expect(await profile('loc@closed.test')).toBeUndefined();
  });
});

describe('accepting', () => {
  it('checks the form: first name, password length, confirmation', async () => {
    const { h } = app;
    const c = await newCompany(h, 'form', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, c, 'fay@form.test');
    const api = h.client().api;
    const cases: [Record<string, string>, string][] = [
      [{ firstName: '  ' }, 'Please enter your first name'],
      [{ password: 'short12', confirmPassword: 'short12' }, 'Password must be at least 8 characters'],
      [{ confirmPassword: 'something-else' }, 'Passwords do not match'],
      [{ token: 'nope' }, 'Invalid invitation link'],
    ];
    for (const [change, message] of cases) {
      expect(await errorOf(api.join.accept.mutate({ ...acceptInput(token), ...change }))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
    }
    expect(await profile('fay@form.test')).toBeUndefined();
  });

  it('creates the broker, marks the invitation accepted and signs them in; the link then is used', async () => {
    const { h, realNow } = app;
    const c = await newCompany(h, 'welcome', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, c, 'nina@welcome.test');
    const sent = await invitation('nina@welcome.test');
    h.clock.now = new Date(realNow.getTime() + 60_000);
    const browser = h.client();
    expect(await browser.api.join.accept.mutate(acceptInput(token, ' Nina '))).toEqual({
      redirectTo: '/calculator',
      role: 'broker',
    });
    const session = await browser.api.auth.session.query();
    expect(session?.user).toMatchObject({ email: 'nina@welcome.test', fullName: 'Nina', role: 'broker' });
    expect(session?.company).toMatchObject({ id: c.id, name: 'welcome FX' });

    const member = await profile('nina@welcome.test');
    const inviter = await profile(c.adminEmail);
    expect(member).toMatchObject({
      company_id: c.id,
      role_type: 'junior',
      is_active: true,
      invited_by: inviter?.id,
      invited_at: sent.created_at,
    });
    expect(await invitation('nina@welcome.test')).toMatchObject({ status: 'accepted', accepted_at: h.clock.now });
    // The password chosen here signs in later.
    const later = createClient(h.url);
    expect(
      await later.api.auth.login.mutate({ email: 'nina@welcome.test', password: NEW_PASSWORD, mode: 'user' }),
    ).toMatchObject({ redirectTo: '/calculator' });
    // The seat the invitation held is now the member's.
    expect((await c.admin.api.invitations.overview.query()).seats.broker).toEqual({
      purchased: 1,
      active: 1,
      pending: 0,
      available: 0,
    });
    expect((await c.admin.api.invitations.overview.query()).invitations[0]?.status).toBe('accepted');

    for (const call of [
      () => h.client().api.join.invitation.query({ token }),
      () => h.client().api.join.accept.mutate(acceptInput(token)),
    ]) {
      expect(await errorOf(call())).toEqual({ code: 'CONFLICT', message: 'This invitation has already been used' });
    }
  });

  it('an admin invitation makes an admin, who goes to /admin', async () => {
    const { h } = app;
    const c = await newCompany(h, 'second', { adminSeats: 2, brokerSeats: 0 });
    const token = await invite(h, c, 'max@second.test', 'admin');
    const browser = h.client();
    expect(await browser.api.join.accept.mutate(acceptInput(token, 'Max'))).toEqual({
      redirectTo: '/admin',
      role: 'admin',
    });
    expect((await browser.api.invitations.overview.query()).seats.admin.active).toBe(2);
  });

  it('an address that got an account meanwhile is told to use its password', async () => {
    const { h } = app;
    const c = await newCompany(h, 'taken', { adminSeats: 1, brokerSeats: 1 });
    const other = await newCompany(h, 'taken-other', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, c, 'tom@taken.test');
    await addMember(h, other.name, 'tom@taken.test', 'junior');
    expect(await errorOf(h.client().api.join.accept.mutate(acceptInput(token)))).toEqual({
      code: 'CONFLICT',
      message: 'Account already exists. Please use your existing password.',
    });
    expect((await invitation('tom@taken.test')).status).toBe('pending');
  });
});

describe('races', () => {
  it('the same link used twice at once makes one member; the other is told it was used', async () => {
    const { h } = app;
    const c = await newCompany(h, 'twice', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, c, 'dup@twice.test');
    const results = await Promise.allSettled([
      h.client().api.join.accept.mutate(acceptInput(token, 'One')),
      h.client().api.join.accept.mutate(acceptInput(token, 'Two')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed.map((r) => r.reason.message)).toEqual(['This invitation has already been used']);
    const members = await h.t.db
      .selectFrom('user_profiles')
      .select('id')
      .where('email', '=', 'dup@twice.test')
      .execute();
    expect(members).toHaveLength(1);
  });

  it('two invitees racing for the last seat: exactly one joins, the other is told why', async () => {
    const { h } = app;
    const c = await newCompany(h, 'last', { adminSeats: 1, brokerSeats: 2 });
    const first = await invite(h, c, 'one@last.test');
    const second = await invite(h, c, 'two@last.test');
    // The owner lowered the seats after inviting: two invitations, one seat.
    await h.t.db.updateTable('companies').set({ junior_seats: 1 }).where('id', '=', c.id).execute();
    const results = await Promise.allSettled([
      h.client().api.join.accept.mutate(acceptInput(first, 'One')),
      h.client().api.join.accept.mutate(acceptInput(second, 'Two')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed.map((r) => [r.reason.data?.code, r.reason.message])).toEqual([
      ['CONFLICT', 'This team has no broker seat free any more. Please ask the person who invited you to add a seat.'],
    ]);
    const joined = await h.t.db
      .selectFrom('user_profiles')
      .select('email')
      .where('company_id', '=', c.id)
      .where('role_type', '=', 'junior')
      .execute();
    expect(joined).toHaveLength(1);
    const statuses = await h.t.db
      .selectFrom('invitations')
      .select('status')
      .where('company_id', '=', c.id)
      .orderBy('status')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['accepted', 'pending']);
  });
});

describe('logs', () => {
  it('no join token reaches a log line: not the page URL, the lookup or the acceptance', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ databaseUrl: t.url, env: 'production' }),
      db: t.db,
      serveWeb: false,
      logger: { stream },
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const token = `${'Z'.repeat(20)}secret-join-token-xyz`;
      expect(token).toHaveLength(41);
      const full = `${token}ab`;
      await fetch(`${url}/join?token=${full}`);
      await fetch(`${url}/signup?invitation=${full}`);
      const client = createClient(url);
      await errorOf(client.api.join.invitation.query({ token: full }));
      await errorOf(client.api.join.accept.mutate(acceptInput(full)));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).toContain('/join');
      expect(lines.join('')).not.toContain('secret-join-token');
    } finally {
      await app.close();
      await t.drop();
    }
  });
});
