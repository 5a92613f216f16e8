import { BILLING_MESSAGES, chargeSentence } from '@pippitch/shared/billing-messages';
import { belowActiveMessage } from '@pippitch/shared/checkout';
import { planTotalPence } from '@pippitch/shared/plan-price';
import type { Billing } from '@pippitch/shared/pricing';
import { minimumSeats } from '@pippitch/shared/seats';
import { TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import type { Database } from '@pippitch/sql';
import { badRequest, conflict, unavailable } from '../../errors';
import type { ChangeResult, SubscriptionChange } from '../../providers/payments/types';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { companySeatUsage } from '../team/seat-usage';
import { type BillingSwitch, confirmBillingSwitch, switchAtRenewal, switchQuote } from './billing-switch';
import { type CheckoutChoice, livePlan } from './checkout';
import type { BillingDeps } from './deps';
import { lockBilledCompany, syncSubscription } from './sync';

/** A price the customer was shown is good for an hour; after that they are asked to look again. */
const QUOTE_VALID_MS = 3_600_000;

/** What a plan change costs, as the customer confirms it (issue 20 §1, §3). */
export interface PlanChangeQuote {
  plan: CheckoutChoice;
  /** 'now': charged at once, prorated; 'next_period': a reduction, from the next renewal, nothing refunded. */
  charge: 'now' | 'next_period';
  dueNowPence: number;
  /** The new plan's price for each period, VAT included. */
  recurringPence: number;
  /** The moment the proration is computed for; the confirmation sends it back, so the charge is this one. */
  prorationDate: string;
  /** While the company's paid plan is still in its trial: the day of the first charge. */
  firstChargeOn: string | null;
  /** A reduction takes effect here (the end of the paid period). */
  effectiveOn: string | null;
  sentence: string;
}

export interface PlanConfirmation {
  prorationDate: string;
  dueNowPence: number;
}

type Trx = Database;
type Company = Awaited<ReturnType<typeof lockBilledCompany>>;
type PlanChange = { kind: 'change'; subscriptionId: string; change: SubscriptionChange } | BillingSwitch;

/**
 * The change the provider is asked for, and whether it is charged now (more seats, an add-on, annual); or, for
 * annual → monthly once the trial is over, a switch at the end of the paid year.
 */
async function planChange(
  trx: Trx,
  company: Company,
  actor: Actor,
  choice: CheckoutChoice,
  now: Date,
): Promise<PlanChange> {
  if (!livePlan(company) || !company.stripeSubscriptionId) throw badRequest(BILLING_MESSAGES.noPlanToChange);
  const billing = company.subscriptionType === 'annual' ? 'annual' : 'monthly';
  const atRenewal = switchAtRenewal(company, billing, choice, now);
  if (atRenewal) return atRenewal;
  const usage = await companySeatUsage(trx, scopeOf(actor), now);
  if (choice.adminSeats < usage.admin.active)
    throw badRequest(belowActiveMessage('admin', usage.admin.active), 'adminSeats');
  if (choice.brokerSeats < usage.broker.active)
    throw badRequest(belowActiveMessage('broker', usage.broker.active), 'brokerSeats');
  const minimum = minimumSeats(usage);
  if (choice.adminSeats < minimum.admin || choice.brokerSeats < minimum.broker) {
    throw badRequest(TEAM_MESSAGES.belowTeamSize);
  }
  const seatsBefore = company.adminSeats + company.brokerSeats;
  const seatsAfter = choice.adminSeats + choice.brokerSeats;
  const addonAdded =
    (choice.addons.companyFinder && !company.companyFinderEnabled) ||
    (choice.addons.clientData && !company.clientDataEnabled);
  const unchanged =
    choice.billing === billing &&
    choice.adminSeats === company.adminSeats &&
    choice.brokerSeats === company.brokerSeats &&
    choice.addons.companyFinder === company.companyFinderEnabled &&
    choice.addons.clientData === company.clientDataEnabled;
  if (unchanged) throw badRequest(BILLING_MESSAGES.nothingToChange);
  const charge: SubscriptionChange['charge'] =
    choice.billing !== billing || seatsAfter > seatsBefore || addonAdded ? 'now' : 'next_period';
  const change: SubscriptionChange = {
    seats: { adminSeats: choice.adminSeats, brokerSeats: choice.brokerSeats },
    addons: choice.addons,
    ...(choice.billing !== billing && { billing: choice.billing }),
    charge,
  };
  return { kind: 'change', subscriptionId: company.stripeSubscriptionId, change };
}

/** What a plan change would cost now: the provider's own preview at this moment. */
export async function previewPlanChange(
  db: Database,
  actor: Actor,
  choice: CheckoutChoice,
  deps: Pick<BillingDeps, 'provider' | 'now'>,
): Promise<PlanChangeQuote> {
  return db.transaction().execute((trx) => previewPlanChangeIn(trx, actor, choice, deps));
}

/** previewPlanChange inside the caller's transaction (the seats page's save holds the company's lock). */
export async function previewPlanChangeIn(
  trx: Database,
  actor: Actor,
  choice: CheckoutChoice,
  { provider, now }: Pick<BillingDeps, 'provider' | 'now'>,
): Promise<PlanChangeQuote> {
  if (!provider) throw unavailable('Online billing is not available right now. Please try again later.');
  const company = await lockBilledCompany(trx, scopeOf(actor));
  const plan = await planChange(trx, company, actor, choice, now);
  const prorationDate = new Date(Math.floor(now.getTime() / 1000) * 1000);
  if (plan.kind === 'switch') return switchQuote(choice, plan, prorationDate);
  const { subscriptionId, change } = plan;
  const { amountDue } = await provider.previewChange(subscriptionId, { ...change, prorationDate });
  const recurringPence = planTotalPence(choice);
  const inTrial = company.trialEndsAt !== null && company.trialEndsAt > now && amountDue === 0;
  const firstChargeOn = inTrial ? (company.trialEndsAt as Date).toISOString() : null;
  const effectiveOn = change.charge === 'next_period' ? (company.currentPeriodEnd?.toISOString() ?? null) : null;
  // A switch of billing period already scheduled stays scheduled through this change (the provider keeps it): the
  // price from then is the new period's.
  const switchTo: Billing | null =
    company.billingSwitchTo === 'monthly' || company.billingSwitchTo === 'annual' ? company.billingSwitchTo : null;
  const switchesTo =
    switchTo && switchTo !== choice.billing && company.billingSwitchOn && !change.billing
      ? {
          billing: switchTo,
          onIso: company.billingSwitchOn.toISOString(),
          recurringPence: planTotalPence({ ...choice, billing: switchTo }),
        }
      : null;
  return {
    plan: choice,
    charge: change.charge,
    dueNowPence: amountDue,
    recurringPence,
    prorationDate: prorationDate.toISOString(),
    firstChargeOn,
    effectiveOn,
    sentence: chargeSentence({
      dueNowPence: amountDue,
      recurringPence,
      billing: choice.billing,
      firstChargeOn,
      prorated: change.charge === 'now',
      switchesTo,
    }),
  };
}

/**
 * Confirm: the change is made at the provider with the proration moment the customer was shown, after checking
 * that moment still gives the amount they confirmed (the company changed meanwhile otherwise). The company row
 * is then converged to the provider's subscription, as after any change.
 */
/** A plan and the amount the customer was shown for changing to it. */
export type PlanChangeConfirm = CheckoutChoice & { confirmation: PlanConfirmation };

export async function confirmPlanChange(
  db: Database,
  actor: Actor,
  input: PlanChangeConfirm,
  deps: BillingDeps,
): Promise<ChangeResult> {
  return db.transaction().execute((trx) => confirmPlanChangeIn(trx, actor, input, deps));
}

/** confirmPlanChange inside the caller's transaction. */
export async function confirmPlanChangeIn(
  trx: Database,
  actor: Actor,
  { confirmation, ...choice }: PlanChangeConfirm,
  { provider, now, appUrl }: BillingDeps,
): Promise<ChangeResult> {
  if (!provider) throw unavailable('Online billing is not available right now. Please try again later.');
  const prorationDate = new Date(confirmation.prorationDate);
  const age = now.getTime() - prorationDate.getTime();
  if (Number.isNaN(age) || age < -60_000 || age > QUOTE_VALID_MS) throw conflict(BILLING_MESSAGES.quoteExpired);
  const company = await lockBilledCompany(trx, scopeOf(actor));
  const plan = await planChange(trx, company, actor, choice, now);
  if (plan.kind === 'switch') {
    // Nothing is charged now; a confirmation of any other amount was for another change.
    if (confirmation.dueNowPence !== 0) throw conflict(BILLING_MESSAGES.amountChanged);
    return confirmBillingSwitch(trx, scopeOf(actor), { company, choice, plan }, { provider, now, appUrl });
  }
  const { subscriptionId, change } = plan;
  const { amountDue } = await provider.previewChange(subscriptionId, { ...change, prorationDate });
  if (amountDue !== confirmation.dueNowPence) throw conflict(BILLING_MESSAGES.amountChanged);
  const result = await provider.changeSubscription(subscriptionId, { ...change, prorationDate });
  if (result.status === 'done') await syncSubscription(trx, scopeOf(actor), { provider, now, appUrl });
  return result;
}
