import { minimumSeats } from '@pippitch/shared/seats';
import { type SeatChangeInput, TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import { TRIAL_MESSAGES, withinTrialSeats } from '@pippitch/shared/trial-limits';
import type { Database } from '@pippitch/sql';
import { badRequest, unavailable } from '../../errors';
import type { PaymentProvider } from '../../providers/payments/types';
import type { Actor } from '../actor';
import { confirmPlanChangeIn, type PlanChangeQuote, previewPlanChangeIn } from '../billing/plan-change';
import { syncSubscription } from '../billing/sync';
import { companyColumns } from '../company/row';
import { seatPriceColumns } from '../company/seat-prices';
import { logTeamActivity } from '../team/activity';
import { companySeatUsage, lockCompanySeats } from '../team/seat-usage';

/** The company's billing state as the seat save routing reads it (spec §4 Seat save routing). */
export interface SeatRoutingFacts {
  subscriptionStatus: string;
  cancelAtPeriodEnd: boolean;
  gracePeriodUsed: boolean;
  currentSeats: number;
  newSeats: number;
}

/**
 * Where a seat change goes (spec §4 Seat save routing): in trial seats are just saved; a paid plan adding seats
 * pays the prorated difference at once (Stripe's invoice; a card that needs the customer sends them to pay it),
 * also when a cancellation is scheduled and its grace not used; a paid plan with fewer seats saves at once and the
 * subscription shrinks from the next period; a plan whose grace was used, or that has ended, starts a new
 * checkout as a reactivation.
 */
export type SeatRoute = { kind: 'save' } | { kind: 'charge_now' } | { kind: 'next_period' } | { kind: 'new_checkout' };

export function seatRoute(facts: SeatRoutingFacts): SeatRoute {
  if (facts.subscriptionStatus === 'trialing') return { kind: 'save' };
  const live = facts.subscriptionStatus === 'active' || facts.subscriptionStatus === 'past_due';
  if (!live || (facts.cancelAtPeriodEnd && facts.gracePeriodUsed)) return { kind: 'new_checkout' };
  return facts.newSeats > facts.currentSeats ? { kind: 'charge_now' } : { kind: 'next_period' };
}

/** What the seats page does next: show the saved seats, send the owner to pay, or to a new checkout. */
export type SeatChangeResult =
  | { kind: 'saved'; adminSeats: number; brokerSeats: number; pricePerSeat: string; monthlyPrice: string }
  | { kind: 'payment'; url: string }
  | { kind: 'checkout' }
  /** Added seats on a paid plan: the amount to confirm; nothing is charged until the save is sent again with it. */
  | { kind: 'confirm'; charge: PlanChangeQuote }
  | { kind: 'processing'; message: string };

export interface SeatBilling {
  provider: PaymentProvider | null;
  appUrl: string;
  /** The operator's contact address (OPERATOR_EMAIL): the one support address, as the legal pages show it. */
  supportEmail: string;
}

export interface SeatChangeDeps extends SeatBilling {
  now: Date;
}

/**
 * The seats page's Save (super_admin only; the procedure says so). Seats may not fall below what active
 * members and pending invitations hold ('Cannot reduce seats below current team size'). A saved change
 * recomputes the stored prices from shared/src/pricing.ts exactly as company creation does, and is logged as
 * 'seat_change' with the before and after. The company row is locked throughout, so an invitation accepted
 * at the same moment is counted.
 */
export async function changeSeats(
  db: Database,
  actor: Actor,
  input: SeatChangeInput,
  { now, ...billing }: SeatChangeDeps,
): Promise<SeatChangeResult> {
  return db.transaction().execute(async (trx) => {
    await lockCompanySeats(trx, actor.companyId);
    const company = await companyColumns(trx, actor.companyId, [
      'admin_seats',
      'junior_seats',
      'subscription_status',
      'cancel_at_period_end',
      'grace_period_used',
      'company_finder_enabled',
      'client_data_enabled',
      'stripe_subscription_id',
      'subscription_type',
    ]);

    const usage = await companySeatUsage(trx, actor.companyId, now);
    const minimum = minimumSeats(usage);
    if (input.adminSeats < minimum.admin || input.brokerSeats < minimum.broker) {
      throw badRequest(TEAM_MESSAGES.belowTeamSize);
    }
    // An unpaid trial adds no seats beyond its limit (issue 30); one already above it may still come down.
    const total = input.adminSeats + input.brokerSeats;
    if (
      company.subscription_status === 'trialing' &&
      !withinTrialSeats(input.adminSeats, input.brokerSeats) &&
      total > company.admin_seats + company.junior_seats
    ) {
      throw badRequest(TRIAL_MESSAGES.seats);
    }

    const route = seatRoute({
      subscriptionStatus: company.subscription_status,
      cancelAtPeriodEnd: company.cancel_at_period_end,
      gracePeriodUsed: company.grace_period_used,
      currentSeats: company.admin_seats + company.junior_seats,
      newSeats: input.adminSeats + input.brokerSeats,
    });
    if (route.kind === 'new_checkout') return { kind: 'checkout' };
    if (route.kind === 'charge_now') {
      // Spec §4 Seat save routing: added seats on a paid plan go to a payment step, which shows the amount.
      const plan = {
        adminSeats: input.adminSeats,
        brokerSeats: input.brokerSeats,
        billing: company.subscription_type === 'annual' ? ('annual' as const) : ('monthly' as const),
        addons: { companyFinder: company.company_finder_enabled, clientData: company.client_data_enabled },
      };
      if (!input.confirmation) {
        return { kind: 'confirm', charge: await previewPlanChangeIn(trx, actor, plan, { ...billing, now }) };
      }
      const result = await confirmPlanChangeIn(
        trx,
        actor,
        { ...plan, confirmation: input.confirmation },
        { ...billing, now },
      );
      if (result.status === 'requires_payment') return { kind: 'payment', url: result.url };
    }
    if (route.kind === 'next_period') {
      const paid = await changePaidSeats(trx, actor, company, input, route.kind, now, billing);
      if (paid) return paid;
    }

    // As createTrialCompany: the stored prices come from pricing.ts through one function.
    const columns = seatPriceColumns(input.adminSeats, input.brokerSeats, {
      companyFinder: company.company_finder_enabled,
      clientData: company.client_data_enabled,
    });
    const price = {
      pricePerSeat: columns.price_per_month,
      seatsMonthly: columns.subscription_price,
      totalSeats: input.adminSeats + input.brokerSeats,
    };
    const unchanged = input.adminSeats === company.admin_seats && input.brokerSeats === company.junior_seats;
    // A paid plan's row was brought to the provider's new state above; a trial's is written here.
    if (route.kind === 'save') {
      await trx
        .updateTable('companies')
        .set({ ...columns, updated_at: now })
        .where('id', '=', actor.companyId)
        .execute();
    }
    if (!unchanged) {
      const before = `${company.admin_seats} admin + ${company.junior_seats} broker`;
      const after = `${input.adminSeats} admin + ${input.brokerSeats} broker`;
      await logTeamActivity(
        trx,
        actor,
        {
          type: 'seat_change',
          description: `Changed seats from ${before} (${company.admin_seats + company.junior_seats}) to ${after} (${price.totalSeats}); £${price.pricePerSeat} per seat, £${price.seatsMonthly} per month`,
        },
        now,
      );
    }
    return {
      kind: 'saved',
      adminSeats: input.adminSeats,
      brokerSeats: input.brokerSeats,
      pricePerSeat: price.pricePerSeat,
      monthlyPrice: price.seatsMonthly,
    };
  });
}

/**
 * A paid plan's seat change at the provider, then the company row converged to what the provider reports. Returns
 * the page's next step when it is not 'saved' (payment needed, or the provider still processing).
 */
async function changePaidSeats(
  trx: Database,
  actor: Actor,
  company: { stripe_subscription_id: string | null },
  input: SeatChangeInput,
  charge: 'next_period',
  now: Date,
  billing: SeatBilling,
): Promise<SeatChangeResult | null> {
  if (!billing.provider || !company.stripe_subscription_id)
    throw unavailable(TEAM_MESSAGES.paidSeatChanges(billing.supportEmail));
  let result: Awaited<ReturnType<PaymentProvider['changeSubscription']>>;
  try {
    result = await billing.provider.changeSubscription(company.stripe_subscription_id, {
      seats: { adminSeats: input.adminSeats, brokerSeats: input.brokerSeats },
      charge,
    });
  } catch (err) {
    throw unavailable(`Failed to update subscription: ${(err as Error).message}`);
  }
  // Nothing changes here until the invoice is paid; the provider's event then converges the company.
  if (result.status === 'requires_payment') return { kind: 'payment', url: result.url };
  try {
    await syncSubscription(trx, actor.companyId, { provider: billing.provider, now, appUrl: billing.appUrl });
  } catch {
    // The provider has the change; its webhook will bring the company row to it.
    return { kind: 'processing', message: TEAM_MESSAGES.seatUpdateProcessing };
  }
  return null;
}
