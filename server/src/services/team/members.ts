import type { RoleType } from '@pippitch/shared/access';
import type { Database } from '@pippitch/sql';
import { badRequest, notFound } from '../../errors';
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
 * so the member's next request is already signed out.
 */
export async function setMemberActive(
  db: Database,
  actor: { id: string; companyId: string },
  memberId: string,
  active: boolean,
): Promise<void> {
  if (memberId === actor.id) throw badRequest('You cannot deactivate your own account');
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('user_profiles')
      .set({ is_active: active, updated_at: new Date() })
      .where('id', '=', memberId)
      .where('company_id', '=', actor.companyId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound('Member not found');
    if (!active) await endSessionsOf(trx, memberId);
  });
}
