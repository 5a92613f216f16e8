import type { Config } from '../../config';
import { StripePayments } from './stripe/provider';
import type { PaymentProvider } from './types';

/**
 * Stripe when configured. Without keys there is no payment provider yet: the built-in test-mode checkout
 * (design.md §2) is the embedded default still to come, and until then no checkout is offered.
 */
export function createPaymentProvider(config: Pick<Config, 'stripe'>): PaymentProvider | null {
  return config.stripe ? new StripePayments(config.stripe) : null;
}
