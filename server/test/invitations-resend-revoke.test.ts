/**
 * /admin/invite's resend and revoke on the real procedures (spec §2 Invite members; design.md §3 Invitations):
 * a new link, an expired invitation, a revoked one, and another company's ids.
 */
import { describe, expect, it } from 'vitest';
import { addMember, errorOf } from './helpers';
import { DAY, invitationRows, invitationsTestApp, invite, joinLink, newCompany, sentAgo } from './invitation-helpers';

const app = invitationsTestApp();

describe('resend and revoke', () => {
  it('resend gives a new link valid seven days; the old one stops working', async () => {
    const { h, realNow } = app;
    const c = await newCompany(h, 'resend', { adminSeats: 1, brokerSeats: 1 });
    const old = await invite(h, c, 'rita@resend.test');
    const [row] = await invitationRows(h, c.id);
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
    const [after] = await invitationRows(h, c.id);
    expect(after?.expires_at.getTime()).toBe(realNow.getTime() + 10 * DAY);
    expect(after?.created_at.getTime()).toBe(realNow.getTime());
    // Past the first link's seven days, the resent one still works.
    h.clock.now = new Date(realNow.getTime() + 9 * DAY);
    expect((await h.client().api.join.invitation.query({ token: fresh })).email).toBe('rita@resend.test');
  });

  it('an expired invitation can be resent while a seat is free, not when the seat went to someone else', async () => {
    const { h } = app;
    const c = await newCompany(h, 'lapsed', { adminSeats: 1, brokerSeats: 1 });
    await invite(h, c, 'late@lapsed.test');
    const [row] = await invitationRows(h, c.id);
    await sentAgo(h, c.id, 'late@lapsed.test', 8 * DAY);
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
    const { h } = app;
    const c = await newCompany(h, 'revoke', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, c, 'rob@revoke.test');
    const [row] = await invitationRows(h, c.id);
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
    const { h } = app;
    const a = await newCompany(h, 'cross-a', { adminSeats: 1, brokerSeats: 1 });
    const b = await newCompany(h, 'cross-b', { adminSeats: 1, brokerSeats: 1 });
    const token = await invite(h, a, 'kim@cross.test');
    const [row] = await invitationRows(h, a.id);
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
