import { sql } from 'kysely';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';

/**
 * A member's name as the margin records keep and show it (who asked, who decided, who changed the policy): the full
 * name, else the e-mail — memberDisplayName (shared/src/names.ts) in SQL, for the queries that store or sort by it.
 * Reads `u`, the user_profiles row joined under that alias.
 */
export const memberName = sql<string>`coalesce(nullif(u.full_name, ''), u.email)`;

/** The name of the scope's member, read in the statement that stores it (a member of another company has none). */
export const nameOfActing = (scope: Scope) =>
  sql<string>`(SELECT ${memberName} FROM user_profiles u WHERE u.id = ${ownerOf(scope)} AND u.company_id = ${scope.companyId})`;
