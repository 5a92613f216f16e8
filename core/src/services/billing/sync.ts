import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { lockBilledCompanyRow, lockCompanyForConvergence } from '../../queries/billing/company';
import type { Scope } from '../../queries/scope';
import { convergeCompany } from './converge';
import type { PaidBillingDeps } from './deps';

/**
 * After a change we asked the provider for (seats, add-ons, cancellation), the company row is brought to the
 * subscription as the provider now reports it — the same convergence a webhook runs, so the page shows the
 * result at once and the webhook that follows changes nothing more.
 */
export async function syncSubscription(trx: Database, scope: Scope, deps: PaidBillingDeps): Promise<void> {
  const { provider } = deps;
  const company = await lockCompanyForConvergence(trx, scope);
  if (!company?.stripeSubscriptionId) throw notFound('Subscription not found');
  const state = await provider.readSubscription(company.stripeSubscriptionId);
  if (state) await convergeCompany(trx, scope, { company, state }, deps);
}

/** The company's billing facts every billing action starts from, locked for the transaction. */
export async function lockBilledCompany(trx: Database, scope: Scope) {
  const company = await lockBilledCompanyRow(trx, scope);
  if (!company) throw notFound('Company not found');
  return company;
}
