import { MESSAGES } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import {
  claimResetToken,
  deleteUnusedMemberLinks,
  resetTokenUsable,
  updatePasswordHash,
} from '../../queries/sessions/member-links';
import { enqueueEmailToMember } from '../email/outbox';
import { passwordResetEmail } from '../email/templates';
import { activeMemberOrNobody, storeMemberLink } from './member-link';
import { hashPassword } from './passwords';
import { clientKey, enforce, type Limit } from './rate-limit';
import { endSessionsAfterReset } from './sessions';
import { hashToken, newToken } from './tokens';

export const RESET_VALID_MINUTES = 60;

/** Checking or using a reset link: a token is 256 random bits, so this only stops a client hammering the database. */
function linkUseLimits(ip: string): Limit[] {
  return [{ key: `reset-link:client:${clientKey(ip)}`, max: 30, windowSeconds: 3600 }];
}

/**
 * Queues a reset e-mail if the address belongs to an active member. The caller always answers with the
 * same message, so the response never reveals whether an account exists, and so that its timing does not
 * either, both paths run the same statements in one transaction (the rate-limit counters make it a write
 * in both, one commit each): look the member up, insert the new link and its
 * e-mail as INSERT … SELECT from the member (one row, or none for an unknown address). The token is made,
 * hashed and the e-mail rendered either way.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  meta: { ip: string; publicUrl: string },
  now = new Date(),
): Promise<void> {
  const limits = [
    { key: `reset:client:${clientKey(meta.ip)}`, max: 20, windowSeconds: 3600 },
    { key: `reset:email:${email}`, max: 5, windowSeconds: 3600 },
  ];
  const token = newToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + RESET_VALID_MINUTES * 60_000);
  // The token travels in the URL hash (spec: recovery links with access_token and type=recovery), so it
  // never reaches a server log or a Referer header.
  const resetUrl = `${meta.publicUrl}/reset-password#access_token=${token}&type=recovery`;
  await db.transaction().execute(async (trx) => {
    await enforce(trx, limits);
    const member = await activeMemberOrNobody(trx, email);
    const rendered = passwordResetEmail({ fullName: member.full_name, resetUrl, validMinutes: RESET_VALID_MINUTES });
    // A new link ends no older one (issue 30): anyone can type the address, and their request must not break the
    // link already in the member's inbox. Each works for an hour until one of them is used (resetPassword ends
    // the rest); 5 requests an hour per address bound how many are open.
    await storeMemberLink(trx, 'password_reset_tokens', { memberId: member.id, tokenHash, expiresAt });
    await enqueueEmailToMember(trx, member.id, { template: 'password_reset', email: rendered });
  });
}

/** Sets the new password if the token is unused and unexpired; the token then stops working. */
export async function resetPassword(db: Database, token: string, password: string, ip: string): Promise<void> {
  await enforce(db, linkUseLimits(ip));
  const passwordHash = await hashPassword(password, clientKey(ip));
  await db.transaction().execute(async (trx) => {
    // Claiming the token with UPDATE … RETURNING makes it single-use even under concurrent requests.
    const userId = await claimResetToken(trx, hashToken(token), new Date());
    if (!userId) throw badRequest(MESSAGES.invalidResetLink);
    await updatePasswordHash(trx, userId, passwordHash, new Date());
    // Any other link still out there is ended too.
    await deleteUnusedMemberLinks(trx, 'password_reset_tokens', userId);
    // A password reset signs out everywhere: whoever knew the old password loses access.
    await endSessionsAfterReset(trx, userId);
  });
}

/** For the reset page: is the link still usable? Limited per client like using it. */
export async function isResetTokenUsable(
  db: Database,
  token: string,
  meta: { ip: string },
  now = new Date(),
): Promise<boolean> {
  await enforce(db, linkUseLimits(meta.ip));
  return resetTokenUsable(db, hashToken(token), now);
}
