import type { Database } from '@pippitch/sql';
import type { PaymentProvider, ProviderEvent } from '../../providers/payments/types';
import { lockCompanyByProviderId } from '../../queries/billing/company';
import { insertEventOnce, recordEventOutcome } from '../../queries/billing/events';
import { systemScope } from '../../queries/scope';
import { type BilledCompany, convergeCompany } from './converge';
import type { PaidBillingDeps } from './deps';

export interface AppliedEvent {
  /** False for a redelivery of an event already applied. */
  applied: boolean;
  companyId: string | null;
  outcome: string;
}

/**
 * Applies one verified provider event exactly once. The event row is inserted first, in the same transaction as
 * the change: a concurrent redelivery waits on that row and then finds it, and a failure rolls both back so
 * the provider's retry applies it afresh. The event is used only to find the company (by the customer we
 * created for it) and the subscription; the state itself is read back from the provider.
 */
export async function applyBillingEvent(
  db: Database,
  event: ProviderEvent,
  deps: PaidBillingDeps,
): Promise<AppliedEvent> {
  const { provider, now } = deps;
  return db.transaction().execute(async (trx) => {
    const fresh = await insertEventOnce(trx, { id: event.id, provider: provider.kind, type: event.type, now });
    if (!fresh) return { applied: false, companyId: null, outcome: 'duplicate' };

    const company = await companyOf(trx, event);
    // The event is the provider's, for no member: once matched to a company, it acts on that company alone.
    const scope = company ? systemScope('system:billing', company.id) : null;
    const subscriptionId = event.subscriptionId ?? company?.stripeSubscriptionId ?? null;
    let outcome: string;
    if (!company || !scope)
      outcome = `no company for customer ${event.customerId ?? '-'} / subscription ${event.subscriptionId ?? '-'}`;
    else if (!subscriptionId) outcome = 'no subscription yet';
    else {
      const state = await provider.readSubscription(subscriptionId);
      outcome = state
        ? await convergeCompany(trx, scope, { company, state }, deps)
        : `subscription ${subscriptionId} not found`;
      const previous = company.stripeSubscriptionId;
      if (state && previous && previous !== state.id && isLive(state.status)) {
        outcome += await endReplaced(provider, previous);
      }
    }
    await recordEventOutcome(trx, event.id, scope, outcome);
    return { applied: true, companyId: company?.id ?? null, outcome };
  });
}

const isLive = (status: string) => ['trialing', 'active', 'past_due'].includes(status);

/**
 * One live subscription per company (issue 20 §1): when a new subscription becomes the company's (a renewal
 * after the grace period), the one it replaces is ended at the provider if it is not over yet, without a refund.
 */
async function endReplaced(provider: PaymentProvider, previousId: string): Promise<string> {
  const old = await provider.readSubscription(previousId);
  if (!old || !isLive(old.status)) return '';
  await provider.cancel(previousId, {
    atPeriodEnd: false,
    reason: 'other',
    feedback: 'Replaced by a new subscription',
  });
  return `; ended the replaced subscription ${previousId}`;
}

/** The company an event is about, locked for the rest of the transaction (events for one company apply in turn). */
async function companyOf(trx: Database, event: ProviderEvent): Promise<BilledCompany | null> {
  const by = async (key: 'customer' | 'subscription', id: string | null) =>
    id === null ? undefined : lockCompanyByProviderId(trx, key, id);
  return (await by('customer', event.customerId)) ?? (await by('subscription', event.subscriptionId)) ?? null;
}
