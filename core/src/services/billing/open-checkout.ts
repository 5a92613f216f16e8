import { BILLING_MESSAGES } from '@pippitch/shared/billing-messages';
import type { Database } from '@pippitch/sql';
import { conflict } from '../../errors';
import type { PaymentProvider } from '../../providers/payments/types';

// A company's one open checkout (issue 20 §1; the billing_checkouts_one_open index holds it in the data).

/** Expires the company's open checkout at the provider; one paid meanwhile stops the new one. */
export async function closeOpenCheckout(trx: Database, provider: PaymentProvider, companyId: string, now: Date) {
  const open = await trx
    .selectFrom('billing_checkouts')
    .select(['id', 'provider'])
    .where('company_id', '=', companyId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (!open) return;
  // A checkout of another provider (a key set since) cannot be paid any more.
  if (open.provider === provider.kind && (await provider.expireCheckout(open.id)) === 'complete') {
    throw conflict(BILLING_MESSAGES.checkoutPaidMeanwhile);
  }
  await trx.updateTable('billing_checkouts').set({ closed_at: now }).where('id', '=', open.id).execute();
}

/** A paid checkout is closed (the subscription it created is now the company's). */
export async function closeCheckouts(trx: Database, companyId: string, now: Date): Promise<void> {
  await trx
    .updateTable('billing_checkouts')
    .set({ closed_at: now })
    .where('company_id', '=', companyId)
    .where('closed_at', 'is', null)
    .execute();
}
