import type { PaymentProvider } from '../../providers/payments/types';

/**
 * What billing's services take beyond the database, the actor and the input: the payment provider (null only in
 * production without Stripe keys, where a change is refused with a clear message), the public URL the e-mails'
 * links start from, and the time of the request.
 */
export interface BillingDeps {
  provider: PaymentProvider | null;
  appUrl: string;
  now: Date;
}
