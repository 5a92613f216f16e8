import { minimumSeats } from '@pippitch/shared/seats';
import { type SeatChangeInput, TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import type { Database } from '@pippitch/sql';
import { badRequest, conflict, notFound } from '../../errors';
import type { Actor } from '../actor';
import { seatPriceColumns } from '../company/seat-prices';
import { logTeamActivity } from './activity';
import { companySeatUsage, lockCompanySeats } from './seat-usage';

/** The company's billing state as the seat save routing reads it (spec §4 Seat save routing). */
export interface SeatRoutingFacts {
  subscriptionStatus: string;
  cancelAtPeriodEnd: boolean;
  gracePeriodUsed: boolean;
  currentSeats: number;
  newSeats: number;
}

/**
 * Where a seat change goes. Spec §4: in trial seats are just saved; an active plan adding seats goes to
 * payment; an active plan reducing seats saves at once and informs the payment provider; a plan scheduled to
 * cancel goes to a new checkout (grace period used) or a seat-update payment. Only the trial branch exists
 * until online billing does; the billing issue adds its branches here (and their results below) without
 * touching the trial path.
 */
export type SeatRoute = { kind: 'save' } | { kind: 'unavailable'; message: string };

export function seatRoute(facts: SeatRoutingFacts): SeatRoute {
  if (facts.subscriptionStatus === 'trialing') return { kind: 'save' };
  return { kind: 'unavailable', message: TEAM_MESSAGES.paidSeatChanges };
}

/** What the seats page does next. The billing issue adds e.g. `{ kind: 'payment'; url }`. */
export type SeatChangeResult = {
  kind: 'saved';
  adminSeats: number;
  brokerSeats: number;
  pricePerSeat: string;
  monthlyPrice: string;
};

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
  now: Date,
): Promise<SeatChangeResult> {
  return db.transaction().execute(async (trx) => {
    await lockCompanySeats(trx, actor.companyId);
    const company = await trx
      .selectFrom('companies')
      .select([
        'admin_seats',
        'junior_seats',
        'subscription_status',
        'cancel_at_period_end',
        'grace_period_used',
        'company_finder_enabled',
        'client_data_enabled',
      ])
      .where('id', '=', actor.companyId)
      .executeTakeFirst();
    if (!company) throw notFound('Company not found');

    const usage = await companySeatUsage(trx, actor.companyId, now);
    const minimum = minimumSeats(usage);
    if (input.adminSeats < minimum.admin || input.brokerSeats < minimum.broker) {
      throw badRequest(TEAM_MESSAGES.belowTeamSize);
    }

    const route = seatRoute({
      subscriptionStatus: company.subscription_status,
      cancelAtPeriodEnd: company.cancel_at_period_end,
      gracePeriodUsed: company.grace_period_used,
      currentSeats: company.admin_seats + company.junior_seats,
      newSeats: input.adminSeats + input.brokerSeats,
    });
    if (route.kind === 'unavailable') throw conflict(route.message);

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
    await trx
      .updateTable('companies')
      .set({
        ...columns,
        updated_at: now,
      })
      .where('id', '=', actor.companyId)
      .execute();
    if (!unchanged) {
      const before = `${company.admin_seats} admin + ${company.junior_seats} broker`;
      const after = `${input.adminSeats} admin + ${input.brokerSeats} broker`;
      await logTeamActivity(
        trx,
        actor,
        'seat_change',
        `Changed seats from ${before} (${company.admin_seats + company.junior_seats}) to ${after} (${price.totalSeats}); £${price.pricePerSeat} per seat, £${price.seatsMonthly} per month`,
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
