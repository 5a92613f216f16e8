import { describe, expect, it } from 'vitest';
import {
  acceptInvitationInput,
  accountBadge,
  invitationEmail,
  invitationStatus,
  invitationToken,
  inviteRowsProblem,
  joinForm,
  refusalText,
  roleTypeOf,
  seatRoleOf,
  sentMessage,
} from '../src/invitations';

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('invitation rules', () => {
  it("the page's '@' rule and the server's address rule", () => {
    expect(inviteRowsProblem([])).toBe('Please enter at least one valid email address');
    expect(inviteRowsProblem(['bob', ''])).toBe('Please enter at least one valid email address');
    expect(inviteRowsProblem(['bob', 'a@'])).toBeNull();
    expect(invitationEmail.parse('  Ann@Example.CO.UK ')).toBe('ann@example.co.uk');
    for (const bad of ['a@', '@x.com', 'a@@x.com', 'a b@x.com', 'a@x']) {
      expect(invitationEmail.safeParse(bad).success).toBe(false);
    }
  });

  it('status as shown: pending turns expired when its seven days are over', () => {
    const expires = new Date('2026-01-08T10:00:00Z');
    expect(invitationStatus('pending', expires, new Date('2026-01-08T09:59:59.999Z'))).toBe('pending');
    expect(invitationStatus('pending', expires, expires)).toBe('expired');
    expect(invitationStatus('accepted', expires, new Date('2027-01-01'))).toBe('accepted');
    expect(invitationStatus('revoked', expires, new Date('2025-01-01'))).toBe('revoked');
    expect(invitationStatus('expired', expires, new Date('2025-01-01'))).toBe('expired');
  });

  it('roles, badges and texts', () => {
    expect(roleTypeOf('broker')).toBe('broker');
    expect(roleTypeOf('admin')).toBe('admin');
    expect(seatRoleOf('junior')).toBe('broker');
    expect(accountBadge('admin')).toBe('Admin Account');
    expect(accountBadge('broker')).toBe('Broker Account');
    expect(sentMessage(3)).toBe('Successfully sent 3 invitation(s)');
    expect(refusalText({ email: 'x@y.com', reason: 'already has a PipPitch account' })).toBe(
      'x@y.com already has a PipPitch account',
    );
  });

  it("the join form's messages, in the spec's words", () => {
    const ok = { firstName: 'Nina', password: '12345678', confirmPassword: '12345678' };
    expect(joinForm.safeParse(ok).success).toBe(true);
    expect(firstIssue(joinForm.safeParse({ ...ok, firstName: ' ' }))).toBe('Please enter your first name');
    expect(firstIssue(joinForm.safeParse({ ...ok, password: '1234567', confirmPassword: '1234567' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstIssue(joinForm.safeParse({ ...ok, confirmPassword: '12345679' }))).toBe('Passwords do not match');
    expect(invitationToken.safeParse('a'.repeat(43)).success).toBe(true);
    expect(firstIssue(invitationToken.safeParse('a'.repeat(44)))).toBe('Invalid invitation link');
    expect(firstIssue(acceptInvitationInput.safeParse({ ...ok, token: 'short' }))).toBe('Invalid invitation link');
  });
});
