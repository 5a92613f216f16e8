import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';

/** What an e-mail preview reads of the scope's own company (`companies`): its name, plan and dates. */
export interface PreviewCompany {
  name: string;
  billingPeriod: string;
  adminSeats: number;
  brokerSeats: number;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  companyFinderEnabled: boolean;
  clientDataEnabled: boolean;
}

/** The scope's company as its e-mails describe it, or undefined when it is gone. */
export async function previewCompany(db: Database, scope: Scope): Promise<PreviewCompany | undefined> {
  const r = await db
    .selectFrom('companies')
    .select([
      'name',
      'billing_period',
      'admin_seats',
      'junior_seats',
      'trial_ends_at',
      'current_period_end',
      'company_finder_enabled',
      'client_data_enabled',
    ])
    .where('id', '=', scope.companyId)
    .executeTakeFirst();
  return (
    r && {
      name: r.name,
      billingPeriod: r.billing_period,
      adminSeats: r.admin_seats,
      brokerSeats: r.junior_seats,
      trialEndsAt: r.trial_ends_at,
      currentPeriodEnd: r.current_period_end,
      companyFinderEnabled: r.company_finder_enabled,
      clientDataEnabled: r.client_data_enabled,
    }
  );
}
