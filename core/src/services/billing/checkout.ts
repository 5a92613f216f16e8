import { BILLING_MESSAGES } from '@pippitch/shared/billing-messages';
import { belowActiveMessage } from '@pippitch/shared/checkout';
import type { AddonKey, Billing } from '@pippitch/shared/pricing';
import type { Database } from '@pippitch/sql';
import { badRequest, conflict } from '../../errors';
import type { PaymentProvider } from '../../providers/payments/types';
import { insertCheckout } from '../../queries/billing/checkouts';
import { setCustomerIdIfNone } from '../../queries/billing/company';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { companySeatUsage } from '../team/seat-usage';
import type { BillingDeps } from './deps';
import { closeOpenCheckout } from './open-checkout';
import { lockBilledCompany } from './sync';

export interface CheckoutChoice {
  adminSeats: number;
  brokerSeats: number;
  billing: Billing;
  addons: Record<AddonKey, boolean>;
}

/** A company whose subscription is live: a checkout for it is a plan change (services/billing/plan-change.ts). */
export function livePlan(company: { stripeSubscriptionId: string | null; subscriptionStatus: string }): boolean {
  // Also while a cancellation is scheduled: changing the plan keeps the one subscription (and its end date).
  return company.stripeSubscriptionId !== null && ['active', 'past_due'].includes(company.subscriptionStatus);
}

/**
 * Starts the provider's hosted checkout for the caller's company. Nothing about billing changes here: the
 * company becomes paid only when the provider's verified event says so (services/billing/apply-event.ts).
 * One live subscription per company (issue 20 §1): a company that pays is refused (its checkout page changes
 * the plan instead); under the company's row lock any checkout it left open is closed at the provider and any
 * subscription the provider still bills is ended before another checkout is opened; the
 * billing_checkouts_one_open index refuses a second open one whatever happens.
 * A company paying during its trial keeps the trial's remaining days (the first charge falls on its end).
 */
export async function startCheckout(
  db: Database,
  actor: Actor & { email: string },
  choice: CheckoutChoice,
  { provider, appUrl, now }: Omit<BillingDeps, 'provider'> & { provider: PaymentProvider },
): Promise<{ url: string }> {
  if (choice.adminSeats < 1) throw badRequest('At least one admin seat is required', 'adminSeats');
  const urls = { success: `${appUrl}/admin?checkout=success`, cancel: `${appUrl}/checkout?canceled=true` };
  const scope = scopeOf(actor);
  return db.transaction().execute(async (trx) => {
    const company = await lockBilledCompany(trx, scope);
    if (livePlan(company)) throw conflict(BILLING_MESSAGES.alreadySubscribed);
    const usage = await companySeatUsage(trx, scope, now);
    if (choice.adminSeats < usage.admin.active)
      throw badRequest(belowActiveMessage('admin', usage.admin.active), 'adminSeats');
    if (choice.brokerSeats < usage.broker.active) {
      throw badRequest(belowActiveMessage('broker', usage.broker.active), 'brokerSeats');
    }
    const customerId = await provider.ensureCustomer({
      id: company.id,
      name: company.name,
      email: actor.email,
      customerId: company.stripeCustomerId,
    });
    if (!company.stripeCustomerId) await setCustomerIdIfNone(trx, scope, customerId);
    await closeOpenCheckout(trx, scope, provider, now);
    // A new subscription only once the old one is over: anything the provider still bills (unpaid, past due,
    // not yet ended) is ended first, without a refund.
    for (const old of await provider.openSubscriptions(customerId)) {
      await provider.cancel(old.id, {
        atPeriodEnd: false,
        reason: 'other',
        feedback: 'Ended before a new subscription',
      });
    }
    const trialing = company.subscriptionStatus === 'trialing' && !company.accountLocked;
    const trialEnd = trialing && company.trialEndsAt && company.trialEndsAt > now ? company.trialEndsAt : null;
    const { url, sessionId } = await provider.startCheckout({
      companyId: company.id,
      customerId,
      ...choice,
      reactivation: company.subscriptionStatus === 'canceled' || company.accountLocked,
      trialEnd,
      successUrl: urls.success,
      cancelUrl: urls.cancel,
    });
    // Remembered as the company's one open checkout, and for the follow-up e-mail if it is not completed.
    await insertCheckout(trx, scope, { id: sessionId, provider: provider.kind, now });
    return { url };
  });
}
