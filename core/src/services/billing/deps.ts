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

/** The same once a provider is known to be there (every change past the 'no Stripe keys' refusal). */
export interface PaidBillingDeps extends BillingDeps {
  provider: PaymentProvider;
}

/** What an e-mail a change sends needs: the public URL its links start from and the time. */
export type NoticeDeps = Pick<BillingDeps, 'appUrl' | 'now'>;
