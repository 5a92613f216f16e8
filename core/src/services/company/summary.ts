import { companyAccess, trialDaysLeft } from '@pippitch/shared/access';
import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { countActiveMembersByRole, readCompanyRecord } from '../../queries/companies/rows';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';

/** What /admin and /signup-success show about the caller's company. */
export async function companySummary(db: Database, actor: Actor, now = new Date()) {
  const scope = scopeOf(actor);
  const c = await readCompanyRecord(db, scope);
  if (!c) throw notFound('Company not found');
  const counts = await countActiveMembersByRole(db, scope);
  const trialEndsAt = c.trialEndsAt?.toISOString() ?? null;
  return {
    id: c.id,
    name: c.name,
    domain: c.domain,
    subscriptionStatus: c.subscriptionStatus,
    subscriptionType: c.subscriptionType,
    billingPeriod: c.billingPeriod,
    trialEndsAt,
    trialDaysLeft: c.subscriptionStatus === 'trialing' ? trialDaysLeft(trialEndsAt, now) : null,
    access: companyAccess(
      {
        accountLocked: c.accountLocked,
        subscriptionStatus: c.subscriptionStatus,
        subscriptionActive: c.subscriptionActive,
        trialEndsAt,
      },
      now,
    ),
    adminSeats: c.adminSeats,
    brokerSeats: c.brokerSeats,
    totalSeats: c.adminSeats + c.brokerSeats,
    activeAdmins: counts.admins,
    activeBrokers: counts.brokers,
    pricePerSeat: c.pricePerSeat,
    monthlyPrice: c.monthlyPrice,
    discountPercentage: c.discountPercentage,
    companyFinderEnabled: c.companyFinderEnabled,
    clientDataEnabled: c.clientDataEnabled,
  };
}
