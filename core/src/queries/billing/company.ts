import type { Database, DB } from '@pippitch/sql';
import type { Selectable, Updateable } from 'kysely';
import { type CompanyPlanRecord, PLAN_COLUMNS, planOf, readCompanyColumn } from '../companies/rows';
import type { Scope } from '../scope';

/**
 * The billing columns of the scope's company row, as every billing action, the provider's events and the billing
 * jobs read and write them; read through one mapping to the record's words (BilledCompanyRecord).
 */

/** The company's billing facts, in the record's words. */
export interface BilledCompanyRecord extends CompanyPlanRecord {
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
  scheduledCancellationDate: Date | null;
  gracePeriodUsed: boolean;
  currentPeriodEnd: Date | null;
  billingSwitchTo: string | null;
  billingSwitchOn: Date | null;
}

const BILLED = [
  ...PLAN_COLUMNS,
  'stripe_subscription_id',
  'cancel_at_period_end',
  'scheduled_cancellation_date',
  'grace_period_used',
  'stripe_customer_id',
  'current_period_end',
  'billing_switch_to',
  'billing_switch_on',
] as const;

type BilledRow = Pick<Selectable<DB['companies']>, (typeof BILLED)[number]>;

/** The one mapping from the `companies` row's billing columns to the record's words. */
function billedOf(r: BilledRow): BilledCompanyRecord {
  return {
    ...planOf(r),
    stripeCustomerId: r.stripe_customer_id,
    stripeSubscriptionId: r.stripe_subscription_id,
    cancelAtPeriodEnd: r.cancel_at_period_end,
    scheduledCancellationDate: r.scheduled_cancellation_date,
    gracePeriodUsed: r.grace_period_used,
    currentPeriodEnd: r.current_period_end,
    billingSwitchTo: r.billing_switch_to,
    billingSwitchOn: r.billing_switch_on,
  };
}

/** The scope's company's billing facts, its row locked for the transaction with `lock`; or undefined. */
async function lockBilled(
  trx: Database,
  scope: Scope,
  lock: 'for update' | 'for no key update',
): Promise<BilledCompanyRecord | undefined> {
  const query = trx.selectFrom('companies').select(BILLED).where('id', '=', scope.companyId);
  const row = await (lock === 'for update' ? query.forUpdate() : query.forNoKeyUpdate()).executeTakeFirst();
  return row && billedOf(row);
}

/** The company's billing facts every billing action starts from, locked for the transaction; or undefined. */
export function lockBilledCompanyRow(trx: Database, scope: Scope): Promise<BilledCompanyRecord | undefined> {
  // Not FOR UPDATE: the test-mode provider writes rows referencing the company on its own connection while
  // this lock is held, and their foreign-key check takes a KEY SHARE lock that FOR UPDATE would block.
  return lockBilled(trx, scope, 'for no key update');
}

/** The company as a convergence reads it, locked FOR UPDATE; or undefined. */
export function lockCompanyForConvergence(trx: Database, scope: Scope): Promise<BilledCompanyRecord | undefined> {
  return lockBilled(trx, scope, 'for update');
}

/**
 * The company a provider's event is about, by the customer or subscription the provider names, locked FOR UPDATE:
 * across all companies, as the event comes from the provider for no member. The company found is then acted on
 * under its `system:billing` scope.
 */
export async function lockCompanyByProviderId(
  trx: Database,
  by: 'customer' | 'subscription',
  id: string,
): Promise<BilledCompanyRecord | undefined> {
  const column = by === 'customer' ? 'stripe_customer_id' : 'stripe_subscription_id';
  const row = await trx.selectFrom('companies').select(BILLED).where(column, '=', id).forUpdate().executeTakeFirst();
  return row && billedOf(row);
}

/** Writes billing columns of the scope's company row. */
export async function updateBilledCompany(
  trx: Database,
  scope: Scope,
  values: Updateable<DB['companies']>,
): Promise<void> {
  await trx.updateTable('companies').set(values).where('id', '=', scope.companyId).execute();
}

/** Remembers the provider's customer for the company, unless it already has one. */
export async function setCustomerIdIfNone(trx: Database, scope: Scope, customerId: string): Promise<void> {
  await trx
    .updateTable('companies')
    .set({ stripe_customer_id: customerId })
    .where('id', '=', scope.companyId)
    .where('stripe_customer_id', 'is', null)
    .execute();
}

/** When the company's access ended (the 0053 trigger sets it as the lock begins), or null. */
export async function readAccessEndedAt(trx: Database, scope: Scope): Promise<Date | null> {
  return readCompanyColumn(trx, scope, 'access_ended_at');
}

/** Locks the company's trial at `now` if it is still trialing; false when another run or a payment came first. */
export async function lockTrialIfTrialing(trx: Database, scope: Scope, now: Date): Promise<boolean> {
  const locked = await trx
    .updateTable('companies')
    .set({ account_locked: true, subscription_active: false, subscription_status: 'locked', updated_at: now })
    .where('id', '=', scope.companyId)
    .where('subscription_status', '=', 'trialing')
    .returning('id')
    .executeTakeFirst();
  return locked !== undefined;
}

/**
 * The companies on a trial ending within (from, to] (from null: any time up to `to`), across all companies: the
 * trial schedule's list, for no one member. Each is then acted on under its `system:billing` scope.
 */
export async function listCompaniesOnTrialEnding(
  db: Database,
  { from, to }: { from: Date | null; to: Date },
): Promise<{ id: string; name: string; trialEndsAt: Date }[]> {
  let q = db
    .selectFrom('companies')
    .select(['id', 'name', 'trial_ends_at'])
    .where('subscription_status', '=', 'trialing')
    .where('trial_ends_at', '<=', to);
  if (from) q = q.where('trial_ends_at', '>', from);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, name: r.name, trialEndsAt: r.trial_ends_at as Date }));
}
