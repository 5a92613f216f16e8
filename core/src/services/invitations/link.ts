import {
  INVITATION_VALID_DAYS,
  INVITATION_VALID_MS,
  INVITATIONS_PER_HOUR,
  INVITE_MESSAGES,
} from '@pippitch/shared/invitations';
import type { SeatRole } from '@pippitch/shared/seats';
import { TRIAL_LIMITS, TRIAL_MESSAGES } from '@pippitch/shared/trial-limits';
import type { Database } from '@pippitch/sql';
import { notFound, tooManyRequests } from '../../errors';
import { readInviter } from '../../queries/invitations/manage';
import type { Scope } from '../../queries/scope';
import { hit } from '../auth/rate-limit';
import { hashToken, newToken } from '../auth/tokens';
import { companyColumns } from '../company/row';
import { enqueueEmail } from '../email/outbox';
import { invitationEmail } from '../email/templates';

/**
 * A fresh link for an invitation: 256 random bits sent once by e-mail, only their SHA-256 stored (as sessions and
 * reset links), valid seven days from now. The token travels in the query string (`/join?token=…`, spec §2): the
 * request log keeps paths only (api/http/logging.ts), so it never reaches a log line.
 */
export function newInvitationLink(publicUrl: string, now: Date) {
  const token = newToken();
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_VALID_MS),
    joinUrl: `${publicUrl}/join?token=${token}`,
  };
}

/**
 * Counts `count` invitation e-mails against the company's hourly allowance, and an unpaid trial's against its
 * daily one too (issue 30), inside the sending transaction: a refused batch rolls its count back with everything
 * else. The company row is already locked by the caller, so its status cannot change underneath.
 */
export async function takeInvitationAllowance(trx: Database, scope: Scope, count: number): Promise<void> {
  if ((await hit(trx, `invitations:company:${scope.companyId}`, 3600, count)) > INVITATIONS_PER_HOUR) {
    throw tooManyRequests(INVITE_MESSAGES.tooMany);
  }
  const company = await companyColumns(trx, scope, ['subscription_status']);
  if (company.subscription_status !== 'trialing') return;
  if (
    (await hit(trx, `invitations-trial:company:${scope.companyId}`, 86_400, count)) > TRIAL_LIMITS.invitationsPerDay
  ) {
    throw tooManyRequests(TRIAL_MESSAGES.invitations);
  }
}

export interface Sender {
  companyId: string;
  companyName: string;
  inviterName: string;
  inviterEmail: string;
}

/** Who is inviting, for the e-mail: the scope's member's name and address and their company's name. */
export async function senderOf(trx: Database, scope: Scope): Promise<Sender> {
  const row = await readInviter(trx, scope);
  if (!row) throw notFound('Company not found');
  return {
    companyId: scope.companyId,
    companyName: row.companyName,
    inviterName: row.fullName,
    inviterEmail: row.email,
  };
}

/** Queues the invitation e-mail in the caller's transaction (spec §7 send-invitation). */
export async function queueInvitationEmail(
  trx: Database,
  sender: Sender,
  to: { email: string; role: SeatRole; joinUrl: string },
): Promise<void> {
  await enqueueEmail(trx, {
    to: to.email,
    template: 'invitation',
    companyId: sender.companyId,
    email: invitationEmail({
      companyName: sender.companyName,
      inviterName: sender.inviterName,
      inviterEmail: sender.inviterEmail,
      role: to.role,
      joinUrl: to.joinUrl,
      validDays: INVITATION_VALID_DAYS,
    }),
  });
}
