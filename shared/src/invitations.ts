/**
 * Invitations and joining (spec §2 Invite members, Join; §5 Invite, Join; §8 Invitation; §9 Invitation
 * validity): the messages the server answers and the pages show, and the input rules both sides apply.
 */
import { z } from 'zod';
import type { RoleType } from './access';
import { MESSAGES, PASSWORD_MIN } from './auth';
import { nameText, text } from './input';
import type { SeatRole } from './seats';

export const INVITATION_VALID_DAYS = 7;
export const INVITATION_VALID_MS = INVITATION_VALID_DAYS * 86_400_000;

/** Invitations (new and resent) one company may send in an hour: enough for onboarding a whole team. */
export const INVITATIONS_PER_HOUR = 50;
/** Rows of one invite form: never more than an hour's worth. */
export const MAX_INVITE_ROWS = INVITATIONS_PER_HOUR;

export const INVITE_MESSAGES = {
  noValidEmail: 'Please enter at least one valid email address',
  sendFailed: 'Failed to send invitations',
  invalidEmail: 'is not a valid email address',
  listedTwice: 'is listed more than once',
  // Said only of the inviting company's own members: an address with an account elsewhere is invited like any
  // other (its owner is told at /join), so the answer never tells an admin who has an account (issue 19).
  alreadyMember: 'is already a member of your team',
  alreadyPending: 'already has a pending invitation (use Resend in the invitation history)',
  tooMany: `Your company has sent the most invitations allowed in an hour (${INVITATIONS_PER_HOUR}). Please wait a while and try again.`,
  notFound: 'Invitation not found',
  notResendable: 'Only a pending or expired invitation can be resent',
  notRevocable: 'Only a pending or expired invitation can be revoked',
  resent: 'Invitation sent again. The earlier link no longer works.',
  resentWithoutEmail:
    'Invitation renewed (the earlier link no longer works), but e-mail is switched off on this PipPitch server, so no e-mail was sent.',
  revoked: 'Invitation revoked. Its link no longer works and its seat is free.',
} as const;

/** 'Successfully sent N invitation(s)' — spec §8, for the invitations really queued. */
export function sentMessage(count: number): string {
  return `Successfully sent ${count} invitation(s)`;
}

/** With e-mail switched off on the server (EMAIL_DISABLED): the invitations exist, but nobody was e-mailed. */
export function createdWithoutEmailMessage(count: number): string {
  return `Created ${count} invitation(s), but e-mail is switched off on this PipPitch server, so no invitation e-mail was sent.`;
}

/** One refused address, as the invite page lists it: 'bob@x.com is already a member of your team'. */
export function refusalText(refusal: { email: string; reason: string }): string {
  return `${refusal.email || '(empty)'} ${refusal.reason}`;
}

export const JOIN_MESSAGES = {
  invalidLink: 'Invalid invitation link',
  notFound: 'Invalid or expired invitation',
  used: 'This invitation has already been used',
  expired: 'This invitation has expired',
  firstName: 'Please enter your first name',
  passwordTooShort: MESSAGES.passwordTooShort,
  passwordsDiffer: MESSAGES.passwordsDiffer,
  failed: 'Failed to accept invitation',
  accountExists: 'Account already exists. Please use your existing password.',
  companyLocked:
    "This company's account is locked, so its invitations cannot be accepted. Please contact the person who invited you.",
  invalidInvitation: 'Invalid Invitation',
} as const;

/** 'No broker seat is free any more …' — when the last seat went to someone else first. */
export function noSeatLeftMessage(role: SeatRole): string {
  return `This team has no ${role} seat free any more. Please ask the person who invited you to add a seat.`;
}

/** The member role an invitation's seat becomes (the server stores it through services/stored-role.ts). */
export function roleTypeOf(role: SeatRole): Extract<RoleType, 'admin' | 'broker'> {
  return role === 'admin' ? 'admin' : 'broker';
}

export function seatRoleOf(roleType: string): SeatRole {
  return roleType === 'admin' ? 'admin' : 'broker';
}

/** The join page's badge. */
export function accountBadge(role: SeatRole): string {
  return role === 'admin' ? 'Admin Account' : 'Broker Account';
}

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A stored invitation as people read it: a pending one whose seven days are over is expired. */
export function invitationStatus(stored: string, expiresAt: Date, now: Date): InvitationStatus {
  if (stored === 'accepted' || stored === 'revoked' || stored === 'expired') return stored;
  return expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/**
 * The e-mail rule for one address: trimmed, lower-cased, a real address (the spec's "contains '@'" is only the
 * page's first filter; the server decides with this).
 */
export const invitationEmail = z.string().trim().toLowerCase().max(254).email();

export const sendInvitationsInput = z.object({
  role: z.enum(['admin', 'broker']),
  // Each row as typed: the server checks every one and answers for each, so none is dropped silently.
  emails: z.array(text('Email', 254)).max(MAX_INVITE_ROWS, `At most ${MAX_INVITE_ROWS} addresses at a time`),
});
export type SendInvitationsInput = z.infer<typeof sendInvitationsInput>;

/** The rows the page sends: every non-blank one, once at least one contains '@' (spec §5 Invite). */
export function inviteRowsProblem(rows: string[]): string | null {
  return rows.some((r) => r.includes('@')) ? null : INVITE_MESSAGES.noValidEmail;
}

/** A link's token is 43 base64url characters (256 bits); anything else is simply an invalid link. */
export const invitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, JOIN_MESSAGES.invalidLink);

const joinFields = {
  firstName: nameText('First name', 120).pipe(z.string().min(1, JOIN_MESSAGES.firstName)),
  password: text('Password', 200, { trim: false }).pipe(z.string().min(PASSWORD_MIN, JOIN_MESSAGES.passwordTooShort)),
  confirmPassword: text('Password', 200, { trim: false }),
};

function passwordsMatch(v: { password: string; confirmPassword: string }): boolean {
  return v.password === v.confirmPassword;
}
const PASSWORDS_DIFFER = { message: JOIN_MESSAGES.passwordsDiffer, path: ['confirmPassword'] };

/** The join form's fields, checked in the page before anything is sent (the server checks them again). */
export const joinForm = z.object(joinFields).refine(passwordsMatch, PASSWORDS_DIFFER);

export const acceptInvitationInput = z
  .object({ token: invitationToken, ...joinFields })
  .refine(passwordsMatch, PASSWORDS_DIFFER);
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;
