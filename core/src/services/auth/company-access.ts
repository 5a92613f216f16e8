import { type CompanyAccess, companyAccess } from '@pippitch/shared/access';

/** The columns of `companies` that decide its access, as queries read them. */
export interface CompanyAccessRow {
  account_locked: boolean;
  subscription_status: string;
  subscription_active: boolean;
  trial_ends_at: Date | null;
}

/** A company row's access now: shared/src/access.ts's rule, fed from the database's columns in one place. */
export function accessOfRow(row: CompanyAccessRow, now: Date): CompanyAccess {
  return accessOfCompany(
    {
      accountLocked: row.account_locked,
      subscriptionStatus: row.subscription_status,
      subscriptionActive: row.subscription_active,
      trialEndsAt: row.trial_ends_at,
    },
    now,
  );
}

/** The same columns as a query's record (core/src/queries) names them. */
export interface CompanyAccessRecord {
  accountLocked: boolean;
  subscriptionStatus: string;
  subscriptionActive: boolean;
  trialEndsAt: Date | null;
}

/** A company record's access now: the rule above, for records mapped by a query file. */
export function accessOfCompany(record: CompanyAccessRecord, now: Date): CompanyAccess {
  const { accountLocked, subscriptionStatus, subscriptionActive, trialEndsAt } = record;
  return companyAccess(
    { accountLocked, subscriptionStatus, subscriptionActive, trialEndsAt: trialEndsAt?.toISOString() ?? null },
    now,
  );
}
