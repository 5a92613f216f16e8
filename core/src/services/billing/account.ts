import { daysRemaining } from '@pippitch/shared/cancellation';
import type { Database } from '@pippitch/sql';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { companyColumns } from '../company/row';

/** What the account page and the dashboard's banners show about the company's plan. */
export async function billingAccount(db: Database, actor: Actor, now: Date) {
  const c = await companyColumns(db, scopeOf(actor), [
    'subscription_status',
    'subscription_type',
    'billing_period',
    'cancel_at_period_end',
    'scheduled_cancellation_date',
    'current_period_end',
    'company_finder_enabled',
    'client_data_enabled',
    'stripe_subscription_id',
    'billing_switch_to',
    'billing_switch_on',
  ]);
  const paid = c.stripe_subscription_id !== null && ['active', 'past_due'].includes(c.subscription_status);
  return {
    status: c.subscription_status,
    /** On a paid plan (active or past due): add-ons, cancellation and seat changes go through the provider. */
    paid,
    plan: paid ? (c.subscription_type as 'monthly' | 'annual') : null,
    pastDue: c.subscription_status === 'past_due',
    cancelScheduled: paid && c.cancel_at_period_end,
    scheduledCancellationDate: c.scheduled_cancellation_date?.toISOString() ?? null,
    daysRemaining: c.cancel_at_period_end ? daysRemaining(c.scheduled_cancellation_date, now) : null,
    currentPeriodEnd: c.current_period_end?.toISOString() ?? null,
    /** Annual → monthly waiting for the end of the paid year ('Switches to monthly billing on …'). */
    billingSwitch:
      paid && c.billing_switch_to && c.billing_switch_on
        ? { billing: c.billing_switch_to as 'monthly' | 'annual', on: c.billing_switch_on.toISOString() }
        : null,
    addons: { companyFinder: c.company_finder_enabled, clientData: c.client_data_enabled },
  };
}
