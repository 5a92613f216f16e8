import { planTotalPence } from '@pippitch/shared/plan-price';
import type { Billing } from '@pippitch/shared/pricing';
import type { Database } from '@pippitch/sql';
import {
  cancelOpenTestModeCheckout,
  dueTestModeSubscriptionsOfAllCompanies,
  insertTestModeCheckout,
  insertTestModeSubscription,
  openTestModeSubscriptions,
  testModeCheckoutStatus,
  testModeInvoices,
  testModeSubscription,
  updateTestModeSubscription,
} from '../../../queries/payments/test-mode';
import type { ChangeResult, CheckoutRequest, PaymentProvider, SubscriptionChange, SubscriptionState } from '../types';
import { WebhookSignatureError } from '../types';

import { addPeriod, chargeFor, invoice, newId, planAfter, planOf, stateOf } from './rows';

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
    await insertTestModeCheckout(this.db, {
      id,
      companyId: request.companyId,
      customerId: request.customerId,
      adminSeats: request.adminSeats,
      brokerSeats: request.brokerSeats,
      billing: request.billing,
      companyFinder: request.addons.companyFinder,
      clientData: request.addons.clientData,
      reactivation: request.reactivation,
      trialEnd: request.trialEnd,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
    });
    return { url: `${this.publicUrl}/test-checkout/${id}`, sessionId: id };
  }

  async readSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
    const row = await testModeSubscription(this.db, subscriptionId);
    return row ? stateOf(row) : null;
  }

  async openSubscriptions(customerId: string): Promise<SubscriptionState[]> {
    return (await openTestModeSubscriptions(this.db, customerId)).map(stateOf);
  }

  async expireCheckout(sessionId: string): Promise<'expired' | 'complete'> {
    if (await cancelOpenTestModeCheckout(this.db, sessionId)) return 'expired';
    return (await testModeCheckoutStatus(this.db, sessionId)) === 'complete' ? 'complete' : 'expired';
  }

  /** What a change would charge now: the same computation the change makes, at the same moment. */
  async previewChange(subscriptionId: string, change: SubscriptionChange & { prorationDate: Date }) {
    const row = await testModeSubscription(this.db, subscriptionId);
    if (!row) throw new Error(`No such subscription: ${subscriptionId}`);
    return { amountDue: chargeFor(row, change, change.prorationDate) };
  }

  /** Test mode takes no card, so a change is always paid at once; what it charges is kept as an invoice. */
  async changeSubscription(subscriptionId: string, change: SubscriptionChange): Promise<ChangeResult> {
    const at = change.prorationDate ?? this.now();
    await this.db.transaction().execute(async (trx) => {
      const row = await testModeSubscription(trx, subscriptionId, { forUpdate: true });
      if (!row) throw new Error(`No such subscription: ${subscriptionId}`);
      const next = planAfter(row, change);
      const amount = chargeFor(row, change, at);
      const switching = next.billing !== row.billing && row.status !== 'trialing';
      await updateTestModeSubscription(trx, subscriptionId, {
        billing: next.billing,
        admin_seats: next.adminSeats,
        broker_seats: next.brokerSeats,
        company_finder: next.addons.companyFinder,
        client_data: next.addons.clientData,
        // A new billing period starts at the switch. During a trial the period still ends with the trial, where
        // the first charge falls at the new period's price (as Stripe's trialing subscription: nothing moves).
        ...(switching && { current_period_start: at, current_period_end: addPeriod(at, next.billing) }),
      });
      if (change.charge === 'now') await invoice(trx, subscriptionId, amount, 'Prorated change', at);
    });
    return { status: 'done' };
  }

  /** Every charge taken from a subscription, oldest first (pence, VAT included). */
  async invoices(subscriptionId: string) {
    return testModeInvoices(this.db, subscriptionId);
  }

  async cancel(subscriptionId: string, how: { atPeriodEnd: boolean }) {
    await updateTestModeSubscription(
      this.db,
      subscriptionId,
      // A plan that ends switches nothing (Stripe: the schedule is released first).
      how.atPeriodEnd
        ? { cancel_at_period_end: true, switch_to_billing: null }
        : { status: 'canceled', canceled_at: this.now(), switch_to_billing: null },
    );
  }

  async scheduleBillingSwitch(subscriptionId: string, billing: Billing) {
    await updateTestModeSubscription(this.db, subscriptionId, { switch_to_billing: billing }, ['active', 'past_due']);
  }

  async cancelBillingSwitch(subscriptionId: string) {
    await updateTestModeSubscription(this.db, subscriptionId, { switch_to_billing: null });
  }

  async resume(subscriptionId: string) {
    await updateTestModeSubscription(this.db, subscriptionId, { cancel_at_period_end: false }, [
      'trialing',
      'active',
      'past_due',
    ]);
  }

  verifyEvent(): never {
    throw new WebhookSignatureError('Test mode receives no webhooks');
  }

  /**
   * The customer pays on the test checkout page: the subscription starts now and its first period is charged —
   * or, for a company paying during its trial, it is 'trialing' until the trial's end and charged then.
   */
  async createSubscription(trx: Database, checkout: TestModeCheckout, now: Date): Promise<string> {
    const id = newId('tm_sub');
    const trialing = checkout.trial_end !== null && checkout.trial_end > now;
    const start = trialing ? (checkout.trial_end as Date) : now;
    await insertTestModeSubscription(trx, {
      id,
      customer_id: checkout.customer_id,
      status: trialing ? 'trialing' : 'active',
      billing: checkout.billing,
      admin_seats: checkout.admin_seats,
      broker_seats: checkout.broker_seats,
      company_finder: checkout.company_finder,
      client_data: checkout.client_data,
      trial_end: trialing ? checkout.trial_end : null,
      current_period_start: now,
      current_period_end: trialing ? start : addPeriod(now, checkout.billing),
      created_at: now,
    });
    if (!trialing) {
      const row = await testModeSubscription(trx, id);
      if (!row) throw new Error(`No such subscription: ${id}`);
      await invoice(trx, id, planTotalPence(planOf(row)), 'First period', now);
    }
    return id;
  }

  /**
   * What Stripe does at the end of each paid period, for test mode: a subscription set to cancel ends, any other
   * renews for another period. Returns the subscriptions that changed (their events are then applied).
   */
  async endPeriods(trx: Database, now: Date): Promise<{ id: string; customerId: string; ended: boolean }[]> {
    const due = await dueTestModeSubscriptionsOfAllCompanies(trx, now);
    for (const sub of due) {
      if (sub.cancel_at_period_end) {
        await updateTestModeSubscription(trx, sub.id, { status: 'canceled', canceled_at: sub.current_period_end });
        continue;
      }
      // Each period that began is charged, the first one after a trial included; a scheduled switch of billing
      // period is made at the first of them, at the new period's price.
      const billing = sub.switch_to_billing ?? sub.billing;
      const plan = planOf({ ...sub, billing });
      let start = sub.current_period_end;
      let end = addPeriod(start, billing);
      await invoice(trx, sub.id, planTotalPence(plan), sub.status === 'trialing' ? 'First period' : 'Renewal', start);
      while (end <= now) {
        start = end;
        end = addPeriod(end, billing);
        await invoice(trx, sub.id, planTotalPence(plan), 'Renewal', start);
      }
      await updateTestModeSubscription(trx, sub.id, {
        status: sub.status === 'trialing' ? 'active' : sub.status,
        billing,
        switch_to_billing: null,
        current_period_start: start,
        current_period_end: end,
        trial_end: null,
      });
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
  trial_end: Date | null;
}
