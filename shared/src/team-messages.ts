/**
 * What the team pages (members on /admin and /admin/account, seats on /admin/seats) and the server's answers
 * say (spec §5 Seats page and Account, §8 Seats and Account), in one place for both sides.
 */
import { z } from 'zod';
import { planConfirmationSchema } from './checkout';
import { MAX_SEATS_PER_ROLE, SEAT_ROLE_LABEL, type SeatRole } from './seats';

export const TEAM_MESSAGES = {
  removeMemberFailed: 'Failed to remove member',
  updateRoleFailed: 'Failed to update role',
  sendResetFailed: 'Failed to send password reset email',
  resetNotEmailed: 'E-mail is switched off on this PipPitch server, so no password reset email was sent.',
  updateStatusFailed: 'Failed to update member',
  updateSeatsFailed: 'Failed to update seats',
  removeUsersFailed: 'Failed to remove users',
  belowTeamSize: 'Cannot reduce seats below current team size',
  seatUpdateProcessing: 'Seat update is being processed. Please refresh the page in a moment.',
  onlyMember: 'The only member of a company cannot be removed',
  resetNeedsActive: 'Reactivate this member before sending a password reset email',
  memberNotFound: 'Member not found',
  /** A paid company's seat change goes through billing (spec §4 Seat save routing), which is not open yet. */
  paidSeatChanges: (supportEmail: string) =>
    `Seat changes for paid plans open with online billing. Please contact support at ${supportEmail}.`,
  noUsersSelected: 'Please select at least one user to remove',
} as const;

/** A role change or reactivation that would take a seat the company does not have. */
export function noSeatForMessage(action: 'change_role' | 'reactivate', role: SeatRole): string {
  const verb = action === 'change_role' ? 'Cannot change role' : 'Cannot reactivate';
  const article = role === 'admin' ? 'an' : 'a';
  return `${verb}: no ${SEAT_ROLE_LABEL[role]} seats available. Add ${article} ${SEAT_ROLE_LABEL[role]} seat first.`;
}

/** The seats page's save: admin seats at least 1, broker seats at least 0 (spec §5 Account), whole numbers. */
export const seatChangeInput = z.object({
  adminSeats: z
    .number()
    .int('Seats are whole numbers')
    .min(1, 'At least one admin seat is required')
    .max(MAX_SEATS_PER_ROLE, `At most ${MAX_SEATS_PER_ROLE} admin seats`),
  brokerSeats: z
    .number()
    .int('Seats are whole numbers')
    .min(0, 'Broker seats cannot be negative')
    .max(MAX_SEATS_PER_ROLE, `At most ${MAX_SEATS_PER_ROLE} broker seats`),
  /** Added seats on a paid plan: the amount the owner was shown and confirmed (issue 20 §3). */
  confirmation: planConfirmationSchema.optional(),
});
export type SeatChangeInput = z.infer<typeof seatChangeInput>;
