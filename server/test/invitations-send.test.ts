/**
 * /admin/invite sending, on the real procedures (spec §2 Invite members, §5 Invite, §8 Invitation; design.md §3
 * Invitations): every message, every address of a batch answered, one pending invitation per address, the e-mail
 * and its link, and the history.
 */
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../core/src/services/auth/tokens';
import { addMember, errorOf } from './helpers';
import {
  DAY,
  invitationMail,
  invitationRows,
  invitationsTestApp,
  invite,
  newCompany,
  sentAgo,
} from './invitation-helpers';

const app = invitationsTestApp();

describe('sending', () => {
  it('needs at least one address with an @', async () => {
    const { h } = app;
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
    const { h } = app;
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
    expect(await invitationRows(h, c.id)).toEqual([]);
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
    const { h } = app;
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
    const { h } = app;
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
    const rows = await invitationRows(h, c.id);
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
    const { h } = app;
    const a = await newCompany(h, 'one-a', { adminSeats: 1, brokerSeats: 3 });
    const b = await newCompany(h, 'one-b', { adminSeats: 1, brokerSeats: 3 });
    await invite(h, a, 'sam@elsewhere.test');
    await invite(h, b, 'sam@elsewhere.test');
    const again = await a.admin.api.invitations.send.mutate({ role: 'admin', emails: ['sam@elsewhere.test'] });
    expect(again.sent).toEqual([]);
    // The database holds the rule too: a second pending row for the address is refused.
    const [row] = await invitationRows(h, a.id);
    await expect(
      h.t.db
        .insertInto('invitations')
        .values({ ...row!, id: undefined, token_hash: 'x'.repeat(64) } as never)
        .execute(),
    ).rejects.toMatchObject({ code: '23505', constraint: 'invitations_one_pending' });

    // Once its seven days are over, inviting again replaces it (the old row is kept as expired).
    await sentAgo(h, a.id, 'sam@elsewhere.test', 7 * DAY);
    const renewed = await a.admin.api.invitations.send.mutate({ role: 'broker', emails: ['sam@elsewhere.test'] });
    expect(renewed.sent).toEqual(['sam@elsewhere.test']);
    expect((await invitationRows(h, a.id)).map((r) => r.status)).toEqual(['expired', 'pending']);
    const history = await a.admin.api.invitations.overview.query();
    expect(history.invitations.map((i) => i.status)).toEqual(['pending', 'expired']);
  });

  it('e-mails the company, the inviter and a working link; stores only the token hash', async () => {
    const { h, realNow } = app;
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
    const [row] = await invitationRows(h, c.id);
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
    const { h, realNow } = app;
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
