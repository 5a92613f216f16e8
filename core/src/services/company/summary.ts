import { companyAccess, trialDaysLeft } from '@pippitch/shared/access';
import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { countActiveMembersByRole, readCompanyRow } from '../../queries/companies-rows';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';

/** What /admin and /signup-success show about the caller's company. */
export async function companySummary(db: Database, actor: Actor, now = new Date()) {
  const scope = scopeOf(actor);
  const c = await readCompanyRow(db, scope);
  if (!c) throw notFound('Company not found');
  const counts = await countActiveMembersByRole(db, scope);
  const trialEndsAt = c.trial_ends_at?.toISOString() ?? null;
  return {
    id: c.id,
    name: c.name,
    domain: c.domain,
    subscriptionStatus: c.subscription_status,
    subscriptionType: c.subscription_type,
    billingPeriod: c.billing_period,
    trialEndsAt,
    trialDaysLeft: c.subscription_status === 'trialing' ? trialDaysLeft(trialEndsAt, now) : null,
    access: companyAccess(
      {
        accountLocked: c.account_locked,
        subscriptionStatus: c.subscription_status,
        subscriptionActive: c.subscription_active,
        trialEndsAt,
      },
      now,
    ),
    adminSeats: c.admin_seats,
    brokerSeats: c.junior_seats,
    totalSeats: c.admin_seats + c.junior_seats,
    activeAdmins: counts.admins,
    activeBrokers: counts.brokers,
    pricePerSeat: c.price_per_month,
    monthlyPrice: c.subscription_price,
    discountPercentage: c.discount_percentage,
    companyFinderEnabled: c.company_finder_enabled,
    clientDataEnabled: c.client_data_enabled,
  };
}
