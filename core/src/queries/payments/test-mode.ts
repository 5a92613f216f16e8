/**
 * The test-mode payment provider's tables (providers/payments/test-mode/): its stand-ins for Stripe's checkout
 * sessions, subscriptions and invoices. Like Stripe's API they are addressed by their own ids (a subscription, a
 * session, a customer), never by a company: the billing services reach them only through ids stored on the
 * caller's company row. So these queries take no `Scope`; a checkout's `company_id` is a label (whose checkout it
 * is, as Stripe's metadata), which the test checkout page's own queries (services/billing) filter by. Rows keep
 * the tables' snake_case words, as Stripe's objects do; test-mode/rows.ts maps a subscription to the provider's
 * SubscriptionState.
 */
import type { Database, Row } from '@pippitch/sql';

export type TestModeSubscriptionRow = Row<'test_mode_subscriptions'>;

/** What a checkout session holds when it is opened; `companyId` labels it for the company that opened it. */
export interface NewTestModeCheckout {
  id: string;
  companyId: string;
  customerId: string;
  adminSeats: number;
  brokerSeats: number;
  billing: string;
  companyFinder: boolean;
  clientData: boolean;
  reactivation: boolean;
  trialEnd: Date | null;
  successUrl: string;
  cancelUrl: string;
}

export async function insertTestModeCheckout(db: Database, c: NewTestModeCheckout): Promise<void> {
  await db
    .insertInto('test_mode_checkouts')
    .values({
      id: c.id,
      company_id: c.companyId,
      customer_id: c.customerId,
      admin_seats: c.adminSeats,
      broker_seats: c.brokerSeats,
      billing: c.billing,
      company_finder: c.companyFinder,
      client_data: c.clientData,
      reactivation: c.reactivation,
      trial_end: c.trialEnd,
      success_url: c.successUrl,
      cancel_url: c.cancelUrl,
    })
    .execute();
}

/** Cancels the session if it is still open; whether it was. */
export async function cancelOpenTestModeCheckout(db: Database, sessionId: string): Promise<boolean> {
  const row = await db
    .updateTable('test_mode_checkouts')
    .set({ status: 'canceled' })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .returning('status')
    .executeTakeFirst();
  return row !== undefined;
}

export async function testModeCheckoutStatus(db: Database, sessionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('test_mode_checkouts')
    .select('status')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.status;
}

/** The subscription, locked for update in the caller's transaction when asked. */
export async function testModeSubscription(
  db: Database,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<TestModeSubscriptionRow | undefined> {
  const query = db.selectFrom('test_mode_subscriptions').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The customer's subscriptions that have not ended. */
export function openTestModeSubscriptions(db: Database, customerId: string): Promise<TestModeSubscriptionRow[]> {
  return db
    .selectFrom('test_mode_subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '!=', 'canceled')
    .execute();
}

/**
 * Every live subscription whose period has ended, of all companies, locked for update: test mode's stand-in for
 * Stripe's own clock, which ends and renews every customer's periods alike (billing/test-mode-periods.ts).
 */
export function dueTestModeSubscriptionsOfAllCompanies(trx: Database, now: Date): Promise<TestModeSubscriptionRow[]> {
  return trx
    .selectFrom('test_mode_subscriptions')
    .selectAll()
    .where('status', 'in', ['trialing', 'active', 'past_due'])
    .where('current_period_end', '<=', now)
    .forUpdate()
    .execute();
}

export async function insertTestModeSubscription(
  trx: Database,
  row: Omit<TestModeSubscriptionRow, 'cancel_at_period_end' | 'canceled_at' | 'switch_to_billing'>,
): Promise<void> {
  await trx.insertInto('test_mode_subscriptions').values(row).execute();
}

/** Sets columns of the subscription; with `whenStatusIn`, only while its status is one of them. */
export async function updateTestModeSubscription(
  db: Database,
  id: string,
  set: Partial<Omit<TestModeSubscriptionRow, 'id' | 'customer_id' | 'created_at'>>,
  whenStatusIn?: readonly string[],
): Promise<void> {
  let query = db.updateTable('test_mode_subscriptions').set(set).where('id', '=', id);
  if (whenStatusIn) query = query.where('status', 'in', whenStatusIn);
  await query.execute();
}

export async function insertTestModeInvoice(
  trx: Database,
  invoice: { id: string; subscriptionId: string; amount: number; description: string; at: Date },
): Promise<void> {
  await trx
    .insertInto('test_mode_invoices')
    .values({
      id: invoice.id,
      subscription_id: invoice.subscriptionId,
      amount_due: invoice.amount,
      description: invoice.description,
      created_at: invoice.at,
    })
    .execute();
}

/** Every charge taken from a subscription, oldest first, in Stripe's invoice words (pence, VAT included). */
export function testModeInvoices(
  db: Database,
  subscriptionId: string,
): Promise<Pick<Row<'test_mode_invoices'>, 'amount_due' | 'description' | 'created_at'>[]> {
  return db
    .selectFrom('test_mode_invoices')
    .select(['amount_due', 'description', 'created_at'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
