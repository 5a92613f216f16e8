import { randomBytes } from 'node:crypto';
import type { Database } from '@pippitch/sql';
import { insertTestModeInvoice, type TestModeSubscriptionRow } from '../../../queries/payments/test-mode';
import type { SubscriptionChange, SubscriptionState } from '../types';
import { type TestModePlan, testModeProration } from './proration';

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A test-mode subscription row (test mode's stand-in for Stripe's subscription object). */
export type SubscriptionRow = TestModeSubscriptionRow;

export function planOf(row: SubscriptionRow): TestModePlan {
  return {
    billing: row.billing as TestModePlan['billing'],
    adminSeats: row.admin_seats,
    brokerSeats: row.broker_seats,
    addons: { companyFinder: row.company_finder, clientData: row.client_data },
  };
}

export function planAfter(row: SubscriptionRow, change: SubscriptionChange): TestModePlan {
  const plan = planOf(row);
  return {
    billing: change.billing ?? plan.billing,
    adminSeats: change.seats?.adminSeats ?? plan.adminSeats,
    brokerSeats: change.seats?.brokerSeats ?? plan.brokerSeats,
    addons: { ...plan.addons, ...change.addons },
  };
}

/** Nothing is charged during a trial or for a change that waits for the next period. */
export function chargeFor(row: SubscriptionRow, change: SubscriptionChange, at: Date): number {
  if (change.charge !== 'now' || row.status === 'trialing') return 0;
  return testModeProration(
    planOf(row),
    planAfter(row, change),
    { start: row.current_period_start, end: row.current_period_end },
    at,
  );
}

export async function invoice(trx: Database, subscriptionId: string, amount: number, description: string, at: Date) {
  await insertTestModeInvoice(trx, { id: newId('tm_in'), subscriptionId, amount, description, at });
}

export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    id: row.id,
    customerId: row.customer_id,
    status: row.status as SubscriptionState['status'],
    billing: row.billing as SubscriptionState['billing'],
    adminSeats: row.admin_seats,
    brokerSeats: row.broker_seats,
    addons: { companyFinder: row.company_finder, clientData: row.client_data },
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodEnd: row.current_period_end,
    trialEnd: row.status === 'trialing' ? row.trial_end : null,
    billingSwitch:
      row.switch_to_billing && row.switch_to_billing !== row.billing
        ? { billing: row.switch_to_billing as SubscriptionState['billing'], on: row.current_period_end }
        : null,
    canceledAt: row.canceled_at,
    created: row.created_at,
  };
}

export function addPeriod(from: Date, billing: string): Date {
  const next = new Date(from);
  if (billing === 'annual') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
