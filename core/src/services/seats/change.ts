import { minimumSeats } from '@pippitch/shared/seats';
import { type SeatChangeInput, TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import { TRIAL_MESSAGES, withinTrialSeats } from '@pippitch/shared/trial-limits';
import type { Database } from '@pippitch/sql';
import { badRequest, unavailable } from '../../errors';
import type { PaymentProvider } from '../../providers/payments/types';
import { saveSeatPrices } from '../../queries/companies/seats';
import { scopeOf } from '../../queries/scope';
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

export interface SeatChangeDeps {
  provider: PaymentProvider | null;
  appUrl: string;
  /** The operator's contact address (OPERATOR_EMAIL): the one support address, as the legal pages show it. */
  supportEmail: string;
  now: Date;
}

/** What the seat save reads of the company, under its lock. */
const SEAT_COLUMNS = [
  'admin_seats',
  'junior_seats',
  'subscription_status',
  'cancel_at_period_end',
  'grace_period_used',
  'company_finder_enabled',
  'client_data_enabled',
  'stripe_subscription_id',
  'subscription_type',
] as const;

type SeatCompany = Awaited<ReturnType<typeof companyColumns<(typeof SEAT_COLUMNS)[number]>>>;

/** One seat change as the steps below take it: the company as it was, the seats asked for, and where they go. */
interface SeatChange {
  company: SeatCompany;
  seats: SeatChangeInput;
  route: SeatRoute;
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
  deps: SeatChangeDeps,
): Promise<SeatChangeResult> {
  return db.transaction().execute(async (trx) => {
    await lockCompanySeats(trx, scopeOf(actor));
    const company = await companyColumns(trx, scopeOf(actor), SEAT_COLUMNS);
    await refuseBeyondLimits(trx, actor, { company, seats: input }, deps.now);
    const route = seatRoute({
      subscriptionStatus: company.subscription_status,
      cancelAtPeriodEnd: company.cancel_at_period_end,
      gracePeriodUsed: company.grace_period_used,
      currentSeats: company.admin_seats + company.junior_seats,
      newSeats: input.adminSeats + input.brokerSeats,
    });
    const change: SeatChange = { company, seats: input, route };
    return (await providerStep(trx, actor, change, deps)) ?? (await saveSeats(trx, actor, change, deps.now));
  });
}

/**
 * Refuses seats below what active members and pending invitations hold, and an unpaid trial's seats beyond its limit
 * (issue 30; a trial already above it may still come down).
 */
async function refuseBeyondLimits(
  trx: Database,
  actor: Actor,
  { company, seats }: Omit<SeatChange, 'route'>,
  now: Date,
): Promise<void> {
  const minimum = minimumSeats(await companySeatUsage(trx, scopeOf(actor), now));
  if (seats.adminSeats < minimum.admin || seats.brokerSeats < minimum.broker) {
    throw badRequest(TEAM_MESSAGES.belowTeamSize);
  }
  if (
    company.subscription_status === 'trialing' &&
    !withinTrialSeats(seats.adminSeats, seats.brokerSeats) &&
    seats.adminSeats + seats.brokerSeats > company.admin_seats + company.junior_seats
  ) {
    throw badRequest(TRIAL_MESSAGES.seats);
  }
}

/**
 * The provider's part of a paid plan's change, by route: the page's next step when it is not yet 'saved', null when
 * the seats are to be saved (a trial, or a paid change the provider has taken).
 */
async function providerStep(
  trx: Database,
  actor: Actor,
  { company, seats, route }: SeatChange,
  deps: SeatChangeDeps,
): Promise<SeatChangeResult | null> {
  switch (route.kind) {
    case 'save':
      return null;
    case 'new_checkout':
      return { kind: 'checkout' };
    case 'charge_now':
      return chargeAddedSeats(trx, actor, { company, seats }, deps);
    case 'next_period':
      return changePaidSeats(trx, actor, { subscriptionId: company.stripe_subscription_id, seats }, deps);
  }
}

/**
 * Spec §4 Seat save routing: added seats on a paid plan go to a payment step, which shows the amount; the save sent
 * again with its confirmation charges it. Null once charged.
 */
async function chargeAddedSeats(
  trx: Database,
  actor: Actor,
  { company, seats }: Omit<SeatChange, 'route'>,
  deps: SeatChangeDeps,
): Promise<SeatChangeResult | null> {
  const plan = {
    adminSeats: seats.adminSeats,
    brokerSeats: seats.brokerSeats,
    billing: company.subscription_type === 'annual' ? ('annual' as const) : ('monthly' as const),
    addons: { companyFinder: company.company_finder_enabled, clientData: company.client_data_enabled },
  };
  if (!seats.confirmation) return { kind: 'confirm', charge: await previewPlanChangeIn(trx, actor, plan, deps) };
  const result = await confirmPlanChangeIn(trx, actor, { ...plan, confirmation: seats.confirmation }, deps);
  return result.status === 'requires_payment' ? { kind: 'payment', url: result.url } : null;
}

/** '2 admin + 5 broker (7)', as the team's activity log words a seat change. */
const seatsText = (admin: number, broker: number) => `${admin} admin + ${broker} broker (${admin + broker})`;

/**
 * The saved seats: a trial's row written here (a paid plan's was brought to the provider's new state already), the
 * change logged when there is one, and the prices as pricing.ts gives them (as createTrialCompany, through one
 * function).
 */
async function saveSeats(
  trx: Database,
  actor: Actor,
  { company, seats, route }: SeatChange,
  now: Date,
): Promise<SeatChangeResult> {
  const columns = seatPriceColumns(seats.adminSeats, seats.brokerSeats, {
    companyFinder: company.company_finder_enabled,
    clientData: company.client_data_enabled,
  });
  if (route.kind === 'save') {
    await saveSeatPrices(trx, scopeOf(actor), columns, now);
  }
  const unchanged = seats.adminSeats === company.admin_seats && seats.brokerSeats === company.junior_seats;
  if (!unchanged) {
    const before = seatsText(company.admin_seats, company.junior_seats);
    const after = seatsText(seats.adminSeats, seats.brokerSeats);
    const prices = `£${columns.price_per_month} per seat, £${columns.subscription_price} per month`;
    await logTeamActivity(
      trx,
      actor,
      { type: 'seat_change', description: `Changed seats from ${before} to ${after}; ${prices}` },
      now,
    );
  }
  return {
    kind: 'saved',
    adminSeats: seats.adminSeats,
    brokerSeats: seats.brokerSeats,
    pricePerSeat: columns.price_per_month,
    monthlyPrice: columns.subscription_price,
  };
}

/**
 * A paid plan's seat change at the provider, from the next period, then the company row converged to what the
 * provider reports. Returns the page's next step when it is not 'saved' (payment needed, or the provider still
 * processing); null when the seats are to be saved.
 */
async function changePaidSeats(
  trx: Database,
  actor: Actor,
  { subscriptionId, seats }: { subscriptionId: string | null; seats: SeatChangeInput },
  { provider, appUrl, supportEmail, now }: SeatChangeDeps,
): Promise<SeatChangeResult | null> {
  if (!provider || !subscriptionId) throw unavailable(TEAM_MESSAGES.paidSeatChanges(supportEmail));
  let result: Awaited<ReturnType<PaymentProvider['changeSubscription']>>;
  try {
    result = await provider.changeSubscription(subscriptionId, {
      seats: { adminSeats: seats.adminSeats, brokerSeats: seats.brokerSeats },
      charge: 'next_period',
    });
  } catch (err) {
    throw unavailable(`Failed to update subscription: ${(err as Error).message}`);
  }
  // Nothing changes here until the invoice is paid; the provider's event then converges the company.
  if (result.status === 'requires_payment') return { kind: 'payment', url: result.url };
  try {
    await syncSubscription(trx, scopeOf(actor), { provider, now, appUrl });
  } catch {
    // The provider has the change; its webhook will bring the company row to it.
    return { kind: 'processing', message: TEAM_MESSAGES.seatUpdateProcessing };
  }
  return null;
}
