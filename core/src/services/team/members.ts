import { isAdminRole, ROLE_LABELS, type RoleType } from '@pippitch/shared/access';
import { lastAdminProblem, type MemberAction, memberActionProblem } from '@pippitch/shared/roles';
import { availableSeats, type SeatRole } from '@pippitch/shared/seats';
import { noSeatForMessage, TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import type { Database } from '@pippitch/sql';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Actor } from '../actor';
import { requestPasswordReset } from '../auth/password-reset';
import { endSessionsOf } from '../auth/sessions';
import { roleFromStored, toStoredRole } from '../stored-role';
import { logTeamActivity, memberLabel } from './activity';
import { companySeatUsage, lockCompanySeats } from './seat-usage';

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
    role: roleFromStored(r.role_type),
    isActive: r.is_active,
    createdAt: r.created_at,
    lastActiveAt: r.last_seen ?? null,
  }));
}

interface MemberRow {
  id: string;
  full_name: string;
  email: string;
  role_type: string;
  is_active: boolean;
}

const seatRoleOf = (role: RoleType): SeatRole => (isAdminRole(role) ? 'admin' : 'broker');
const roleOf = (row: MemberRow): RoleType => roleFromStored(row.role_type);

/**
 * The start of every member change: the company row is locked (so member changes, seat changes and
 * invitation acceptances of one company run one at a time and every count below is current), the actor is
 * read again (a role change or deactivation that committed a moment ago counts, not the session's copy),
 * and the targets are read, locked, only within the actor's company: an id from elsewhere is not found.
 */
async function lockForChange(
  trx: Database,
  actor: Actor,
  memberIds: readonly string[],
): Promise<{ actor: { id: string; role: RoleType }; targets: MemberRow[] }> {
  await lockCompanySeats(trx, actor.companyId);
  const rows = await trx
    .selectFrom('user_profiles')
    .select(['id', 'full_name', 'email', 'role_type', 'is_active'])
    .where('company_id', '=', actor.companyId)
    .where('id', 'in', [actor.userId, ...memberIds])
    .forUpdate()
    .execute();
  const self = rows.find((r) => r.id === actor.userId);
  const targets = memberIds.map((id) => rows.find((r) => r.id === id));
  if (targets.some((t) => t === undefined)) throw notFound(TEAM_MESSAGES.memberNotFound);
  // A member who was just deactivated or demoted acts as nobody (their session ends or loses admin at once).
  const current = { id: actor.userId, role: self?.is_active ? roleOf(self) : ('broker' as const) };
  return { actor: current, targets: targets as MemberRow[] };
}

function refuseUnlessAllowed(actor: { id: string; role: RoleType }, target: MemberRow, action: MemberAction): void {
  const problem = memberActionProblem(actor, { id: target.id, role: roleOf(target) }, action);
  if (problem) throw forbidden(problem);
}

/** Active admins (admin or super_admin) of the company other than `exclude`. */
async function otherActiveAdmins(trx: Database, companyId: string, exclude: readonly string[]): Promise<number> {
  const row = await trx
    .selectFrom('user_profiles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .where('is_active', '=', true)
    .where('role_type', 'in', ['admin', 'super_admin'])
    .where('id', 'not in', exclude)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deactivation takes effect at once: the flag and the deletion of every open session commit together, so
 * the member's next request is already signed out. Reactivation takes a seat of the member's role again, so
 * it needs one free (deactivated members hold none). Both are logged as 'member_status'.
 */
export async function setMemberActive(
  db: Database,
  actor: Actor,
  { memberId, active }: { memberId: string; active: boolean },
  { now }: { now: Date },
): Promise<{ fullName: string }> {
  return db.transaction().execute(async (trx) => {
    const action = active ? 'reactivate' : 'deactivate';
    const { actor: current, targets } = await lockForChange(trx, actor, [memberId]);
    const target = targets[0] as MemberRow;
    refuseUnlessAllowed(current, target, action);
    if (target.is_active === active) return { fullName: target.full_name };
    if (active) {
      const usage = await companySeatUsage(trx, actor.companyId, now);
      const role = seatRoleOf(roleOf(target));
      if (availableSeats(usage[role]) < 1) throw conflict(noSeatForMessage('reactivate', role));
    } else {
      const lastAdmin = lastAdminProblem(
        { id: target.id, role: roleOf(target), isActive: target.is_active },
        await otherActiveAdmins(trx, actor.companyId, [target.id]),
        'deactivate',
      );
      if (lastAdmin) throw conflict(lastAdmin);
    }
    await trx
      .updateTable('user_profiles')
      .set({ is_active: active, updated_at: now })
      .where('id', '=', memberId)
      .where('company_id', '=', actor.companyId)
      .execute();
    if (!active) await endSessionsOf(trx, memberId);
    await logTeamActivity(
      trx,
      actor,
      { type: 'member_status', description: `${active ? 'Reactivated' : 'Deactivated'} ${memberLabel(target)}` },
      now,
    );
    return { fullName: target.full_name };
  });
}

/**
 * Broker ⇄ Admin. The member's next request reads the new role (the session is resolved from the profile on
 * every request), so a demoted admin loses admin procedures at once without being signed out. An active
 * member moves to a seat of the new role, so one must be free; the company keeps at least one active admin.
 */
export async function changeMemberRole(
  db: Database,
  actor: Actor,
  { memberId, role }: { memberId: string; role: 'admin' | 'broker' },
  { now }: { now: Date },
): Promise<{ fullName: string }> {
  return db.transaction().execute(async (trx) => {
    const { actor: current, targets } = await lockForChange(trx, actor, [memberId]);
    const target = targets[0] as MemberRow;
    refuseUnlessAllowed(current, target, 'change_role');
    const from = roleOf(target);
    if (from === role) return { fullName: target.full_name };
    if (role === 'broker') {
      const lastAdmin = lastAdminProblem(
        { id: target.id, role: from, isActive: target.is_active },
        await otherActiveAdmins(trx, actor.companyId, [target.id]),
        'change_role',
      );
      if (lastAdmin) throw conflict(lastAdmin);
    }
    if (target.is_active) {
      const usage = await companySeatUsage(trx, actor.companyId, now);
      const seat = seatRoleOf(role);
      if (availableSeats(usage[seat]) < 1) throw conflict(noSeatForMessage('change_role', seat));
    }
    await trx
      .updateTable('user_profiles')
      .set({ role_type: toStoredRole(role), updated_at: now })
      .where('id', '=', memberId)
      .where('company_id', '=', actor.companyId)
      .execute();
    await logTeamActivity(
      trx,
      actor,
      {
        type: 'role_change',
        description: `Changed ${memberLabel(target)} from ${ROLE_LABELS[from]} to ${ROLE_LABELS[role]}`,
      },
      now,
    );
    return { fullName: target.full_name };
  });
}

/**
 * Deletes members for good (the account page's Delete, the seats page's Remove): their profile, and with it
 * (foreign keys ON DELETE CASCADE) their sessions, credentials, calculations, leads and activity log. One
 * 'users_removed' entry by the actor names who went. A company always keeps a member and an active admin.
 */
export async function removeMembers(
  db: Database,
  actor: Actor,
  memberIds: readonly string[],
  now: Date,
): Promise<{ removed: string[] }> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) throw badRequest(TEAM_MESSAGES.noUsersSelected);
  return db.transaction().execute(async (trx) => {
    const { actor: current, targets } = await lockForChange(trx, actor, ids);
    const members = await trx
      .selectFrom('user_profiles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', actor.companyId)
      .executeTakeFirstOrThrow();
    if (Number(members.n) - targets.length < 1) throw conflict(TEAM_MESSAGES.onlyMember);
    for (const target of targets) refuseUnlessAllowed(current, target, 'remove');
    const adminsLeft = await otherActiveAdmins(trx, actor.companyId, ids);
    for (const target of targets) {
      const lastAdmin = lastAdminProblem(
        { id: target.id, role: roleOf(target), isActive: target.is_active },
        adminsLeft,
        'remove',
      );
      if (lastAdmin) throw conflict(lastAdmin);
    }
    await trx.deleteFrom('user_profiles').where('company_id', '=', actor.companyId).where('id', 'in', ids).execute();
    const names = targets.map(memberLabel).join(', ');
    const description =
      targets.length === 1
        ? `Removed ${names} with their calculations, leads and activity log`
        : `Removed ${targets.length} users with their calculations, leads and activity logs: ${names}`;
    await logTeamActivity(trx, actor, { type: 'users_removed', description }, now);
    return { removed: targets.map((t) => t.full_name) };
  });
}

/**
 * An admin sends a member the same reset e-mail as 'Forgot password' (through the outbox, with its rate
 * limits), after the same checks as every member action. Only active members: a deactivated one could not
 * sign in with the new password anyway.
 */
export async function sendMemberPasswordReset(
  db: Database,
  actor: Actor,
  { memberId }: { memberId: string },
  { now, ...meta }: { now: Date; ip: string; publicUrl: string },
): Promise<{ email: string }> {
  const { target, current } = await db.transaction().execute(async (trx) => {
    const locked = await lockForChange(trx, actor, [memberId]);
    return { target: locked.targets[0] as MemberRow, current: locked.actor };
  });
  refuseUnlessAllowed(current, target, 'send_reset');
  if (!target.is_active) throw conflict(TEAM_MESSAGES.resetNeedsActive);
  await requestPasswordReset(db, target.email, meta, now);
  return { email: target.email };
}
