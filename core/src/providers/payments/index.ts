import type { Database } from '@pippitch/sql';
import type { Config } from '../../config';
import { StripePayments } from './stripe/provider';
import { TestModePayments } from './test-mode/provider';
import type { PaymentProvider } from './types';

/**
 * Stripe when configured; otherwise the built-in test-mode checkout — except in production, where there is no
 * payment provider at all and starting a checkout is refused with a clear message.
 */
export function createPaymentProvider(
  config: Pick<Config, 'stripe' | 'env' | 'publicUrl'>,
  db: Database,
  now: () => Date,
): PaymentProvider | null {
  if (config.stripe) return new StripePayments(config.stripe);
  if (config.env === 'production') return null;
  return new TestModePayments(db, config.publicUrl, now);
}

// What the server app and the worker use of this domain (@pippitch/core/providers/payments).
export { StripePayments } from './stripe/provider';
export type { PaymentProvider } from './types';
export { WebhookSignatureError } from './types';
