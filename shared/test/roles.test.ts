import { describe, expect, it } from 'vitest';
import type { RoleType } from '../src/access';
import { lastAdminProblem, type MemberAction, mayManageSeats, memberActionProblem } from '../src/roles';

const who = (id: string, role: RoleType) => ({ id, role });
const owner = who('o', 'super_admin');
const admin = who('a', 'admin');
const admin2 = who('a2', 'admin');
const broker = who('b', 'broker');
const broker2 = who('b2', 'broker');

describe('the role hierarchy', () => {
  const actions: MemberAction[] = ['deactivate', 'change_role', 'remove', 'send_reset'];
  it.each(actions)('nobody may %s the owner, not even the owner', (action) => {
    for (const actor of [owner, admin]) expect(memberActionProblem(actor, owner, action)).not.toBeNull();
    expect(memberActionProblem(owner, owner, action)).toMatch(/your own/);
  });

  it.each(actions)('nobody may %s themself', (action) => {
    for (const actor of [admin, broker]) expect(memberActionProblem(actor, actor, action)).not.toBeNull();
  });

  it.each(actions)('admins and the owner may %s brokers and other admins', (action) => {
    for (const actor of [owner, admin]) {
      expect(memberActionProblem(actor, broker, action)).toBeNull();
      expect(memberActionProblem(actor, admin2, action)).toBeNull();
    }
  });

  it.each(actions)('a broker may %s nobody', (action) => {
    for (const target of [owner, admin, broker2]) {
      expect(memberActionProblem(broker, target, action)).toBe('You do not have admin access');
    }
  });

  it('only the owner manages seats', () => {
    expect([owner, admin, broker].map((r) => mayManageSeats(r.role))).toEqual([true, false, false]);
  });
});

describe('one active admin stays', () => {
  it('refuses taking the last active admin out of that role', () => {
    const active = { ...admin, isActive: true };
    expect(lastAdminProblem(active, 0, 'change_role')).toBe(
      'Cannot change role: At least one active admin is required',
    );
    expect(lastAdminProblem({ ...owner, isActive: true }, 0, 'deactivate')).toBe(
      'Cannot deactivate: At least one active admin is required',
    );
    expect(lastAdminProblem(active, 1, 'change_role')).toBeNull();
  });

  it('brokers and deactivated admins hold no admin role to keep', () => {
    expect(lastAdminProblem({ ...broker, isActive: true }, 0, 'remove')).toBeNull();
    expect(lastAdminProblem({ ...admin, isActive: false }, 0, 'remove')).toBeNull();
  });
});
