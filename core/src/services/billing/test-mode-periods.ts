import type { Database } from '@pippitch/sql';
import { TestModePayments } from '../../providers/payments/test-mode/provider';
import type { PaymentProvider } from '../../providers/payments/types';
import { applyBillingEvent } from './apply-event';

/**
 * Test mode's stand-in for Stripe's period ends (a scheduled cancellation takes effect, other plans renew), each
 * followed by the event Stripe would send, applied as a webhook's would be. Does nothing with Stripe, which runs
 * its own clock and sends its own events.
 */
export async function endTestModePeriods(
  db: Database,
  provider: PaymentProvider | null,
  now: Date,
  appUrl: string,
): Promise<number> {
  if (!(provider instanceof TestModePayments)) return 0;
  const changed = await db.transaction().execute((trx) => provider.endPeriods(trx, now));
  for (const sub of changed) {
    await applyBillingEvent(
      db,
      {
        id: provider.newEventId(),
        type: sub.ended ? 'customer.subscription.deleted' : 'customer.subscription.updated',
        customerId: sub.customerId,
        subscriptionId: sub.id,
      },
      { provider, now, appUrl },
    );
  }
  return changed.length;
}
