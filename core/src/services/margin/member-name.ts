import { sql } from 'kysely';

/**
 * A member's name as the margin records keep and show it (who asked, who decided, who changed the policy): the full
 * name, else the e-mail — memberDisplayName (shared/src/names.ts) in SQL, for the queries that store or sort by it.
 * Reads `u`, the user_profiles row joined under that alias.
 */
export const memberName = sql<string>`coalesce(nullif(u.full_name, ''), u.email)`;

/** The name of the member `userId`, read in the statement that stores it. */
export const nameOfMember = (userId: string) =>
  sql<string>`(SELECT ${memberName} FROM user_profiles u WHERE u.id = ${userId})`;
