import type { Billing } from '@pippitch/shared/pricing';
import { discountPercentage, quote, TRIAL_DAYS } from '@pippitch/shared/pricing';
import type { Database } from '@pippitch/sql';

export interface NewCompany {
  name: string;
  domain: string;
  billing: Billing;
  adminSeats: number;
  brokerSeats: number;
  addons?: { companyFinder: boolean; clientData: boolean };
}

/**
 * The one way a company comes to exist (signup, the demo seed, and later the invitation checks): on a 60-day
 * trial, with its seats and every price set from shared/src/pricing.ts, so no two paths can drift apart.
 * Runs inside the caller's transaction with the first members' rows.
 */
export async function createTrialCompany(
  trx: Database,
  company: NewCompany,
  now: Date,
): Promise<{ id: string; trialEndsAt: Date }> {
  const addons = company.addons ?? { companyFinder: false, clientData: false };
  // The per-seat price and the monthly subscription figure are the monthly scheme's, whatever the billing
  // period chosen for after the trial: that is what the dashboard shows against the seats.
  const price = quote({ adminSeats: company.adminSeats, brokerSeats: company.brokerSeats, billing: 'monthly', addons });
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  const row = await trx
    .insertInto('companies')
    .values({
      name: company.name,
      domain: company.domain,
      subscription_status: 'trialing',
      subscription_type: 'trial',
      billing_period: company.billing,
      subscription_active: true,
      trial_ends_at: trialEndsAt,
      admin_seats: company.adminSeats,
      junior_seats: company.brokerSeats,
      price_per_month: price.pricePerSeat,
      subscription_price: price.seatsMonthly,
      discount_percentage: discountPercentage(price.totalSeats),
      company_finder_enabled: addons.companyFinder,
      client_data_enabled: addons.clientData,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, trialEndsAt };
}
