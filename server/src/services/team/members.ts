import type { RoleType } from '@pippitch/shared/access';
import { memberActionProblem } from '@pippitch/shared/roles';
import type { Database } from '@pippitch/sql';
import { forbidden, notFound } from '../../errors';
import type { Actor } from '../actor';
import { endSessionsOf } from '../auth/sessions';

export interface Member {
  id: string;
  fullName: string;
  email: string;
  role: RoleType;
  isActive: boolean;
  createdAt: Date;
  lastActiveAt: Date | null;
}

/** Members of one company; every query here is scoped by the caller's company id. */
export async function listMembers(db: Database, companyId: string): Promise<Member[]> {
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
    .where('u.company_id', '=', companyId)
    .orderBy('u.created_at')
    .orderBy('u.full_name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    email: r.email,
    role: r.role_type as RoleType,
    isActive: r.is_active,
    createdAt: r.created_at,
    lastActiveAt: r.last_seen ?? null,
  }));
}

/**
 * Deactivation takes effect at once: the flag and the deletion of every open session commit together,
 * so the member's next request is already signed out. The role hierarchy (shared/src/roles.ts) decides who
 * may act on whom; the target is read inside the transaction, locked, and only within the actor's company.
 */
export async function setMemberActive(db: Database, actor: Actor, memberId: string, active: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('user_profiles')
      .select(['id', 'role_type'])
      .where('id', '=', memberId)
      .where('company_id', '=', actor.companyId)
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw notFound('Member not found');
    const problem = memberActionProblem(
      { id: actor.userId, role: actor.role },
      { id: target.id, role: target.role_type as RoleType },
      active ? 'reactivate' : 'deactivate',
    );
    if (problem) throw forbidden(problem);
    await trx
      .updateTable('user_profiles')
      .set({ is_active: active, updated_at: new Date() })
      .where('id', '=', memberId)
      .where('company_id', '=', actor.companyId)
      .execute();
    if (!active) await endSessionsOf(trx, memberId);
  });
}
