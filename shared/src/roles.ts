/**
 * The role hierarchy (design.md §3), in one place for every member action now and in the team pages:
 * super_admin > admin > broker. Admins manage brokers and other admins; only the super_admin manages seats;
 * nobody acts on themself; nobody deactivates, demotes or removes the super_admin (the account owner).
 * The server enforces it for every member action; the web uses it only to hide buttons that would be refused.
 */
import { ACCESS_MESSAGES, isAdminRole, type RoleType } from './access';

export type MemberAction = 'deactivate' | 'reactivate' | 'change_role' | 'remove' | 'send_reset';

export interface RoleHolder {
  id: string;
  role: RoleType;
}

const SELF: Readonly<Record<MemberAction, string>> = {
  deactivate: 'You cannot deactivate your own account',
  reactivate: 'You cannot reactivate your own account',
  change_role: 'You cannot change your own role',
  remove: 'You cannot remove your own account',
  send_reset: 'Use Forgot password on the sign-in page to reset your own password',
};

const OWNER: Readonly<Record<MemberAction, string>> = {
  deactivate: 'The account owner cannot be deactivated',
  reactivate: 'The account owner cannot be deactivated',
  change_role: "The account owner's role cannot be changed",
  remove: 'The account owner cannot be removed',
  send_reset: "The account owner's password cannot be reset by another member",
};

export const NO_MEMBER_ADMIN = ACCESS_MESSAGES.noAdminAccess;

/** Why `actor` may not do `action` to `target`, or null when they may. Both are members of one company. */
export function memberActionProblem(actor: RoleHolder, target: RoleHolder, action: MemberAction): string | null {
  if (!isAdminRole(actor.role)) return NO_MEMBER_ADMIN;
  if (actor.id === target.id) return SELF[action];
  if (target.role === 'super_admin') return OWNER[action];
  return null;
}

export function mayActOn(actor: RoleHolder, target: RoleHolder, action: MemberAction): boolean {
  return memberActionProblem(actor, target, action) === null;
}

/** Seats and the subscription's size are the owner's alone. */
export function mayManageSeats(role: RoleType): boolean {
  return role === 'super_admin';
}

/** 'Cannot change role: At least one active admin is required' — spec §5 Account, and its siblings. */
export const LAST_ADMIN: Readonly<Record<'change_role' | 'deactivate' | 'remove', string>> = {
  change_role: 'Cannot change role: At least one active admin is required',
  deactivate: 'Cannot deactivate: At least one active admin is required',
  remove: 'Cannot remove: At least one active admin is required',
};

/**
 * A company keeps at least one active admin (admin or super_admin). `otherActiveAdmins` counts the active
 * admins besides the target; taking an active admin out of that role (demotion, deactivation, removal) needs
 * one more. The actor is always an active admin, so this holds on its own one request at a time; it is what
 * stops two admins demoting each other at the same moment.
 */
export function lastAdminProblem(
  target: RoleHolder & { isActive: boolean },
  otherActiveAdmins: number,
  action: keyof typeof LAST_ADMIN,
): string | null {
  if (!target.isActive || !isAdminRole(target.role)) return null;
  return otherActiveAdmins >= 1 ? null : LAST_ADMIN[action];
}
