import type { CompanyAccessRecord } from '../../services/auth/company-access';

/**
 * The `companies` columns that decide whether its members have access (services/auth/company-access.ts judges
 * them), stated once for the queries that read them beside what they are about: a session and its watcher, a
 * share link, an invitation link. Each joins the company as `c`.
 */
export const COMPANY_ACCESS_COLUMNS = [
  'c.account_locked',
  'c.subscription_status',
  'c.subscription_active',
  'c.trial_ends_at',
] as const;

/** The one mapping from those columns to the record's words. */
export function companyAccessOf(r: {
  account_locked: boolean;
  subscription_status: string;
  subscription_active: boolean;
  trial_ends_at: Date | null;
}): CompanyAccessRecord {
  return {
    accountLocked: r.account_locked,
    subscriptionStatus: r.subscription_status,
    subscriptionActive: r.subscription_active,
    trialEndsAt: r.trial_ends_at,
  };
}
