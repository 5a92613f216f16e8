/**
 * What an unpaid trial may do until its first payment (issue 30): an unpaid trial could set itself 500 + 500 seats
 * and send 50 invitations an hour, with a company name of its choosing in each e-mail. The numbers live here only:
 * the server's checks, their messages and the pricing page's FAQ all read them. A paid plan (from checkout, even
 * one still in its trial days) has no such limit.
 */
export const TRIAL_LIMITS = {
  /** Seats in all (admin and broker together): room for a whole desk to evaluate, the Enterprise tier included. */
  seats: 25,
  /** Invitation e-mails (sent or resent) in any 24 hours. */
  invitationsPerDay: 25,
} as const;

export const TRIAL_MESSAGES = {
  seats: `A free trial can have up to ${TRIAL_LIMITS.seats} seats (admin and broker seats together). Choose a plan to add more.`,
  invitations: `A free trial can send up to ${TRIAL_LIMITS.invitationsPerDay} invitations in 24 hours. Please try again tomorrow, or choose a plan to lift this limit.`,
} as const;

/** The pricing page's FAQ answer. */
export function trialLimitsAnswer(): string {
  return `Up to ${TRIAL_LIMITS.seats} seats (admin and broker together) and ${TRIAL_LIMITS.invitationsPerDay} invitations in any 24 hours, with every feature and add-on. Once you choose a plan and pay, both limits go: add as many seats and invite as many people as your plan has.`;
}

/** Whether a trial may have this many seats. */
export function withinTrialSeats(adminSeats: number, brokerSeats: number): boolean {
  return adminSeats + brokerSeats <= TRIAL_LIMITS.seats;
}
