import { z } from 'zod';
import { text } from './input';

/** The cancellation dialog's reasons (spec §2 Account management), in its order, with its labels. */
export const CANCELLATION_REASONS = {
  too_expensive: 'Too expensive',
  not_using: 'Not using the product',
  missing_features: 'Missing features I need',
  found_alternative: 'Found a better alternative',
  temporary: 'Temporary - will be back',
  other: 'Other reason',
} as const;
export type CancellationReason = keyof typeof CANCELLATION_REASONS;

export const CANCELLATION_MESSAGES = {
  reasonRequired: 'Please select a reason for cancellation',
  reactivateFailed: 'Failed to reactivate subscription',
} as const;

export const cancellationInput = z.object({
  reason: z.enum(Object.keys(CANCELLATION_REASONS) as [CancellationReason, ...CancellationReason[]], {
    error: CANCELLATION_MESSAGES.reasonRequired,
  }),
  feedback: text('Feedback', 2000).default(''),
});

/** Days of access left after a scheduled cancellation: rounded up, never below 0 (spec §4 Subscription). */
export function daysRemaining(until: string | Date | null, now: Date): number {
  if (!until) return 0;
  return Math.max(0, Math.ceil((new Date(until).getTime() - now.getTime()) / 86_400_000));
}
