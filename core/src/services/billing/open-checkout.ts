import { BILLING_MESSAGES } from '@pippitch/shared/billing-messages';
import type { Database } from '@pippitch/sql';
import { conflict } from '../../errors';
import type { PaymentProvider } from '../../providers/payments/types';
import { closeOpenCheckouts, findOpenCheckout } from '../../queries/billing/checkouts';
import type { Scope } from '../../queries/scope';

// A company's one open checkout (issue 20 §1; the billing_checkouts_one_open index holds it in the data).

/** Expires the company's open checkout at the provider; one paid meanwhile stops the new one. */
export async function closeOpenCheckout(trx: Database, scope: Scope, provider: PaymentProvider, now: Date) {
  const open = await findOpenCheckout(trx, scope);
  if (!open) return;
  // A checkout of another provider (a key set since) cannot be paid any more.
  if (open.provider === provider.kind && (await provider.expireCheckout(open.id)) === 'complete') {
    throw conflict(BILLING_MESSAGES.checkoutPaidMeanwhile);
  }
  await closeOpenCheckouts(trx, scope, now, open.id);
}

/** A paid checkout is closed (the subscription it created is now the company's). */
export async function closeCheckouts(trx: Database, scope: Scope, now: Date): Promise<void> {
  await closeOpenCheckouts(trx, scope, now);
}
