/**
 * The one statement of who may call what (api/access-levels.ts), level by level: each refuses with the first check a
 * viewer fails, in the order the level states them. access-matrix.test.ts walks every procedure through the same
 * rule; this shows the rule itself, including the plain routes' 'member' and 'admin'.
 */
import { ACCESS_MESSAGES, type RoleType } from '@pippitch/shared/access';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../core/src/services/auth/sessions';
import { type AccessLevel, refusalFor } from '../src/api/access-levels';

function viewer(role: RoleType, access: 'granted' | 'locked' = 'granted', companyFinderEnabled = true): Viewer {
  return {
    sessionId: 's',
    user: { id: 'u', email: 'a@acme.test', fullName: 'A', role, companyId: 'c' },
    company: {
      id: 'c',
      name: 'Acme',
      access,
      companyFinderEnabled,
      clientDataEnabled: true,
      dataKeptUntil: null,
      pairs: [],
    },
  };
}

const LEVELS: AccessLevel[] = ['signedIn', 'member', 'admin', 'billingAdmin', 'superAdmin', 'companyFinder'];
const locked = { status: 403, message: ACCESS_MESSAGES.accountLocked };
const noAdmin = { status: 403, message: ACCESS_MESSAGES.noAdminAccess };
const ownerOnly = { status: 403, message: ACCESS_MESSAGES.superAdminOnly };
const noFinder = { status: 403, message: ACCESS_MESSAGES.companyFinderRequired };

describe('refusalFor', () => {
  it('refuses the signed-out at every level with 401', () => {
    for (const level of LEVELS) {
      expect(refusalFor(null, level)).toEqual({ status: 401, message: ACCESS_MESSAGES.signIn });
    }
  });

  it.each<[string, Viewer, Record<AccessLevel, object | null>]>([
    [
      'a broker',
      viewer('broker'),
      {
        signedIn: null,
        member: null,
        admin: noAdmin,
        billingAdmin: noAdmin,
        superAdmin: ownerOnly,
        companyFinder: null,
      },
    ],
    [
      'an admin',
      viewer('admin'),
      { signedIn: null, member: null, admin: null, billingAdmin: null, superAdmin: ownerOnly, companyFinder: null },
    ],
    [
      'the owner',
      viewer('super_admin'),
      { signedIn: null, member: null, admin: null, billingAdmin: null, superAdmin: null, companyFinder: null },
    ],
    [
      // The company's access is checked before the role: a locked broker reads 'locked', not 'no admin access'.
      'a broker of a locked company',
      viewer('broker', 'locked'),
      {
        signedIn: null,
        member: locked,
        admin: locked,
        billingAdmin: noAdmin,
        superAdmin: locked,
        companyFinder: locked,
      },
    ],
    [
      // Paying is how a locked company gets access back: billing stays open to its admins.
      'an admin of a locked company',
      viewer('admin', 'locked'),
      { signedIn: null, member: locked, admin: locked, billingAdmin: null, superAdmin: locked, companyFinder: locked },
    ],
    [
      'an admin without the Company Finder',
      viewer('admin', 'granted', false),
      { signedIn: null, member: null, admin: null, billingAdmin: null, superAdmin: ownerOnly, companyFinder: noFinder },
    ],
  ])('%s', (_, v, expected) => {
    for (const level of LEVELS)
      expect({ level, refusal: refusalFor(v, level) }).toEqual({ level, refusal: expected[level] });
  });
});
