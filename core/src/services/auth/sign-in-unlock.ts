import { UNLOCK_MESSAGES, UNLOCK_VALID_MINUTES } from '@pippitch/shared/sign-in-unlock';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import { claimUnlockLink, deleteUnusedMemberLinks } from '../../queries/sessions/member-links';
import { enqueueEmailToMember } from '../email/outbox';
import { signInUnlockEmail } from '../email/sign-in-unlock-email';
import { newDeviceToken } from './device-cookie';
import { activeMemberOrNobody, storeMemberLink } from './member-link';
import { clientKey, enforce } from './rate-limit';
import { hashToken, newToken } from './tokens';

/**
 * Issue 30 §2: e-mails an active member a link that makes the browser it is opened in a known device for them, for
 * when unknown browsers are locked out of their account. The caller answers the same whether or not the address has
 * an account, and both paths run the same statements. An earlier unsent link is replaced. Limited per client and
 * per address, so nobody can fill a member's inbox.
 */
export async function requestSignInUnlock(
  db: Database,
  email: string,
  meta: { ip: string; publicUrl: string },
  now: Date,
): Promise<void> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + UNLOCK_VALID_MINUTES * 60_000);
  // In the URL's hash, like a reset link: it never reaches a server log or a Referer header.
  const unlockUrl = `${meta.publicUrl}/unlock-sign-in#token=${token}`;
  await db.transaction().execute(async (trx) => {
    await enforce(trx, [
      { key: `unlock:client:${clientKey(meta.ip)}`, max: 10, windowSeconds: 3600 },
      { key: `unlock:email:${email}`, max: 3, windowSeconds: 3600 },
    ]);
    const member = await activeMemberOrNobody(trx, email);
    const rendered = signInUnlockEmail({ fullName: member.full_name, unlockUrl, validMinutes: UNLOCK_VALID_MINUTES });
    await deleteUnusedMemberLinks(trx, 'sign_in_unlocks', member.id);
    await storeMemberLink(trx, 'sign_in_unlocks', { memberId: member.id, tokenHash: hashToken(token), expiresAt });
    await enqueueEmailToMember(trx, member.id, { template: 'sign_in_unlock', email: rendered });
  });
}

/**
 * Opens an unlock link: once, within its hour, for a member still active. Returns a device token for them, which
 * the caller puts in this browser's device cookie; the member then signs in with their password as usual.
 */
export async function unlockSignIn(db: Database, token: string, meta: { ip: string }, now: Date): Promise<string> {
  // 256-bit tokens: this only stops one client hammering the database.
  await enforce(db, [{ key: `unlock-link:client:${clientKey(meta.ip)}`, max: 30, windowSeconds: 3600 }]);
  const userId = await claimUnlockLink(db, hashToken(token), now);
  if (!userId) throw badRequest(UNLOCK_MESSAGES.invalid);
  return newDeviceToken(db, userId);
}
