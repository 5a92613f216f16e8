import {
  INVITE_MESSAGES,
  invitationEmail,
  inviteRowsProblem,
  roleTypeOf,
  type SendInvitationsInput,
} from '@pippitch/shared/invitations';
import { noSeatsMessage, tooFewSeatsMessage } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import {
  expireInvitations,
  insertInvitation,
  memberEmailsAmong,
  pendingInvitationsTo,
} from '../../queries/invitations/manage';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { toStoredRole } from '../stored-role';
import { companySeatUsage, lockCompanySeats } from '../team/seat-usage';
import { newInvitationLink, queueInvitationEmail, senderOf, takeInvitationAllowance } from './link';

export interface Refusal {
  email: string;
  reason: string;
}

export interface SendResult {
  /** The addresses whose invitation was stored and e-mailed, in the order typed. */
  sent: string[];
  /** Every other row, with why. */
  refused: Refusal[];
}

/**
 * Invites people to the actor's company (spec §5 Invite). Every row is answered for: queued, or refused with its
 * reason (not an address, listed twice, already a member, already invited). The seat check, the hourly
 * allowance and the inserts run in one transaction after the company row is locked, so two admins sending at
 * once cannot both take the last seat; a batch larger than the free seats is refused whole, as the spec's
 * 'You only have N … seat(s) available' says.
 */
export async function sendInvitations(
  db: Database,
  actor: Actor,
  input: SendInvitationsInput,
  context: { now: Date; publicUrl: string },
): Promise<SendResult> {
  const rows = input.emails.map((e) => e.trim()).filter((e) => e !== '');
  const problem = inviteRowsProblem(rows);
  if (problem) throw badRequest(problem, 'emails');

  const refused: Refusal[] = [];
  const candidates: string[] = [];
  for (const row of rows) {
    const parsed = invitationEmail.safeParse(row);
    if (!parsed.success) {
      refused.push({ email: row, reason: INVITE_MESSAGES.invalidEmail });
    } else if (candidates.includes(parsed.data)) {
      refused.push({ email: parsed.data, reason: INVITE_MESSAGES.listedTwice });
    } else {
      candidates.push(parsed.data);
    }
  }
  if (candidates.length === 0) return { sent: [], refused };

  // Every send locks the company row first, so two sends of one company run one after the other and the second
  // sees the first's invitations; the partial unique index `invitations_one_pending` is the database's backstop.
  const scope = scopeOf(actor);
  return db.transaction().execute(async (trx) => {
    await lockCompanySeats(trx, scope);
    // Only the company's own members are refused as such; an address with an account elsewhere goes through
    // the same steps as an unknown one (seats, allowance, invitation, e-mail), so no answer tells them apart.
    const members = new Set(await memberEmailsAmong(trx, scope, candidates));
    const pending = await pendingInvitationsTo(trx, scope, candidates);
    const stillPending = new Set(pending.filter((p) => p.expiresAt > context.now).map((p) => p.email));
    const good: string[] = [];
    for (const email of candidates) {
      if (members.has(email)) refused.push({ email, reason: INVITE_MESSAGES.alreadyMember });
      else if (stillPending.has(email)) refused.push({ email, reason: INVITE_MESSAGES.alreadyPending });
      else good.push(email);
    }
    if (good.length === 0) return { sent: [], refused };

    const usage = await companySeatUsage(trx, scope, context.now);
    const available = usage[input.role].available;
    if (available === 0) throw badRequest(noSeatsMessage(input.role));
    if (good.length > available) throw badRequest(tooFewSeatsMessage(input.role, available));
    await takeInvitationAllowance(trx, scope, good.length);

    // A lapsed invitation to the same address is replaced by the new one (one pending per address).
    const lapsed = pending.filter((p) => good.includes(p.email)).map((p) => p.id);
    await expireInvitations(trx, scope, lapsed);
    const sender = await senderOf(trx, scope);
    for (const email of good) {
      const link = newInvitationLink(context.publicUrl, context.now);
      const storedRole = toStoredRole(roleTypeOf(input.role));
      await insertInvitation(trx, scope, { email, storedRole, link, now: context.now });
      await queueInvitationEmail(trx, sender, { email, role: input.role, joinUrl: link.joinUrl });
    }
    return { sent: good, refused };
  });
}
