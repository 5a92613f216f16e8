import { MESSAGES } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import { enqueueEmail } from '../email/outbox';
import { passwordResetEmail } from '../email/templates';
import { hashPassword } from './passwords';
import { enforce } from './rate-limit';
import { endSessionsOf } from './sessions';
import { hashToken, newToken } from './tokens';

export const RESET_VALID_MINUTES = 60;

/**
 * Queues a reset e-mail if the address belongs to an active member. The caller always answers with the
 * same message, so the response never reveals whether an account exists.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  meta: { ip: string; publicUrl: string },
): Promise<void> {
  await enforce(db, [
    { key: `reset:ip:${meta.ip}`, max: 20, windowSeconds: 3600 },
    { key: `reset:email:${email}`, max: 5, windowSeconds: 3600 },
  ]);
  const user = await db
    .selectFrom('user_profiles')
    .select(['id', 'full_name', 'email', 'company_id'])
    .where('email', '=', email)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!user) return;
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('password_reset_tokens')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        expires_at: new Date(Date.now() + RESET_VALID_MINUTES * 60_000),
      })
      .execute();
    // The token travels in the URL hash (spec: recovery links with access_token and type=recovery), so it
    // never reaches a server log or a Referer header.
    const resetUrl = `${meta.publicUrl}/reset-password#access_token=${token}&type=recovery`;
    await enqueueEmail(trx, {
      to: user.email,
      template: 'password_reset',
      companyId: user.company_id,
      email: passwordResetEmail({ fullName: user.full_name, resetUrl, validMinutes: RESET_VALID_MINUTES }),
    });
  });
}

/** Sets the new password if the token is unused and unexpired; the token then stops working. */
export async function resetPassword(db: Database, token: string, password: string, ip: string): Promise<void> {
  await enforce(db, [{ key: `reset-use:ip:${ip}`, max: 30, windowSeconds: 3600 }]);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    // Claiming the token with UPDATE … RETURNING makes it single-use even under concurrent requests.
    const claimed = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) throw badRequest(MESSAGES.invalidResetLink);
    await trx
      .updateTable('user_credentials')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('user_id', '=', claimed.user_id)
      .execute();
    // A password reset signs out everywhere: whoever knew the old password loses access.
    await endSessionsOf(trx, claimed.user_id);
  });
}

export async function isResetTokenUsable(db: Database, token: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Boolean(row);
}
