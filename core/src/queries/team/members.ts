import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';

/**
 * The members aggregate (`user_profiles`, with their sessions' last activity), always within the scope's company:
 * an id from another company is simply not found. One mapping from the row to the domain's words.
 */

/** A member as the team and activity pages read one: who, their role, whether active. */
export interface MemberBasics {
  id: string;
  fullName: string;
  email: string;
  /** The stored word (`'junior'` for a broker): services read it through stored-role.ts. */
  storedRole: string;
  isActive: boolean;
}

/** The `user_profiles` columns of a MemberBasics. */
export const MEMBER_COLUMNS = ['id', 'full_name', 'email', 'role_type', 'is_active'] as const;

/** The one mapping from a `user_profiles` row to the record's words. */
export function memberOf(r: {
  id: string;
  full_name: string;
  email: string;
  role_type: string;
  is_active: boolean;
}): MemberBasics {
  return { id: r.id, fullName: r.full_name, email: r.email, storedRole: r.role_type, isActive: r.is_active };
}

/** A member on the team page: also when they joined and were last active. */
export interface MemberRecord extends MemberBasics {
  createdAt: Date;
  lastActiveAt: Date | null;
}

/** The company's members, oldest first, each with the last time any of their sessions was seen. */
export async function listMemberRecords(db: Database, scope: Scope): Promise<MemberRecord[]> {
  const rows = await db
    .selectFrom('user_profiles as u')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('sessions')
          .select(['user_id', (e) => e.fn.max('last_seen_at').as('last_seen')])
          .groupBy('user_id')
          .as('s'),
      (join) => join.onRef('s.user_id', '=', 'u.id'),
    )
    .select(['u.id', 'u.full_name', 'u.email', 'u.role_type', 'u.is_active', 'u.created_at', 's.last_seen'])
    .where('u.company_id', '=', scope.companyId)
    .orderBy('u.created_at')
    .orderBy('u.full_name')
    .execute();
  return rows.map((r) => ({ ...memberOf(r), createdAt: r.created_at, lastActiveAt: r.last_seen ?? null }));
}

/** The named members of the company, locked for update (in the caller's transaction); absent ids are left out. */
export async function lockMemberRecords(trx: Database, scope: Scope, ids: readonly string[]): Promise<MemberBasics[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('user_profiles')
    .select(MEMBER_COLUMNS)
    .where('company_id', '=', scope.companyId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
  return rows.map(memberOf);
}

/** The company's active admins (and super admins): who decide margin requests and hear of billing. */
export async function activeAdmins(db: Database, scope: Scope): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('user_profiles')
    .select(['id', 'email'])
    .where('company_id', '=', scope.companyId)
    .where('role_type', 'in', ['admin', 'super_admin'])
    .where('is_active', '=', true)
    .execute();
}

/** How many of the company's members are active admins, leaving out `exclude`. */
export async function countActiveAdmins(trx: Database, scope: Scope, exclude: readonly string[]): Promise<number> {
  let query = trx
    .selectFrom('user_profiles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', scope.companyId)
    .where('is_active', '=', true)
    .where('role_type', 'in', ['admin', 'super_admin']);
  if (exclude.length > 0) query = query.where('id', 'not in', exclude);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets a member's active flag or stored role; a member of another company is untouched. */
export async function updateMemberRecord(
  trx: Database,
  scope: Scope,
  id: string,
  change: { isActive?: boolean; storedRole?: string; now: Date },
): Promise<void> {
  await trx
    .updateTable('user_profiles')
    .set({
      ...(change.isActive === undefined ? {} : { is_active: change.isActive }),
      ...(change.storedRole === undefined ? {} : { role_type: change.storedRole }),
      updated_at: change.now,
    })
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .execute();
}

/** How many members the company has, active or not. */
export async function countMembers(trx: Database, scope: Scope): Promise<number> {
  const row = await trx
    .selectFrom('user_profiles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the named members of the company (their calculations, leads and activity go with them: ON DELETE). */
export async function deleteMemberRecords(trx: Database, scope: Scope, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('user_profiles').where('company_id', '=', scope.companyId).where('id', 'in', ids).execute();
}
