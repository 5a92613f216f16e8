import { type CancellationReason, daysRemaining } from '@pippitch/shared/cancellation';
import type { Database } from '@pippitch/sql';
import { badRequest, unavailable } from '../../errors';
import { updateBilledCompany } from '../../queries/billing/company';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { cancellationScheduledEmail, reactivatedEmail } from '../email/billing-emails';
import type { RenderedEmail } from '../email/templates';
import type { BillingDeps } from './deps';
import { noticeAccessEnded, sendNoticeOnce } from './notices';
import { lockBilledCompany, syncSubscription } from './sync';

/** Tells the admins of a change to the subscription made now: one notice per subscription and moment. */
function noticeOfChange(
  trx: Database,
  scope: Scope,
  company: { stripeSubscriptionId: string | null },
  kind: 'cancellation_scheduled' | 'reactivated',
  email: RenderedEmail,
  now: Date,
): Promise<boolean> {
  const ref = `${company.stripeSubscriptionId}:${now.toISOString()}`;
  return sendNoticeOnce(trx, scope, { kind, ref, email }, now);
}

export interface CancelResult {
  accountLocked: boolean;
  /** Days of access left (a monthly plan keeps its paid period); 0 when locked now. */
  daysRemaining: number;
}

/**
 * Cancels the caller's company's plan (spec §4 Subscription): a trial or an annual plan ends at once (annual: no
 * refund) and the company is locked; a monthly plan keeps access to the end of the period it paid for. The reason
 * and feedback are stored and passed to the provider. The company is the caller's, never one the browser names.
 */
export async function cancelSubscription(
  db: Database,
  actor: Actor,
  input: { reason: CancellationReason; feedback: string },
  { provider, now, appUrl }: BillingDeps,
): Promise<CancelResult> {
  const scope = scopeOf(actor);
  return db.transaction().execute(async (trx) => {
    const company = await lockBilledCompany(trx, scope);
    const reasonColumns = { cancellation_reason: input.reason, cancellation_feedback: input.feedback || null };
    if (company.subscriptionStatus === 'trialing') {
      await updateBilledCompany(trx, scope, {
        ...reasonColumns,
        account_locked: true,
        subscription_active: false,
        subscription_status: 'canceled',
        cancelled_at: now,
        updated_at: now,
      });
      await noticeAccessEnded(trx, scope, { company, kind: 'trial_cancelled', lockedAt: now }, { appUrl, now });
      return { accountLocked: true, daysRemaining: 0 };
    }
    if (!company.stripeSubscriptionId || !['active', 'past_due'].includes(company.subscriptionStatus)) {
      throw badRequest('There is no active subscription to cancel');
    }
    if (company.cancelAtPeriodEnd) throw badRequest('Your subscription is already set to end');
    if (!provider) throw unavailable('Online billing is not available right now. Please try again later.');
    const atPeriodEnd = company.subscriptionType === 'monthly';
    await provider.cancel(company.stripeSubscriptionId, { atPeriodEnd, ...input });
    await updateBilledCompany(trx, scope, reasonColumns);
    await syncSubscription(trx, scope, { provider, now, appUrl });
    const after = await lockBilledCompany(trx, scope);
    // Annual plans end at once and are told by the provider's event ('access_ended'); a monthly one is told here.
    if (!after.accountLocked && after.scheduledCancellationDate) {
      const endsOn = after.scheduledCancellationDate;
      const email = cancellationScheduledEmail({ companyName: company.name, endsOn, appUrl });
      await noticeOfChange(trx, scope, company, 'cancellation_scheduled', email, now);
    }
    return {
      accountLocked: after.accountLocked,
      daysRemaining: after.accountLocked ? 0 : daysRemaining(after.scheduledCancellationDate, now),
    };
  });
}

export type ReactivateResult =
  | { requiresPayment: false; renewsOn: string | null }
  | { requiresPayment: true; adminSeats: number; brokerSeats: number; seatCount: number };

/**
 * 'Reactivate Subscription' (spec §7 reactivate-subscription): a cancellation scheduled for the period's end is
 * undone with nothing to pay; once the plan has ended (its grace used up) coming back is a new checkout, which
 * the answer says, with the seats to start it from.
 */
export async function reactivateSubscription(
  db: Database,
  actor: Actor,
  { provider, now, appUrl }: BillingDeps,
): Promise<ReactivateResult> {
  const scope = scopeOf(actor);
  return db.transaction().execute(async (trx) => {
    const company = await lockBilledCompany(trx, scope);
    const scheduled =
      company.cancelAtPeriodEnd &&
      company.stripeSubscriptionId !== null &&
      ['active', 'past_due'].includes(company.subscriptionStatus);
    if (!scheduled) {
      const seatCount = company.adminSeats + company.brokerSeats;
      return { requiresPayment: true, adminSeats: company.adminSeats, brokerSeats: company.brokerSeats, seatCount };
    }
    if (!provider) throw unavailable('Online billing is not available right now. Please try again later.');
    await provider.resume(company.stripeSubscriptionId as string);
    await updateBilledCompany(trx, scope, { cancellation_reason: null, cancellation_feedback: null });
    await syncSubscription(trx, scope, { provider, now, appUrl });
    const after = await lockBilledCompany(trx, scope);
    const email = reactivatedEmail({ companyName: company.name, renewsOn: after.currentPeriodEnd, appUrl });
    await noticeOfChange(trx, scope, company, 'reactivated', email, now);
    return { requiresPayment: false, renewsOn: after.currentPeriodEnd?.toISOString() ?? null };
  });
}
