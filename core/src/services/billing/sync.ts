import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { convergeCompany } from './converge';
import type { PaidBillingDeps } from './deps';

/**
 * After a change we asked the provider for (seats, add-ons, cancellation), the company row is brought to the
 * subscription as the provider now reports it — the same convergence a webhook runs, so the page shows the
 * result at once and the webhook that follows changes nothing more.
 */
export async function syncSubscription(trx: Database, companyId: string, deps: PaidBillingDeps): Promise<void> {
  const { provider } = deps;
  const company = await trx
    .selectFrom('companies')
    .select(['id', 'name', 'stripe_customer_id', 'stripe_subscription_id', 'cancel_at_period_end'])
    .where('id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!company?.stripe_subscription_id) throw notFound('Subscription not found');
  const state = await provider.readSubscription(company.stripe_subscription_id);
  if (state) await convergeCompany(trx, { company, state }, deps);
}

/** The company's billing facts every billing action starts from, locked for the transaction. */
export async function lockBilledCompany(trx: Database, companyId: string) {
  const company = await trx
    .selectFrom('companies')
    .select([
      'id',
      'name',
      'subscription_status',
      'subscription_type',
      'billing_period',
      'account_locked',
      'admin_seats',
      'junior_seats',
      'company_finder_enabled',
      'client_data_enabled',
      'stripe_subscription_id',
      'cancel_at_period_end',
      'scheduled_cancellation_date',
      'grace_period_used',
      'stripe_customer_id',
      'trial_ends_at',
      'current_period_end',
      'billing_switch_to',
      'billing_switch_on',
    ])
    .where('id', '=', companyId)
    // Not FOR UPDATE: the test-mode provider writes rows referencing the company on its own connection while
    // this lock is held, and their foreign-key check takes a KEY SHARE lock that FOR UPDATE would block.
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!company) throw notFound('Company not found');
  return company;
}
