import { isAdminRole, ROLE_LABELS, type RoleType } from '@pippitch/shared/access';
import { lastAdminProblem, type MemberAction, memberActionProblem } from '@pippitch/shared/roles';
import { availableSeats, type SeatRole } from '@pippitch/shared/seats';
import { noSeatForMessage, TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import type { Database } from '@pippitch/sql';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { scopeOf } from '../../queries/scope';
import {
  countActiveAdmins,
  countMembers,
  deleteMemberRecords,
  listMemberRecords,
  lockMemberRecords,
  updateMemberRecord,
} from '../../queries/team/members';
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

/** The caller's company's members (scoped by construction: queries/team/members.ts). */
export async function listMembers(db: Database, actor: Actor): Promise<Member[]> {
  const records = await listMemberRecords(db, scopeOf(actor));
  return records.map(({ storedRole, ...r }) => ({ ...r, role: roleFromStored(storedRole) }));
}

type MemberRow = Awaited<ReturnType<typeof lockMemberRecords>>[number];

const seatRoleOf = (role: RoleType): SeatRole => (isAdminRole(role) ? 'admin' : 'broker');
const roleOf = (row: MemberRow): RoleType => roleFromStored(row.storedRole);
const labelOf = (row: MemberRow): string => memberLabel({ full_name: row.fullName, email: row.email });

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
  await lockCompanySeats(trx, scopeOf(actor));
  const rows = await lockMemberRecords(trx, scopeOf(actor), [actor.userId, ...memberIds]);
  const self = rows.find((r) => r.id === actor.userId);
  const targets = memberIds.map((id) => rows.find((r) => r.id === id));
  if (targets.some((t) => t === undefined)) throw notFound(TEAM_MESSAGES.memberNotFound);
  // A member who was just deactivated or demoted acts as nobody (their session ends or loses admin at once).
  const current = { id: actor.userId, role: self?.isActive ? roleOf(self) : ('broker' as const) };
  return { actor: current, targets: targets as MemberRow[] };
}

function refuseUnlessAllowed(actor: { id: string; role: RoleType }, target: MemberRow, action: MemberAction): void {
  const problem = memberActionProblem(actor, { id: target.id, role: roleOf(target) }, action);
  if (problem) throw forbidden(problem);
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
    if (target.isActive === active) return { fullName: target.fullName };
    if (active) {
      const usage = await companySeatUsage(trx, scopeOf(actor), now);
      const role = seatRoleOf(roleOf(target));
      if (availableSeats(usage[role]) < 1) throw conflict(noSeatForMessage('reactivate', role));
    } else {
      const lastAdmin = lastAdminProblem(
        { id: target.id, role: roleOf(target), isActive: target.isActive },
        await countActiveAdmins(trx, scopeOf(actor), [target.id]),
        'deactivate',
      );
      if (lastAdmin) throw conflict(lastAdmin);
    }
    await updateMemberRecord(trx, scopeOf(actor), memberId, { isActive: active, now });
    if (!active) await endSessionsOf(trx, actor, memberId);
    await logTeamActivity(
      trx,
      actor,
      { type: 'member_status', description: `${active ? 'Reactivated' : 'Deactivated'} ${labelOf(target)}` },
      now,
    );
    return { fullName: target.fullName };
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
    if (from === role) return { fullName: target.fullName };
    if (role === 'broker') {
      const lastAdmin = lastAdminProblem(
        { id: target.id, role: from, isActive: target.isActive },
        await countActiveAdmins(trx, scopeOf(actor), [target.id]),
        'change_role',
      );
      if (lastAdmin) throw conflict(lastAdmin);
    }
    if (target.isActive) {
      const usage = await companySeatUsage(trx, scopeOf(actor), now);
      const seat = seatRoleOf(role);
      if (availableSeats(usage[seat]) < 1) throw conflict(noSeatForMessage('change_role', seat));
    }
    await updateMemberRecord(trx, scopeOf(actor), memberId, { storedRole: toStoredRole(role), now });
    await logTeamActivity(
      trx,
      actor,
      {
        type: 'role_change',
        description: `Changed ${labelOf(target)} from ${ROLE_LABELS[from]} to ${ROLE_LABELS[role]}`,
      },
      now,
    );
    return { fullName: target.fullName };
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
    if ((await countMembers(trx, scopeOf(actor))) - targets.length < 1) throw conflict(TEAM_MESSAGES.onlyMember);
    for (const target of targets) refuseUnlessAllowed(current, target, 'remove');
    const adminsLeft = await countActiveAdmins(trx, scopeOf(actor), ids);
    for (const target of targets) {
      const lastAdmin = lastAdminProblem(
        { id: target.id, role: roleOf(target), isActive: target.isActive },
        adminsLeft,
        'remove',
      );
      if (lastAdmin) throw conflict(lastAdmin);
    }
    await deleteMemberRecords(trx, scopeOf(actor), ids);
    const names = targets.map(labelOf).join(', ');
    const description =
      targets.length === 1
        ? `Removed ${names} with their calculations, leads and activity log`
        : `Removed ${targets.length} users with their calculations, leads and activity logs: ${names}`;
    await logTeamActivity(trx, actor, { type: 'users_removed', description }, now);
    return { removed: targets.map((t) => t.fullName) };
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
  if (!target.isActive) throw conflict(TEAM_MESSAGES.resetNeedsActive);
  await requestPasswordReset(db, target.email, meta, now);
  return { email: target.email };
}
