import { describe, expect, it } from 'vitest';
import type { RoleType } from '../src/access';
import { type MemberAction, mayManageSeats, memberActionProblem } from '../src/roles';

const who = (id: string, role: RoleType) => ({ id, role });
const owner = who('o', 'super_admin');
const admin = who('a', 'admin');
const admin2 = who('a2', 'admin');
const broker = who('b', 'junior');
const broker2 = who('b2', 'junior');

describe('the role hierarchy', () => {
  const actions: MemberAction[] = ['deactivate', 'change_role', 'remove'];
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
