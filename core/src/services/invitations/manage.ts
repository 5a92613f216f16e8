import { INVITE_MESSAGES, seatRoleOf } from '@pippitch/shared/invitations';
import { noSeatsMessage } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../actor';
import { companySeatUsage, lockCompanySeats } from '../team/seat-usage';
import { newInvitationLink, queueInvitationEmail, senderOf, takeInvitationAllowance } from './link';

/** The invitation, locked, only within the actor's company: another company's id is simply not found. */
async function lockedInvitation(trx: Database, actor: Actor, invitationId: string) {
  const row = await trx
    .selectFrom('invitations')
    .select(['id', 'email', 'role_type', 'status', 'expires_at'])
    .where('id', '=', invitationId)
    .where('company_id', '=', actor.companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(INVITE_MESSAGES.notFound);
  return row;
}

/**
 * Sends a pending or lapsed invitation again with a new link: the old token stops working at once and the new
 * one is valid seven days. A lapsed invitation holds no seat, so it needs a free one again.
 */
export async function resendInvitation(
  db: Database,
  actor: Actor,
  invitationId: string,
  context: { now: Date; publicUrl: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCompanySeats(trx, actor.companyId);
    const invitation = await lockedInvitation(trx, actor, invitationId);
    if (invitation.status !== 'pending') throw badRequest(INVITE_MESSAGES.notResendable);
    // As when sending: only the company's own members are named (send.ts says why).
    const member = await trx
      .selectFrom('user_profiles')
      .select('id')
      .where('email', '=', invitation.email)
      .where('company_id', '=', actor.companyId)
      .executeTakeFirst();
    if (member) throw badRequest(`${invitation.email} ${INVITE_MESSAGES.alreadyMember}`);
    const role = seatRoleOf(invitation.role_type);
    if (invitation.expires_at <= context.now) {
      const usage = await companySeatUsage(trx, actor.companyId, context.now);
      if (usage[role].available === 0) throw badRequest(noSeatsMessage(role));
    }
    await takeInvitationAllowance(trx, actor.companyId, 1);
    const link = newInvitationLink(context.publicUrl, context.now);
    await trx
      .updateTable('invitations')
      .set({ token_hash: link.tokenHash, expires_at: link.expiresAt, sent_at: context.now })
      .where('id', '=', invitation.id)
      .execute();
    const sender = await senderOf(trx, actor.userId, actor.companyId);
    await queueInvitationEmail(trx, sender, { email: invitation.email, role, joinUrl: link.joinUrl });
  });
}

/** Withdraws a pending (or lapsed) invitation: its link stops working and its seat is free at once. */
export async function revokeInvitation(db: Database, actor: Actor, invitationId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCompanySeats(trx, actor.companyId);
    const invitation = await lockedInvitation(trx, actor, invitationId);
    if (invitation.status !== 'pending') throw badRequest(INVITE_MESSAGES.notRevocable);
    await trx
      .updateTable('invitations')
      .set({ status: 'revoked', revoked_at: now })
      .where('id', '=', invitation.id)
      .execute();
  });
}
