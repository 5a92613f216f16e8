import type { Database, DB } from '@pippitch/sql';
import { type RawBuilder, type Selectable, sql } from 'kysely';

/**
 * The e-mailed single-use links (a password reset, a sign-in unlock, a sign-up request): a row found by its token's
 * hash alone (only the holder has the token), usable while unused and unexpired, used once. The rule is stated here
 * for the three tables.
 */
type LinkTable = 'password_reset_tokens' | 'sign_in_unlocks' | 'signup_requests';

/**
 * The link's row is open at `now`: its token, not used, not yet expired. `alias` names the table where the query
 * joins another.
 */
export function openLink(tokenHash: string, now: Date, alias?: string): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(alias === undefined ? name : `${alias}.${name}`);
  return sql<boolean>`(${col('token_hash')} = ${tokenHash} AND ${col('used_at')} IS NULL AND ${col('expires_at')} > ${now})`;
}

/**
 * Claims the link's row at `now` if it is open, and returns it; undefined when it is not. One UPDATE … RETURNING, so
 * of two concurrent claims exactly one gets the row.
 */
export async function claimOnce<T extends LinkTable>(
  db: Database,
  table: T,
  tokenHash: string,
  now: Date,
): Promise<Selectable<DB[T]> | undefined> {
  const row = await db
    .updateTable(table as LinkTable)
    .set({ used_at: now })
    .where(openLink(tokenHash, now))
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<DB[T]> | undefined;
}
