import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { claimOnce, openLink } from './single-use';

/**
 * The e-mailed links anyone may ask for by typing an address (a password reset, a sign-in unlock). Nobody is signed
 * in, so there is no scope: the address finds at most one active account (addresses are unique across companies),
 * and the link is stored only for that account.
 */

/** The active account at `email` (its id and name), or undefined. */
export async function findActiveAccountByEmail(
  db: Database,
  email: string,
): Promise<{ id: string; fullName: string } | undefined> {
  const row = await db
    .selectFrom('user_profiles')
    .select(['id', 'full_name'])
    .where('email', '=', email)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return row && { id: row.id, fullName: row.full_name };
}

/** Stores a link's hashed token for `memberId` as INSERT … SELECT from the member: one row, or none for no member. */
export async function insertMemberLink(
  db: Database,
  table: 'password_reset_tokens' | 'sign_in_unlocks',
  link: { memberId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await sql`
    INSERT INTO ${sql.table(table)} (token_hash, user_id, expires_at)
    SELECT ${link.tokenHash}, u.id, ${link.expiresAt.toISOString()}::timestamptz
    FROM user_profiles u WHERE u.id = ${link.memberId}::uuid`.execute(db);
}

/**
 * Claims a reset link (UPDATE … RETURNING: single-use even under concurrent requests) if unused and unexpired at
 * `now`; returns the account it was for, or undefined.
 */
export async function claimResetToken(db: Database, tokenHash: string, now: Date): Promise<string | undefined> {
  const claimed = await claimOnce(db, 'password_reset_tokens', tokenHash, now);
  return claimed?.user_id;
}

/** Whether a reset link is unused and unexpired at `now`. */
export async function resetTokenUsable(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where(openLink(tokenHash, now))
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets the account's password hash (the account a claimed link proved). */
export async function updatePasswordHash(db: Database, userId: string, passwordHash: string, now: Date) {
  await db
    .updateTable('user_credentials')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** Ends the account's links of `table` not yet used. */
export async function deleteUnusedMemberLinks(
  db: Database,
  table: 'password_reset_tokens' | 'sign_in_unlocks',
  userId: string,
): Promise<void> {
  await db.deleteFrom(table).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Claims an unlock link, once, within its time, for an account still active; returns the account, or undefined. */
export async function claimUnlockLink(db: Database, tokenHash: string, now: Date): Promise<string | undefined> {
  const claimed = await db
    .updateTable('sign_in_unlocks as s')
    .set({ used_at: now })
    .from('user_profiles as u')
    .whereRef('u.id', '=', 's.user_id')
    .where('u.is_active', '=', true)
    .where(openLink(tokenHash, now, 's'))
    .returning('s.user_id')
    .executeTakeFirst();
  return claimed?.user_id;
}
