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
