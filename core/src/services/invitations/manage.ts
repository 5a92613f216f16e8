import { INVITE_MESSAGES, seatRoleOf } from '@pippitch/shared/invitations';
import { noSeatsMessage } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import { badRequest, notFound } from '../../errors';
import {
  lockInvitation,
  memberEmailsAmong,
  relinkInvitation,
  revokeInvitationRecord,
} from '../../queries/invitations/manage';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { companySeatUsage, lockCompanySeats } from '../team/seat-usage';
import { newInvitationLink, queueInvitationEmail, senderOf, takeInvitationAllowance } from './link';

/** The invitation, locked, only within the actor's company: another company's id is simply not found. */
async function lockedInvitation(trx: Database, scope: Scope, invitationId: string) {
  const row = await lockInvitation(trx, scope, invitationId);
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
  const scope = scopeOf(actor);
  await db.transaction().execute(async (trx) => {
    await lockCompanySeats(trx, scope);
    const invitation = await lockedInvitation(trx, scope, invitationId);
    if (invitation.status !== 'pending') throw badRequest(INVITE_MESSAGES.notResendable);
    // As when sending: only the company's own members are named (send.ts says why).
    const member = await memberEmailsAmong(trx, scope, [invitation.email]);
    if (member.length > 0) throw badRequest(`${invitation.email} ${INVITE_MESSAGES.alreadyMember}`);
    const role = seatRoleOf(invitation.storedRole);
    if (invitation.expiresAt <= context.now) {
      const usage = await companySeatUsage(trx, scope, context.now);
      if (usage[role].available === 0) throw badRequest(noSeatsMessage(role));
    }
    await takeInvitationAllowance(trx, scope, 1);
    const link = newInvitationLink(context.publicUrl, context.now);
    await relinkInvitation(trx, scope, invitation.id, { link, now: context.now });
    const sender = await senderOf(trx, scope);
    await queueInvitationEmail(trx, sender, { email: invitation.email, role, joinUrl: link.joinUrl });
  });
}

/** Withdraws a pending (or lapsed) invitation: its link stops working and its seat is free at once. */
export async function revokeInvitation(db: Database, actor: Actor, invitationId: string, now: Date): Promise<void> {
  const scope = scopeOf(actor);
  await db.transaction().execute(async (trx) => {
    await lockCompanySeats(trx, scope);
    const invitation = await lockedInvitation(trx, scope, invitationId);
    if (invitation.status !== 'pending') throw badRequest(INVITE_MESSAGES.notRevocable);
    await revokeInvitationRecord(trx, scope, invitation.id, now);
  });
}
