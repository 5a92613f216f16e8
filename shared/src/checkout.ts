import { z } from 'zod';

/** The most seats one order may hold: far above any brokerage team, low enough that no price overflows. */
export const MAX_SEATS = 1000;

const seats = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label}: at least ${min}`)
    .max(MAX_SEATS, `${label}: at most ${MAX_SEATS}`);

/** What the checkout form sends; the server prices it itself from shared/src/pricing.ts. */
export const checkoutChoiceSchema = z.object({
  adminSeats: seats('Admin seats', 1),
  brokerSeats: seats('Broker seats', 0),
  billing: z.enum(['monthly', 'annual'], { error: 'Choose monthly or annual billing' }),
  addons: z.object({ companyFinder: z.boolean(), clientData: z.boolean() }),
});

/** The confirmation of a plan change: the proration moment and the amount the customer was shown (pence). */
export const planConfirmationSchema = z.object({
  prorationDate: z.iso.datetime({ error: 'Please review the amount again' }),
  dueNowPence: z.number().int().min(0).max(100_000_000),
});

export const planChangeConfirmSchema = checkoutChoiceSchema.extend({ confirmation: planConfirmationSchema });

/**
 * 'You have 2 active admin(s). You cannot reduce below this number.' (spec §5 Checkout): the checkout page says it
 * as the seats are chosen, and the server refuses an order below the active members with it.
 */
export function belowActiveMessage(role: 'admin' | 'broker', active: number): string {
  return `You have ${active} active ${role}(s). You cannot reduce below this number.`;
}

export const CHECKOUT_MESSAGES = {
  canceled: 'Payment was canceled. You can try again when ready.',
  failed: 'Failed to create checkout session',
  noUrl: 'No checkout URL received',
  checkoutFailed: 'Checkout failed',
  signIn: 'Please log in to continue',
} as const;

/** The label the test-mode checkout carries wherever it shows (design.md §2: always labelled test mode). */
export const TEST_MODE_LABEL = 'Test mode — no card is charged';
