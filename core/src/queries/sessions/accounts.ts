import type { Database } from '@pippitch/sql';

/**
 * Accounts as sign-up, joining and signing in see them: an address has at most one account across all companies
 * (user_profiles_email_unique), so these look an address up without a scope; they return an id, nothing else.
 */

/** The id of the account at `email` in any company, or undefined: an address already taken is refused. */
export async function findAccountIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('user_profiles').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

/** Stores a new account's password hash (the account was just created in the caller's transaction). */
export async function insertCredentials(trx: Database, userId: string, passwordHash: string): Promise<void> {
  await trx.insertInto('user_credentials').values({ user_id: userId, password_hash: passwordHash }).execute();
}

/** The account at `email` with its password hash, as signing in checks it; or undefined. */
export async function findSignInAccount(
  db: Database,
  email: string,
): Promise<{ id: string; storedRole: string; isActive: boolean; passwordHash: string } | undefined> {
  const row = await db
    .selectFrom('user_profiles as u')
    .innerJoin('user_credentials as c', 'c.user_id', 'u.id')
    .select(['u.id', 'u.role_type', 'u.is_active', 'c.password_hash'])
    .where('u.email', '=', email)
    .executeTakeFirst();
  return row && { id: row.id, storedRole: row.role_type, isActive: row.is_active, passwordHash: row.password_hash };
}

/**
 * The deployment's signing key `name` (migration 0052), made with `fresh` by whichever server needs it first and then
 * read by every server. Of no company or member.
 */
export async function ensureSigningKey(db: Database, name: string, fresh: Buffer): Promise<Buffer> {
  await db
    .insertInto('auth_signing_keys')
    .values({ name, key: fresh })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('auth_signing_keys').select('key').where('name', '=', name).executeTakeFirstOrThrow();
  return row.key;
}
