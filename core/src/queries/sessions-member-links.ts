import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

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
