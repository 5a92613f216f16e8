import type { AddonKey, Billing } from '@pippitch/shared/pricing';
import type { Database } from '@pippitch/sql';
import { badRequest, notFound } from '../../errors';
import type { PaymentProvider } from '../../providers/payments/types';
import type { Actor } from '../actor';
import { companySeatUsage } from '../team/seat-usage';

export interface CheckoutChoice {
  adminSeats: number;
  brokerSeats: number;
  billing: Billing;
  addons: Record<AddonKey, boolean>;
}

/** 'You have 2 active admin(s). You cannot reduce below this number.' — spec §5 Checkout. */
export function belowActiveMessage(role: 'admin' | 'broker', active: number): string {
  return `You have ${active} active ${role}(s). You cannot reduce below this number.`;
}

/**
 * Starts the provider's hosted checkout for the caller's company. Nothing about billing changes here: the
 * company becomes paid only when the provider's verified event says so (services/billing/apply-event.ts).
 */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  actor: Actor & { email: string },
  choice: CheckoutChoice,
  urls: { success: string; cancel: string },
  now: Date,
): Promise<{ url: string }> {
  if (choice.adminSeats < 1) throw badRequest('At least one admin seat is required', 'adminSeats');
  const company = await db
    .selectFrom('companies')
    .select(['id', 'name', 'stripe_customer_id', 'subscription_status', 'account_locked'])
    .where('id', '=', actor.companyId)
    .executeTakeFirst();
  if (!company) throw notFound('Company not found');
  const usage = await companySeatUsage(db, actor.companyId, now);
  if (choice.adminSeats < usage.admin.active)
    throw badRequest(belowActiveMessage('admin', usage.admin.active), 'adminSeats');
  if (choice.brokerSeats < usage.broker.active) {
    throw badRequest(belowActiveMessage('broker', usage.broker.active), 'brokerSeats');
  }
  const customerId = await provider.ensureCustomer({
    id: company.id,
    name: company.name,
    email: actor.email,
    customerId: company.stripe_customer_id,
  });
  if (!company.stripe_customer_id) {
    await db
      .updateTable('companies')
      .set({ stripe_customer_id: customerId })
      .where('id', '=', company.id)
      .where('stripe_customer_id', 'is', null)
      .execute();
  }
  const { url, sessionId } = await provider.startCheckout({
    companyId: company.id,
    customerId,
    ...choice,
    reactivation: company.subscription_status === 'canceled' || company.account_locked,
    successUrl: urls.success,
    cancelUrl: urls.cancel,
  });
  // Remembered for the follow-up e-mail if it is not completed (services/billing/checkout-followups.ts).
  await db
    .insertInto('billing_checkouts')
    .values({
      id: sessionId,
      company_id: company.id,
      provider: provider.kind,
      started_by: actor.userId,
      created_at: now,
    })
    .execute();
  return { url };
}
