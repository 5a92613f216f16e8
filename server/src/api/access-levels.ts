import type { Viewer } from '@pippitch/core/auth';
import { ACCESS_MESSAGES, isAdminRole } from '@pippitch/shared/access';
import { mayManageSeats } from '@pippitch/shared/roles';

/**
 * The one statement of who may call what (issue 36): the base procedures (api/trpc/procedures.ts) and the plain
 * routes' gate (api/http/gate.ts) both ask `refusalFor`, so a procedure and a download at the same level refuse the
 * same people with the same words.
 */

/** One check past signing in, and what a viewer who fails it reads. */
interface Check {
  passes: (viewer: Viewer) => boolean;
  message: string;
}

const CHECKS = {
  /** The company has access: trial running or subscription active, not locked. */
  access: { passes: (v) => v.company.access === 'granted', message: ACCESS_MESSAGES.accountLocked },
  admin: { passes: (v) => isAdminRole(v.user.role), message: ACCESS_MESSAGES.noAdminAccess },
  /** Seats and the subscription's size are the owner's alone. */
  superAdmin: { passes: (v) => mayManageSeats(v.user.role), message: ACCESS_MESSAGES.superAdminOnly },
  companyFinder: { passes: (v) => v.company.companyFinderEnabled, message: ACCESS_MESSAGES.companyFinderRequired },
} as const satisfies Record<string, Check>;

/**
 * Each level: signed in, then these checks in this order (the first failed one is the answer). `billingAdmin`
 * skips the company's access: paying is how a locked company gets it back.
 */
const LEVELS = {
  signedIn: [],
  member: ['access'],
  admin: ['access', 'admin'],
  billingAdmin: ['admin'],
  superAdmin: ['access', 'superAdmin'],
  companyFinder: ['access', 'companyFinder'],
} as const satisfies Record<string, readonly (keyof typeof CHECKS)[]>;

export type AccessLevel = keyof typeof LEVELS;

export interface Refusal {
  status: 401 | 403;
  message: string;
}

/** Why `viewer` may not pass `level` (401 signed out, 403 otherwise), or null when they may. */
export function refusalFor(viewer: Viewer | null, level: AccessLevel): Refusal | null {
  if (!viewer) return { status: 401, message: ACCESS_MESSAGES.signIn };
  for (const name of LEVELS[level]) {
    const check: Check = CHECKS[name];
    if (!check.passes(viewer)) return { status: 403, message: check.message };
  }
  return null;
}
