import { quote } from '@pippitch/shared/pricing';
import type { Database } from '@pippitch/sql';
import { badRequest, notFound } from '../../errors';
import { TestModePayments } from '../../providers/payments/test-mode/provider';
import type { PaymentProvider } from '../../providers/payments/types';
import { cancelTestCheckoutRow, completeTestCheckout, findTestCheckout } from '../../queries/billing/test-checkouts';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { companyColumns } from '../company/row';
import { applyBillingEvent } from './apply-event';
import type { BillingDeps } from './deps';

/**
 * The test-mode checkout page's three actions. Only the company's own open checkout is found (anything else is
 * 'not found'), and paying goes through applyBillingEvent, the path a Stripe webhook takes.
 */
function testMode(provider: PaymentProvider | null): TestModePayments {
  if (!(provider instanceof TestModePayments)) throw notFound('Checkout not found');
  return provider;
}

async function openCheckout(db: Database, actor: Actor, id: string) {
  const row = await findTestCheckout(db, scopeOf(actor), id, { lock: false });
  if (!row) throw notFound('Checkout not found');
  return row;
}

export async function viewTestCheckout(
  db: Database,
  actor: Actor,
  { id }: { id: string },
  { provider }: Pick<BillingDeps, 'provider'>,
) {
  testMode(provider);
  const row = await openCheckout(db, actor, id);
  const company = await companyColumns(db, scopeOf(actor), ['name']);
  const addons = { companyFinder: row.company_finder, clientData: row.client_data };
  return {
    id: row.id,
    companyName: company.name,
    status: row.status as 'open' | 'complete' | 'canceled',
    adminSeats: row.admin_seats,
    brokerSeats: row.broker_seats,
    billing: row.billing as 'monthly' | 'annual',
    addons,
    quote: quote({
      adminSeats: row.admin_seats,
      brokerSeats: row.broker_seats,
      billing: row.billing as 'monthly' | 'annual',
      addons,
    }),
  };
}

/**
 * Pay: the subscription starts and its event is applied. Paying twice (a double click) creates one subscription;
 * the event is applied again either way (converging is idempotent), so a failure after the payment heals on retry.
 */
export async function payTestCheckout(
  db: Database,
  actor: Actor,
  { id }: { id: string },
  { provider, now, appUrl }: BillingDeps,
): Promise<{ redirect: string }> {
  const payments = testMode(provider);
  const scope = scopeOf(actor);
  const paid = await db.transaction().execute(async (trx) => {
    const row = await findTestCheckout(trx, scope, id, { lock: true });
    if (!row) throw notFound('Checkout not found');
    if (row.status === 'canceled')
      throw badRequest('This checkout was canceled. Please start again from the checkout page.');
    if (row.status === 'complete') return { subscriptionId: row.subscription_id as string, row };
    const subscriptionId = await payments.createSubscription(trx, row, now);
    await completeTestCheckout(trx, scope, id, subscriptionId);
    return { subscriptionId, row };
  });
  await applyBillingEvent(
    db,
    {
      id: payments.newEventId(),
      type: 'checkout.session.completed',
      customerId: paid.row.customer_id,
      subscriptionId: paid.subscriptionId,
    },
    { provider: payments, now, appUrl },
  );
  return { redirect: paid.row.success_url };
}

export async function cancelTestCheckout(
  db: Database,
  actor: Actor,
  { id }: { id: string },
  { provider }: Pick<BillingDeps, 'provider'>,
): Promise<{ redirect: string }> {
  testMode(provider);
  const row = await openCheckout(db, actor, id);
  if (row.status === 'open') {
    await cancelTestCheckoutRow(db, scopeOf(actor), id);
  }
  return { redirect: row.cancel_url };
}
