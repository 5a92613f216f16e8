import { randomBytes } from 'node:crypto';
import type { Database } from '@pippitch/sql';
import type { ChangeResult, CheckoutRequest, PaymentProvider, SubscriptionChange, SubscriptionState } from '../types';
import { WebhookSignatureError } from '../types';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The embedded default when no Stripe key is set (design.md §2): a built-in checkout page stands in for
 * Stripe's, and its checkouts and subscriptions live in two tables of ours standing in for Stripe's side.
 * Paying raises an event that goes through the same applyBillingEvent as a Stripe webhook, which reads the
 * subscription back through this interface. Never built when NODE_ENV=production (providers/payments/index.ts).
 */
export class TestModePayments implements PaymentProvider {
  readonly kind = 'test_mode' as const;

  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
    private readonly now: () => Date,
  ) {}

  async ensureCustomer(company: { id: string; customerId: string | null }) {
    return company.customerId ?? `tm_cus_${company.id.replace(/-/g, '')}`;
  }

  async startCheckout(request: CheckoutRequest) {
    const id = newId('tm_cs');
    await this.db
      .insertInto('test_mode_checkouts')
      .values({
        id,
        company_id: request.companyId,
        customer_id: request.customerId,
        admin_seats: request.adminSeats,
        broker_seats: request.brokerSeats,
        billing: request.billing,
        company_finder: request.addons.companyFinder,
        client_data: request.addons.clientData,
        reactivation: request.reactivation,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      })
      .execute();
    return { url: `${this.publicUrl}/test-checkout/${id}`, sessionId: id };
  }

  async readSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
    const row = await this.db
      .selectFrom('test_mode_subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    if (!row) return null;
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
      canceledAt: row.canceled_at,
      created: row.created_at,
    };
  }

  /** Test mode takes no card, so a change is always paid at once. */
  async changeSubscription(subscriptionId: string, change: SubscriptionChange): Promise<ChangeResult> {
    await this.db
      .updateTable('test_mode_subscriptions')
      .set({
        ...(change.seats && { admin_seats: change.seats.adminSeats, broker_seats: change.seats.brokerSeats }),
        ...(change.addons?.companyFinder !== undefined && { company_finder: change.addons.companyFinder }),
        ...(change.addons?.clientData !== undefined && { client_data: change.addons.clientData }),
      })
      .where('id', '=', subscriptionId)
      .execute();
    return { status: 'done' };
  }

  async cancel(subscriptionId: string, how: { atPeriodEnd: boolean }) {
    await this.db
      .updateTable('test_mode_subscriptions')
      .set(how.atPeriodEnd ? { cancel_at_period_end: true } : { status: 'canceled', canceled_at: this.now() })
      .where('id', '=', subscriptionId)
      .execute();
  }

  async resume(subscriptionId: string) {
    await this.db
      .updateTable('test_mode_subscriptions')
      .set({ cancel_at_period_end: false })
      .where('id', '=', subscriptionId)
      .where('status', '=', 'active')
      .execute();
  }

  verifyEvent(): never {
    throw new WebhookSignatureError('Test mode receives no webhooks');
  }

  /** The customer pays on the test checkout page: the subscription starts now. Returns its id. */
  async createSubscription(trx: Database, checkout: TestModeCheckout, now: Date): Promise<string> {
    const id = newId('tm_sub');
    const periodEnd = addPeriod(now, checkout.billing);
    await trx
      .insertInto('test_mode_subscriptions')
      .values({
        id,
        customer_id: checkout.customer_id,
        status: 'active',
        billing: checkout.billing,
        admin_seats: checkout.admin_seats,
        broker_seats: checkout.broker_seats,
        company_finder: checkout.company_finder,
        client_data: checkout.client_data,
        current_period_end: periodEnd,
        created_at: now,
      })
      .execute();
    return id;
  }

  /**
   * What Stripe does at the end of each paid period, for test mode: a subscription set to cancel ends, any other
   * renews for another period. Returns the subscriptions that changed (their events are then applied).
   */
  async endPeriods(trx: Database, now: Date): Promise<{ id: string; customerId: string; ended: boolean }[]> {
    const due = await trx
      .selectFrom('test_mode_subscriptions')
      .select(['id', 'customer_id', 'billing', 'cancel_at_period_end', 'current_period_end'])
      .where('status', 'in', ['active', 'past_due'])
      .where('current_period_end', '<=', now)
      .forUpdate()
      .execute();
    for (const sub of due) {
      if (sub.cancel_at_period_end) {
        await trx
          .updateTable('test_mode_subscriptions')
          .set({ status: 'canceled', canceled_at: sub.current_period_end })
          .where('id', '=', sub.id)
          .execute();
      } else {
        let end = sub.current_period_end;
        while (end <= now) end = addPeriod(end, sub.billing);
        await trx
          .updateTable('test_mode_subscriptions')
          .set({ current_period_end: end })
          .where('id', '=', sub.id)
          .execute();
      }
    }
    return due.map((s) => ({ id: s.id, customerId: s.customer_id, ended: s.cancel_at_period_end }));
  }

  newEventId(): string {
    return newId('tm_evt');
  }
}

export interface TestModeCheckout {
  id: string;
  customer_id: string;
  admin_seats: number;
  broker_seats: number;
  billing: string;
  company_finder: boolean;
  client_data: boolean;
}

function addPeriod(from: Date, billing: string): Date {
  const next = new Date(from);
  if (billing === 'annual') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
