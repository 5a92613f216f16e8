import type { Billing } from '@pippitch/shared/pricing';
import { TRIAL_DAYS } from '@pippitch/shared/pricing';
import type { Database } from '@pippitch/sql';
import { insertCompany } from '../../queries/companies/signup';
import { seatPriceColumns } from './seat-prices';

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
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  const id = await insertCompany(trx, {
    name: company.name,
    domain: company.domain,
    subscription_status: 'trialing',
    subscription_type: 'trial',
    billing_period: company.billing,
    subscription_active: true,
    trial_ends_at: trialEndsAt,
    ...seatPriceColumns(company.adminSeats, company.brokerSeats, addons),
    company_finder_enabled: addons.companyFinder,
    client_data_enabled: addons.clientData,
  });
  return { id, trialEndsAt };
}
