import { planPrice } from '@pippitch/shared/plan-price';
import type { Database } from '@pippitch/sql';
import type { SubscriptionState } from '../../providers/payments/types';
import { type BilledCompanyRecord, readAccessEndedAt, updateBilledCompany } from '../../queries/billing/company';
import type { Scope } from '../../queries/scope';
import { seatPriceColumns } from '../company/seat-prices';
import { welcomeEmail } from '../email/billing-emails';
import type { NoticeDeps } from './deps';
import { noticeAccessEnded, sendNoticeOnce } from './notices';
import { closeCheckouts } from './open-checkout';

/** What a convergence reads of the company (queries/billing/company.ts). */
export type BilledCompany = Pick<
  BilledCompanyRecord,
  'id' | 'name' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'cancelAtPeriodEnd'
>;

const LIVE: readonly SubscriptionState['status'][] = ['active', 'trialing', 'past_due'];
const ENDED: readonly SubscriptionState['status'][] = ['canceled', 'unpaid', 'incomplete_expired', 'paused'];

/**
 * Brings the company row to the subscription's current state as the provider reports it. Whatever order events
 * arrive in, each one leads here with a fresh read, under the company's row lock, so the last write is always
 * the newest state. Returns what it did, in words, for the event log.
 */
export async function convergeCompany(
  trx: Database,
  scope: Scope,
  { company, state }: { company: BilledCompany; state: SubscriptionState },
  deps: NoticeDeps,
): Promise<string> {
  const { now, appUrl } = deps;
  if (company.stripeCustomerId && state.customerId !== company.stripeCustomerId) {
    return `ignored: subscription ${state.id} belongs to another customer`;
  }
  const current = company.stripeSubscriptionId === null || company.stripeSubscriptionId === state.id;
  // A renewed company has a new subscription; events about its old one must not undo the new one.
  if (!current && !LIVE.includes(state.status)) return `ignored: ${state.id} is not the company's subscription`;

  if (LIVE.includes(state.status)) {
    await updateBilledCompany(trx, scope, {
      stripe_subscription_id: state.id,
      subscription_status: state.status === 'past_due' ? 'past_due' : 'active',
      subscription_type: state.billing,
      billing_period: state.billing,
      subscription_active: true,
      account_locked: false,
      ...seatPriceColumns(state.adminSeats, state.brokerSeats, state.addons),
      company_finder_enabled: state.addons.companyFinder,
      client_data_enabled: state.addons.clientData,
      cancel_at_period_end: state.cancelAtPeriodEnd,
      scheduled_cancellation_date: state.cancelAtPeriodEnd ? state.currentPeriodEnd : null,
      current_period_end: state.currentPeriodEnd,
      // A switch of billing period waiting for the renewal; once made, the provider reports none.
      billing_switch_to: state.billingSwitch?.billing ?? null,
      billing_switch_on: state.billingSwitch?.on ?? null,
      cancelled_at: null,
      updated_at: now,
    });
    await closeCheckouts(trx, scope, now);
    if (state.status === 'active' || state.status === 'trialing') {
      // Once per subscription: a renewal after a cancellation is welcomed again, a recovered payment is not.
      await sendNoticeOnce(
        trx,
        scope,
        {
          kind: 'welcome',
          ref: state.id,
          email: welcomeEmail({
            companyName: company.name,
            plan: state.billing,
            seats: state.adminSeats + state.brokerSeats,
            appUrl,
            price: planPrice({
              adminSeats: state.adminSeats,
              brokerSeats: state.brokerSeats,
              billing: state.billing,
              addons: state.addons,
            }),
            firstChargeOn: state.trialEnd,
          }),
        },
        now,
      );
    }
    const switching = state.billingSwitch ? `, switches to ${state.billingSwitch.billing} at renewal` : '';
    return `${state.status}: ${state.adminSeats} admin + ${state.brokerSeats} broker seats, ${state.billing}${state.cancelAtPeriodEnd ? ', cancels at period end' : ''}${switching}`;
  }
  if (ENDED.includes(state.status)) {
    await updateBilledCompany(trx, scope, {
      stripe_subscription_id: state.id,
      subscription_status: 'canceled',
      subscription_active: false,
      account_locked: true,
      cancel_at_period_end: false,
      scheduled_cancellation_date: null,
      billing_switch_to: null,
      billing_switch_on: null,
      current_period_end: state.currentPeriodEnd,
      cancelled_at: state.canceledAt ?? now,
      // A monthly plan cancelled for its period's end has now used that grace: coming back needs a new checkout.
      ...(company.cancelAtPeriodEnd && current ? { grace_period_used: true } : {}),
      updated_at: now,
    });
    // Once per subscription, counted from when the lock began (a redelivered event changes neither).
    const endedAt = await readAccessEndedAt(trx, scope);
    await noticeAccessEnded(
      trx,
      scope,
      { company, kind: 'access_ended', ref: state.id, lockedAt: endedAt ?? now },
      deps,
    );
    return `${state.status}: access ended`;
  }
  // 'incomplete': the first payment is still being taken; nothing is granted until it is.
  return `${state.status}: no change`;
}
