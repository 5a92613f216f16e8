import { type CompanyAccess, companyAccess } from '@pippitch/shared/access';

/**
 * The columns of `companies` that decide its access, as a query's record names them (read once, in
 * core/src/queries/companies/access.ts).
 */
export interface CompanyAccessRecord {
  accountLocked: boolean;
  subscriptionStatus: string;
  subscriptionActive: boolean;
  trialEndsAt: Date | null;
}

/** A company record's access now: shared/src/access.ts's rule, fed from the database's columns in one place. */
export function accessOfCompany(record: CompanyAccessRecord, now: Date): CompanyAccess {
  const { accountLocked, subscriptionStatus, subscriptionActive, trialEndsAt } = record;
  return companyAccess(
    { accountLocked, subscriptionStatus, subscriptionActive, trialEndsAt: trialEndsAt?.toISOString() ?? null },
    now,
  );
}
