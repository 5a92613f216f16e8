import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';
import { updateScopedRow } from '../scoped-writes';

/**
 * Test mode's checkout pages (`test_mode_checkouts`), only the scope's company's: another company's checkout id is
 * simply not found. The row is returned whole, as the test-mode provider takes it (providers/payments/test-mode).
 */

/** The company's test checkout `id`, or undefined; `lock` locks it FOR UPDATE for the caller's transaction. */
export function findTestCheckout(db: Database, scope: Scope, id: string, { lock }: { lock: boolean }) {
  const query = db
    .selectFrom('test_mode_checkouts')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Marks the company's test checkout paid, with the subscription it created. */
export async function completeTestCheckout(
  trx: Database,
  scope: Scope,
  id: string,
  subscriptionId: string,
): Promise<void> {
  await updateScopedRow(trx, scope, 'test_mode_checkouts', id, { status: 'complete', subscription_id: subscriptionId });
}

/** Marks the company's test checkout canceled. */
export async function cancelTestCheckoutRow(db: Database, scope: Scope, id: string): Promise<void> {
  await updateScopedRow(db, scope, 'test_mode_checkouts', id, { status: 'canceled' });
}
