import type { SeatUsage } from '@pippitch/shared/seats';
import { minimumSeats } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { companyColumns } from '../company/row';
import { companySeatUsage } from '../team/seat-usage';

/**
 * What the seats page shows: the seats and who holds them, the smallest counts a save may ask for, and
 * whether a save is possible now (the routing's answer for the company's state, with its message if not).
 */
export async function seatsOverview(
  db: Database,
  actor: Actor,
  now: Date,
): Promise<{
  usage: SeatUsage;
  minimum: { admin: number; broker: number };
  subscriptionStatus: string;
  billing: 'monthly' | 'annual';
  addons: { companyFinder: boolean; clientData: boolean };
}> {
  const company = await companyColumns(db, scopeOf(actor), [
    'subscription_status',
    'billing_period',
    'company_finder_enabled',
    'client_data_enabled',
  ]);
  const usage = await companySeatUsage(db, scopeOf(actor), now);
  return {
    usage,
    minimum: minimumSeats(usage),
    subscriptionStatus: company.subscription_status,
    billing: company.billing_period === 'annual' ? 'annual' : 'monthly',
    addons: { companyFinder: company.company_finder_enabled, clientData: company.client_data_enabled },
  };
}
