import { type CancellationReason, daysRemaining } from '@pippitch/shared/cancellation';
import type { Database } from '@pippitch/sql';
import { badRequest, unavailable } from '../../errors';
import { updateBilledCompany } from '../../queries/billing-company';
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
  company: { stripe_subscription_id: string | null },
  kind: 'cancellation_scheduled' | 'reactivated',
  email: RenderedEmail,
  now: Date,
): Promise<boolean> {
  const ref = `${company.stripe_subscription_id}:${now.toISOString()}`;
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
    if (company.subscription_status === 'trialing') {
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
    if (!company.stripe_subscription_id || !['active', 'past_due'].includes(company.subscription_status)) {
      throw badRequest('There is no active subscription to cancel');
    }
    if (company.cancel_at_period_end) throw badRequest('Your subscription is already set to end');
    if (!provider) throw unavailable('Online billing is not available right now. Please try again later.');
    const atPeriodEnd = company.subscription_type === 'monthly';
    await provider.cancel(company.stripe_subscription_id, { atPeriodEnd, ...input });
    await updateBilledCompany(trx, scope, reasonColumns);
    await syncSubscription(trx, scope, { provider, now, appUrl });
    const after = await lockBilledCompany(trx, scope);
    // Annual plans end at once and are told by the provider's event ('access_ended'); a monthly one is told here.
    if (!after.account_locked && after.scheduled_cancellation_date) {
      const endsOn = after.scheduled_cancellation_date;
      const email = cancellationScheduledEmail({ companyName: company.name, endsOn, appUrl });
      await noticeOfChange(trx, scope, company, 'cancellation_scheduled', email, now);
    }
    return {
      accountLocked: after.account_locked,
      daysRemaining: after.account_locked ? 0 : daysRemaining(after.scheduled_cancellation_date, now),
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
      company.cancel_at_period_end &&
      company.stripe_subscription_id !== null &&
      ['active', 'past_due'].includes(company.subscription_status);
    if (!scheduled) {
      const seatCount = company.admin_seats + company.junior_seats;
      return { requiresPayment: true, adminSeats: company.admin_seats, brokerSeats: company.junior_seats, seatCount };
    }
    if (!provider) throw unavailable('Online billing is not available right now. Please try again later.');
    await provider.resume(company.stripe_subscription_id as string);
    await updateBilledCompany(trx, scope, { cancellation_reason: null, cancellation_feedback: null });
    await syncSubscription(trx, scope, { provider, now, appUrl });
    const after = await lockBilledCompany(trx, scope);
    const email = reactivatedEmail({ companyName: company.name, renewsOn: after.current_period_end, appUrl });
    await noticeOfChange(trx, scope, company, 'reactivated', email, now);
    return { requiresPayment: false, renewsOn: after.current_period_end?.toISOString() ?? null };
  });
}
