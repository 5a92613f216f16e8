/**
 * /admin/invite on the real procedures (spec §2 Invite members, §5 Invite, §8 Invitation; design.md §3
 * Invitations): seats held by pending invitations, every message, one pending invitation per address, resend and
 * revoke, the hourly allowance, and who may call what.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/services/auth/tokens';
import { addMember, errorOf, signedIn, startTestApp, type TestApp } from './helpers';
import { invitationMail, invite, joinLink, newCompany } from './invitation-helpers';

let h: TestApp;
let realNow: Date;
beforeAll(async () => {
  h = await startTestApp();
  realNow = h.clock.now;
});
afterEach(() => {
  h.clock.now = realNow;
});
afterAll(() => h.close());

const DAY = 86_400_000;

async function invitationRows(companyId: string) {
  return h.t.db
    .selectFrom('invitations')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .execute();
}

/** Makes the company's invitations to `email` as if sent `ms` ago (members' sessions need the clock where it is). */
async function sentAgo(companyId: string, email: string, ms: number) {
  await h.t.db
    .updateTable('invitations')
    .set((eb) => ({
      created_at: sql`${eb.ref('created_at')} - make_interval(secs => ${ms / 1000})`,
      sent_at: sql`${eb.ref('sent_at')} - make_interval(secs => ${ms / 1000})`,
      expires_at: sql`${eb.ref('expires_at')} - make_interval(secs => ${ms / 1000})`,
    }))
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .execute();
}

describe('seats', () => {
  it('pending invitations hold seats; deactivated members, revoked and expired invitations do not', async () => {
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

    const b1 = (await invitationRows(c.id)).find((r) => r.email === 'b1@seats.test');
    await c.admin.api.invitations.revoke.mutate({ invitationId: b1!.id });
    expect((await seats()).broker).toEqual({ purchased: 3, active: 1, pending: 1, available: 1 });

    // Seven days after it was sent, an invitation holds no seat.
    await sentAgo(c.id, 'b2@seats.test', 7 * DAY - 1000);
    expect((await seats()).broker.pending).toBe(1);
    await sentAgo(c.id, 'b2@seats.test', 1000);
    expect((await seats()).broker).toEqual({ purchased: 3, active: 1, pending: 0, available: 2 });
  });

  it('two admins sending at once cannot both take the last seat', async () => {
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
    expect(await invitationRows(c.id)).toHaveLength(1);
  });
});

describe('sending', () => {
  it('needs at least one address with an @', async () => {
    const c = await newCompany(h, 'empty', { adminSeats: 1, brokerSeats: 2 });
    for (const emails of [[], [''], ['   ', 'no-at-sign']]) {
      expect(await errorOf(c.admin.api.invitations.send.mutate({ role: 'broker', emails }))).toEqual({
        code: 'BAD_REQUEST',
        message: 'Please enter at least one valid email address',
      });
    }
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@empty.test`);
    expect((await errorOf(c.admin.api.invitations.send.mutate({ role: 'broker', emails: many }))).message).toBe(
      'At most 50 addresses at a time',
    );
  });

  it('says when the role has no seats, or fewer than the addresses, and then queues nothing', async () => {
    const c = await newCompany(h, 'full', { adminSeats: 1, brokerSeats: 2 });
    expect(await errorOf(c.admin.api.invitations.send.mutate({ role: 'admin', emails: ['x@full.test'] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'No admin seats available. Please upgrade your subscription to add more seats.',
    });
    const three = ['a@full.test', 'b@full.test', 'c@full.test'];
    expect(await errorOf(c.admin.api.invitations.send.mutate({ role: 'broker', emails: three }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'You only have 2 broker seat(s) available',
    });
    expect(await invitationRows(c.id)).toEqual([]);
    const mails = await h.t.db.selectFrom('email_outbox').select('id').where('to_address', 'in', three).execute();
    expect(mails).toEqual([]);

    const res = await c.admin.api.invitations.send.mutate({ role: 'broker', emails: three.slice(0, 2) });
    expect(res).toEqual({ sent: three.slice(0, 2), refused: [], message: 'Successfully sent 2 invitation(s)' });
    expect(await errorOf(c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['c@full.test'] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'No broker seats available. Please upgrade your subscription to add more seats.',
    });

    const admins = await newCompany(h, 'admins', { adminSeats: 3, brokerSeats: 0 });
    expect(
      (
        await errorOf(
          admins.admin.api.invitations.send.mutate({
            role: 'admin',
            emails: ['a@admins.test', 'b@admins.test', 'c@admins.test'],
          }),
        )
      ).message,
    ).toBe('You only have 2 admin seat(s) available');
  });

  it('answers byte for byte the same for an address with an account elsewhere and an unknown one', async () => {
    const elsewhere = await newCompany(h, 'oracle-owner', { adminSeats: 1, brokerSeats: 2 });
    await addMember(h, elsewhere.name, 'member@oracle-owner.test', 'junior');
    const prober = await newCompany(h, 'oracle-prober', { adminSeats: 1, brokerSeats: 2 });
    const cookie = [...prober.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const send = async (email: string) => {
      const res = await fetch(`${h.url}/trpc/invitations.send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: h.url },
        body: JSON.stringify({ role: 'broker', emails: [email] }),
      });
      return { status: res.status, body: (await res.text()).replaceAll(email, '<address>') };
    };
    // With free seats: both invited, in the same words.
    const known = await send(elsewhere.adminEmail);
    const unknown = await send('nobody-yet@oracle.test');
    expect(known.status).toBe(200);
    expect(known).toEqual(unknown);
    // With no seat left: both refused, in the same words.
    const knownFull = await send('member@oracle-owner.test');
    const unknownFull = await send('nobody-either@oracle.test');
    expect(knownFull.status).toBe(400);
    expect(knownFull).toEqual(unknownFull);
  });

  it('answers for every address of a mixed batch and queues the good ones', async () => {
    const c = await newCompany(h, 'mixed', { adminSeats: 1, brokerSeats: 3 });
    await addMember(h, c.name, 'member@mixed.test', 'junior');
    await invite(h, c, 'waiting@mixed.test');
    // One broker seat is left: the refused rows do not count against it.
    const res = await c.admin.api.invitations.send.mutate({
      role: 'broker',
      emails: [
        ' New@Mixed.test ',
        'bad@',
        'two@@mixed.test',
        'new@mixed.test',
        'member@mixed.test',
        'waiting@mixed.test',
        '',
      ],
    });
    expect(res.sent).toEqual(['new@mixed.test']);
    expect(res.message).toBe('Successfully sent 1 invitation(s)');
    expect(res.refused).toEqual([
      { email: 'bad@', reason: 'is not a valid email address' },
      { email: 'two@@mixed.test', reason: 'is not a valid email address' },
      { email: 'new@mixed.test', reason: 'is listed more than once' },
      { email: 'member@mixed.test', reason: 'is already a member of your team' },
      {
        email: 'waiting@mixed.test',
        reason: 'already has a pending invitation (use Resend in the invitation history)',
      },
    ]);
    const rows = await invitationRows(c.id);
    expect(rows.map((r) => [r.email, r.role_type, r.status]).sort()).toEqual([
      ['new@mixed.test', 'junior', 'pending'],
      ['waiting@mixed.test', 'junior', 'pending'],
    ]);

    // Nothing good at all: no message of success, every refusal named.
    const none = await c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['member@mixed.test'] });
    expect(none).toEqual({
      sent: [],
      refused: [{ email: 'member@mixed.test', reason: 'is already a member of your team' }],
      message: null,
    });
  });

  it('keeps one pending invitation per address and company; another company may invite the same person', async () => {
    const a = await newCompany(h, 'one-a', { adminSeats: 1, brokerSeats: 3 });
    const b = await newCompany(h, 'one-b', { adminSeats: 1, brokerSeats: 3 });
    await invite(h, a, 'sam@elsewhere.test');
    await invite(h, b, 'sam@elsewhere.test');
    const again = await a.admin.api.invitations.send.mutate({ role: 'admin', emails: ['sam@elsewhere.test'] });
    expect(again.sent).toEqual([]);
    // The database holds the rule too: a second pending row for the address is refused.
    const [row] = await invitationRows(a.id);
    await expect(
      h.t.db
        .insertInto('invitations')
        .values({ ...row!, id: undefined, token_hash: 'x'.repeat(64) } as never)
        .execute(),
    ).rejects.toMatchObject({ code: '23505', constraint: 'invitations_one_pending' });

    // Once its seven days are over, inviting again replaces it (the old row is kept as expired).
    await sentAgo(a.id, 'sam@elsewhere.test', 7 * DAY);
    const renewed = await a.admin.api.invitations.send.mutate({ role: 'broker', emails: ['sam@elsewhere.test'] });
    expect(renewed.sent).toEqual(['sam@elsewhere.test']);
    expect((await invitationRows(a.id)).map((r) => r.status)).toEqual(['expired', 'pending']);
    const history = await a.admin.api.invitations.overview.query();
    expect(history.invitations.map((i) => i.status)).toEqual(['pending', 'expired']);
  });

  it('e-mails the company, the inviter and a working link; stores only the token hash', async () => {
    const c = await newCompany(h, 'mail', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, c, 'nina@mail.test');
    const mail = await invitationMail(h, 'nina@mail.test');
    expect(mail.subject).toBe('Ada Admin invited you to join mail FX on PipPitch');
    expect(mail.company_id).toBe(c.id);
    for (const body of [mail.text_body, mail.html]) {
      expect(body).toContain('mail FX');
      expect(body).toContain('Ada Admin (admin@mail.test)');
      expect(body).toContain(`${h.config.publicUrl}/join?token=${token}`);
      expect(body).toContain('as a broker');
      expect(body).toContain('expires in 7 days');
    }
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await invitationRows(c.id);
    expect(row?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.expires_at.getTime()).toBe(realNow.getTime() + 7 * DAY);
    expect(await h.client().api.join.invitation.query({ token })).toEqual({
      companyName: 'mail FX',
      email: 'nina@mail.test',
      role: 'broker',
    });
  });

  it('lists the history newest first with each status', async () => {
    const c = await newCompany(h, 'history', { adminSeats: 2, brokerSeats: 3 });
    expect((await c.admin.api.invitations.overview.query()).invitations).toEqual([]);
    await invite(h, c, 'first@history.test');
    h.clock.now = new Date(realNow.getTime() + 1000);
    await invite(h, c, 'second@history.test', 'admin');
    const list = (await c.admin.api.invitations.overview.query()).invitations;
    expect(list.map((i) => [i.email, i.role, i.status, i.invitedBy])).toEqual([
      ['second@history.test', 'admin', 'pending', 'Ada Admin'],
      ['first@history.test', 'broker', 'pending', 'Ada Admin'],
    ]);
    expect(list[1]?.createdAt).toBe(realNow.toISOString());
  });
});

describe('resend and revoke', () => {
  it('resend gives a new link valid seven days; the old one stops working', async () => {
    const c = await newCompany(h, 'resend', { adminSeats: 1, brokerSeats: 1 });
    const old = await invite(h, c, 'rita@resend.test');
    const [row] = await invitationRows(c.id);
    h.clock.now = new Date(realNow.getTime() + 3 * DAY);
    expect(await c.admin.api.invitations.resend.mutate({ invitationId: row!.id })).toEqual({
      message: 'Invitation sent again. The earlier link no longer works.',
    });
    const fresh = (await joinLink(h, 'rita@resend.test')).token;
    expect(fresh).not.toBe(old);
    expect(await errorOf(h.client().api.join.invitation.query({ token: old }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Invalid or expired invitation',
    });
    expect((await h.client().api.join.invitation.query({ token: fresh })).email).toBe('rita@resend.test');
    const [after] = await invitationRows(c.id);
    expect(after?.expires_at.getTime()).toBe(realNow.getTime() + 10 * DAY);
    expect(after?.created_at.getTime()).toBe(realNow.getTime());
    // Past the first link's seven days, the resent one still works.
    h.clock.now = new Date(realNow.getTime() + 9 * DAY);
    expect((await h.client().api.join.invitation.query({ token: fresh })).email).toBe('rita@resend.test');
  });

  it('an expired invitation can be resent while a seat is free, not when the seat went to someone else', async () => {
    const c = await newCompany(h, 'lapsed', { adminSeats: 1, brokerSeats: 1 });
    await invite(h, c, 'late@lapsed.test');
    const [row] = await invitationRows(c.id);
    await sentAgo(c.id, 'late@lapsed.test', 8 * DAY);
    await addMember(h, c.name, 'took@lapsed.test', 'junior');
    expect(await errorOf(c.admin.api.invitations.resend.mutate({ invitationId: row!.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'No broker seats available. Please upgrade your subscription to add more seats.',
    });
    await h.t.db
      .updateTable('user_profiles')
      .set({ is_active: false })
      .where('email', '=', 'took@lapsed.test')
      .execute();
    await c.admin.api.invitations.resend.mutate({ invitationId: row!.id });
    const list = (await c.admin.api.invitations.overview.query()).invitations;
    expect(list.map((i) => i.status)).toEqual(['pending']);
  });

  it('revoke ends the link and frees the seat; a revoked invitation cannot be resent or revoked again', async () => {
    const c = await newCompany(h, 'revoke', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, c, 'rob@revoke.test');
    const [row] = await invitationRows(c.id);
    expect(await c.admin.api.invitations.revoke.mutate({ invitationId: row!.id })).toEqual({
      message: 'Invitation revoked. Its link no longer works and its seat is free.',
    });
    expect((await errorOf(h.client().api.join.invitation.query({ token }))).message).toBe(
      'Invalid or expired invitation',
    );
    expect((await c.admin.api.invitations.overview.query()).seats.broker.available).toBe(1);
    expect((await c.admin.api.invitations.overview.query()).invitations[0]?.status).toBe('revoked');
    expect((await errorOf(c.admin.api.invitations.revoke.mutate({ invitationId: row!.id }))).message).toBe(
      'Only a pending or expired invitation can be revoked',
    );
    expect((await errorOf(c.admin.api.invitations.resend.mutate({ invitationId: row!.id }))).message).toBe(
      'Only a pending or expired invitation can be resent',
    );
  });

  it("another company's invitation ids are not found, and its invitations are not listed", async () => {
    const a = await newCompany(h, 'cross-a', { adminSeats: 1, brokerSeats: 1 });
    const b = await newCompany(h, 'cross-b', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, a, 'kim@cross.test');
    const [row] = await invitationRows(a.id);
    for (const call of [
      () => b.admin.api.invitations.resend.mutate({ invitationId: row!.id }),
      () => b.admin.api.invitations.revoke.mutate({ invitationId: row!.id }),
      () => b.admin.api.invitations.revoke.mutate({ invitationId: '00000000-0000-4000-8000-000000000000' }),
    ]) {
      expect(await errorOf(call())).toEqual({ code: 'NOT_FOUND', message: 'Invitation not found' });
    }
    expect(await errorOf(b.admin.api.invitations.revoke.mutate({ invitationId: 'not-a-uuid' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invitation not found',
    });
    expect((await errorOf(b.admin.api.invitations.resend.mutate({ invitationId: row!.id }))).code).toBe('NOT_FOUND');
    expect((await b.admin.api.invitations.overview.query()).invitations).toEqual([]);
    // Untouched: a's link still works.
    expect((await h.client().api.join.invitation.query({ token })).companyName).toBe('cross-a FX');
  });
});

describe('who may invite', () => {
  it('brokers are refused (403) and signed-out callers asked to sign in (401)', async () => {
    const c = await newCompany(h, 'roles', { adminSeats: 1, brokerSeats: 2 });
    await invite(h, c, 'pat@roles.test');
    const [row] = await invitationRows(c.id);
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
    expect((await invitationRows(c.id)).map((r) => r.status)).toEqual(['pending']);
  });

  it('a locked company sends no invitations', async () => {
    const c = await newCompany(h, 'locked', { adminSeats: 1, brokerSeats: 2 });
    await h.t.db.updateTable('companies').set({ account_locked: true }).where('id', '=', c.id).execute();
    expect(
      (await errorOf(c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['l@locked.test'] }))).code,
    ).toBe('FORBIDDEN');
  });
});

describe('hourly allowance', () => {
  it('a company sends at most 50 invitations an hour (resends count); refused ones queue nothing', async () => {
    const c = await newCompany(h, 'limit', { adminSeats: 1, brokerSeats: 60 });
    const fifty = Array.from({ length: 50 }, (_, i) => `p${i}@limit.test`);
    expect((await c.admin.api.invitations.send.mutate({ role: 'broker', emails: fifty })).sent).toHaveLength(50);
    const tooMany = {
      code: 'TOO_MANY_REQUESTS',
      message: 'Your company has sent the most invitations allowed in an hour (50). Please wait a while and try again.',
    };
    expect(await errorOf(c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['p50@limit.test'] }))).toEqual(
      tooMany,
    );
    const [row] = await invitationRows(c.id);
    expect(await errorOf(c.admin.api.invitations.resend.mutate({ invitationId: row!.id }))).toEqual(tooMany);
    expect(await invitationRows(c.id)).toHaveLength(50);
    const mails = await h.t.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(50);
    // Another company's allowance is its own.
    const other = await newCompany(h, 'limit-other', { adminSeats: 1, brokerSeats: 1 });
    await invite(h, other, 'q@limit.test');
    // The counter is kept per company in the shared rate-limit table.
    const counted = await sql<{ hits: number }>`
      SELECT sum(hits)::int AS hits FROM rate_limits WHERE key = ${`invitations:company:${c.id}`}`.execute(h.t.db);
    expect(counted.rows[0]?.hits).toBe(50);
  });
});
