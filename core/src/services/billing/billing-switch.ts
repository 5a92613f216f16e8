import { BILLING_MESSAGES, switchSentence } from '@pippitch/shared/billing-messages';
import { planPrice, planTotalPence } from '@pippitch/shared/plan-price';
import type { Billing } from '@pippitch/shared/pricing';
import type { Database } from '@pippitch/sql';
import { badRequest, unavailable } from '../../errors';
import type { ChangeResult } from '../../providers/payments/types';
import { countNotices } from '../../queries/billing/notices';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { billingSwitchScheduledEmail } from '../email/billing-emails';
import type { CheckoutChoice } from './checkout';
import type { BillingDeps, PaidBillingDeps } from './deps';
import { sendNoticeOnce } from './notices';
import { lockBilledCompany, syncSubscription } from './sync';

type Company = Awaited<ReturnType<typeof lockBilledCompany>>;

/** Annual → monthly once the trial is over: made by the provider at the end of the paid year. */
export interface BillingSwitch {
  kind: 'switch';
  subscriptionId: string;
  billing: Billing;
  on: Date;
}

/**
 * Whether a plan change is annual → monthly mid-year (issue 20). The year is paid: the switch waits for its end
 * (nothing refunded, nothing charged twice), as Papermark and cal.com downgrade a period at renewal. During the
 * trial nothing has been paid, so the period changes at once like monthly → annual (null here). The switch keeps
 * the seats and add-ons, so the amount confirmed is the monthly price of the plan as it is.
 */
export function switchAtRenewal(
  company: Company,
  billing: Billing,
  choice: CheckoutChoice,
  now: Date,
): BillingSwitch | null {
  if (billing !== 'annual' || choice.billing !== 'monthly') return null;
  if (company.trialEndsAt !== null && company.trialEndsAt > now) return null;
  if (company.billingSwitchTo === 'monthly') throw badRequest(BILLING_MESSAGES.switchAlreadyScheduled);
  const samePlan =
    choice.adminSeats === company.adminSeats &&
    choice.brokerSeats === company.brokerSeats &&
    choice.addons.companyFinder === company.companyFinderEnabled &&
    choice.addons.clientData === company.clientDataEnabled;
  if (!samePlan) throw badRequest(BILLING_MESSAGES.switchKeepsPlan);
  if (!company.stripeSubscriptionId || !company.currentPeriodEnd) {
    throw badRequest(BILLING_MESSAGES.noPlanToChange);
  }
  return {
    kind: 'switch',
    subscriptionId: company.stripeSubscriptionId,
    billing: 'monthly',
    on: company.currentPeriodEnd,
  };
}

/** What the customer confirms for a switch: nothing now, the date, then the monthly price (VAT included). */
export function switchQuote(choice: CheckoutChoice, plan: BillingSwitch, prorationDate: Date) {
  const recurringPence = planTotalPence(choice);
  const on = plan.on.toISOString();
  return {
    plan: choice,
    charge: 'next_period' as const,
    dueNowPence: 0,
    recurringPence,
    prorationDate: prorationDate.toISOString(),
    firstChargeOn: null,
    effectiveOn: on,
    sentence: switchSentence({ onIso: on, recurringPence, billing: plan.billing }),
  };
}

/**
 * Confirmed: the provider schedules the switch, the company row is converged to it (the account page then shows
 * it), and the admins get one e-mail saying when and at what price.
 */
export async function confirmBillingSwitch(
  trx: Database,
  scope: Scope,
  { company, choice, plan }: { company: Company; choice: CheckoutChoice; plan: BillingSwitch },
  deps: PaidBillingDeps,
): Promise<ChangeResult> {
  const { provider, now, appUrl } = deps;
  await provider.scheduleBillingSwitch(plan.subscriptionId, plan.billing);
  await syncSubscription(trx, scope, { provider, now, appUrl });
  // One e-mail per confirmation: a switch cancelled and scheduled again is told again (its price may differ).
  // The company row is locked, so counting the switches told so far numbers this one; the confirmation's own
  // proration moment is no key, as two confirmations within one clock second share it.
  const told = await countNotices(trx, scope, 'billing_switch_scheduled');
  await sendNoticeOnce(
    trx,
    scope,
    {
      kind: 'billing_switch_scheduled',
      ref: `${plan.subscriptionId}:${told + 1}`,
      template: 'billing_switch',
      email: billingSwitchScheduledEmail({
        companyName: company.name,
        switchesOn: plan.on,
        price: planPrice(choice),
        appUrl,
      }),
    },
    now,
  );
  return { status: 'done' };
}

/** 'Cancel this change': the scheduled switch is dropped at the provider and the plan renews annually as before. */
export async function cancelBillingSwitch(
  db: Database,
  actor: Actor,
  { provider, now, appUrl }: BillingDeps,
): Promise<{ renewsOn: string | null }> {
  const scope = scopeOf(actor);
  return db.transaction().execute(async (trx) => {
    const company = await lockBilledCompany(trx, scope);
    if (!company.billingSwitchTo || !company.stripeSubscriptionId) {
      throw badRequest(BILLING_MESSAGES.noSwitchToCancel);
    }
    if (!provider) throw unavailable('Online billing is not available right now. Please try again later.');
    await provider.cancelBillingSwitch(company.stripeSubscriptionId);
    await syncSubscription(trx, scope, { provider, now, appUrl });
    return { renewsOn: company.currentPeriodEnd?.toISOString() ?? null };
  });
}
