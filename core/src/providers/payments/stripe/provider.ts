import type { CancellationReason } from '@pippitch/shared/cancellation';
import { ADDONS, type Billing } from '@pippitch/shared/pricing';
import Stripe from 'stripe';
import type {
  ChangeResult,
  CheckoutRequest,
  PaymentProvider,
  ProviderEvent,
  SubscriptionChange,
  SubscriptionState,
} from '../types';
import { WebhookSignatureError } from '../types';
import { releaseSchedule, writeBillingSwitch } from './billing-switch';
import { ADDON_PRODUCTS, type Catalog, ensureCatalog, SEAT_PRODUCT } from './catalog';
import { ADMIN_SEATS_METADATA, COMPANY_METADATA, eventIds, subscriptionState } from './transform';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (tests: the local Stripe server), e.g. http://127.0.0.1:12111. */
  apiUrl?: string | undefined;
}

export function stripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** Stripe Checkout and Billing. The catalog (prices, VAT) is made sure of once, on first use. */
export class StripePayments implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;
  private catalog: Promise<Catalog> | null = null;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = stripeClient(settings);
  }

  prices(): Promise<Catalog> {
    if (!this.catalog) {
      this.catalog = ensureCatalog(this.stripe);
      // A failed attempt (Stripe unreachable) is retried on the next use rather than remembered.
      this.catalog.catch(() => {
        this.catalog = null;
      });
    }
    return this.catalog;
  }

  async ensureCustomer(company: { id: string; name: string; email: string; customerId: string | null }) {
    if (company.customerId) return company.customerId;
    const customer = await this.stripe.customers.create(
      { name: company.name, email: company.email, metadata: { [COMPANY_METADATA]: company.id } },
      // Two clicks on 'Proceed to Payment' create one customer.
      { idempotencyKey: `customer-${company.id}` },
    );
    return customer.id;
  }

  async startCheckout(request: CheckoutRequest) {
    const catalog = await this.prices();
    const seats = request.adminSeats + request.brokerSeats;
    const addonItems = (Object.keys(request.addons) as (keyof typeof request.addons)[])
      .filter((key) => request.addons[key])
      .map((key) => ({ price: catalog.addons[key][request.billing], quantity: seats, tax_rates: [catalog.vatRate] }));
    const metadata = {
      [COMPANY_METADATA]: request.companyId,
      [ADMIN_SEATS_METADATA]: String(request.adminSeats),
      reactivation: String(request.reactivation),
    };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: request.customerId,
      client_reference_id: request.companyId,
      line_items: [
        { price: catalog.seat[request.billing], quantity: seats, tax_rates: [catalog.vatRate] },
        ...addonItems,
      ],
      // Paying during the trial keeps its remaining days: the first charge falls on the trial's end.
      subscription_data: { metadata, ...(request.trialEnd && { trial_end: unix(request.trialEnd) }) },
      metadata,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error('No checkout URL received');
    return { url: session.url, sessionId: session.id };
  }

  async readSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
    try {
      // With its schedule: a switch of billing period waiting for the renewal is part of what we mirror.
      return subscriptionState(await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] }));
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw err;
    }
  }

  /** The item changes for a seat, add-on or billing period change (the same list for the preview and the change). */
  private async itemChanges(sub: Stripe.Subscription, change: SubscriptionChange) {
    const catalog = await this.prices();
    const state = subscriptionState(sub);
    const billing = change.billing ?? state.billing;
    const switching = billing !== state.billing;
    const seats = change.seats
      ? change.seats.adminSeats + change.seats.brokerSeats
      : state.adminSeats + state.brokerSeats;
    const itemOf = (productId: string) =>
      sub.items.data.find(
        (i) => (typeof i.price.product === 'string' ? i.price.product : i.price.product.id) === productId,
      );
    const items: Stripe.SubscriptionUpdateParams.Item[] = [];
    const seatItem = itemOf(SEAT_PRODUCT.id);
    if (seatItem) items.push({ id: seatItem.id, quantity: seats, ...(switching && { price: catalog.seat[billing] }) });
    const addons = { ...state.addons, ...change.addons };
    for (const { key } of ADDONS) {
      const existing = itemOf(ADDON_PRODUCTS[key].id);
      if (addons[key] && existing) {
        items.push({ id: existing.id, quantity: seats, ...(switching && { price: catalog.addons[key][billing] }) });
      } else if (addons[key]) {
        items.push({ price: catalog.addons[key][billing], quantity: seats, tax_rates: [catalog.vatRate] });
      } else if (existing) items.push({ id: existing.id, deleted: true });
    }
    return { items, state };
  }

  async previewChange(subscriptionId: string, change: SubscriptionChange & { prorationDate: Date }) {
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
    const { items } = await this.itemChanges(sub, change);
    if (change.charge !== 'now') return { amountDue: 0 };
    const preview = await this.stripe.invoices.createPreview({
      customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
      subscription: subscriptionId,
      subscription_details: {
        items: items as Stripe.InvoiceCreatePreviewParams.SubscriptionDetails.Item[],
        proration_behavior: 'always_invoice',
        proration_date: unix(change.prorationDate),
      },
    });
    return { amountDue: preview.amount_due };
  }

  async changeSubscription(subscriptionId: string, change: SubscriptionChange): Promise<ChangeResult> {
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] });
    const { items, state } = await this.itemChanges(sub, change);
    // A switch of billing period waiting for the renewal is let go, the change made, and the switch written again
    // from the changed subscription, so the renewal carries the new seats and add-ons.
    const waitingSwitch = state.billingSwitch;
    await releaseSchedule(this.stripe, sub);
    const adminSeats = change.seats?.adminSeats ?? state.adminSeats;
    const split =
      String(adminSeats) !== sub.metadata?.[ADMIN_SEATS_METADATA]
        ? { [ADMIN_SEATS_METADATA]: String(adminSeats) }
        : null;
    const pendingUpdate = change.charge === 'now';
    if (split && pendingUpdate) {
      // A pending update (below) may not carry metadata, so the seat split is written on its own first.
      await this.stripe.subscriptions.update(subscriptionId, { metadata: split });
    }
    const updated = await this.stripe.subscriptions.update(subscriptionId, {
      items,
      // Otherwise the split goes with the items: one call and one event instead of two.
      ...(split && !pendingUpdate && { metadata: split }),
      // Added seats and add-ons, and a switch to annual, are invoiced at once, prorated at the moment the
      // customer was shown, and take effect only once that invoice is paid (a pending update); reductions take
      // effect without a refund.
      proration_behavior: change.charge === 'now' ? 'always_invoice' : 'none',
      ...(change.charge === 'now' && { payment_behavior: 'pending_if_incomplete' as const }),
      ...(change.charge === 'now' && change.prorationDate && { proration_date: unix(change.prorationDate) }),
      expand: ['latest_invoice'],
    });
    if (waitingSwitch) await this.scheduleBillingSwitch(subscriptionId, waitingSwitch.billing);
    const invoice = updated.latest_invoice;
    if (change.charge === 'now' && invoice && typeof invoice !== 'string' && invoice.status === 'open') {
      if (invoice.hosted_invoice_url) return { status: 'requires_payment', url: invoice.hosted_invoice_url };
    }
    return { status: 'done' };
  }

  async openSubscriptions(customerId: string): Promise<SubscriptionState[]> {
    const list = await this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
    return list.data.filter((s) => !['canceled', 'incomplete_expired'].includes(s.status)).map(subscriptionState);
  }

  async expireCheckout(sessionId: string): Promise<'expired' | 'complete'> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'complete') return 'complete';
    if (session.status === 'open') {
      try {
        await this.stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Paid between the two calls: Stripe refuses to expire a completed session.
        if ((await this.stripe.checkout.sessions.retrieve(sessionId)).status === 'complete') return 'complete';
        throw err;
      }
    }
    return 'expired';
  }

  async cancel(subscriptionId: string, how: { atPeriodEnd: boolean; reason: CancellationReason; feedback: string }) {
    const cancellation_details = { comment: how.feedback || null, feedback: STRIPE_FEEDBACK[how.reason] };
    if (how.atPeriodEnd) {
      // Stripe refuses a cancellation on a subscription its schedule manages; a plan that ends switches nothing.
      await releaseSchedule(this.stripe, await this.stripe.subscriptions.retrieve(subscriptionId));
      await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true, cancellation_details });
    } else {
      // Annual plans end at once without a refund (design.md §3).
      await this.stripe.subscriptions.cancel(subscriptionId, {
        prorate: false,
        invoice_now: false,
        cancellation_details,
      });
    }
  }

  async resume(subscriptionId: string) {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
  }

  async scheduleBillingSwitch(subscriptionId: string, billing: Billing) {
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
    await writeBillingSwitch(this.stripe, await this.prices(), sub, billing);
  }

  async cancelBillingSwitch(subscriptionId: string) {
    await releaseSchedule(this.stripe, await this.stripe.subscriptions.retrieve(subscriptionId));
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    try {
      return eventIds(this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret));
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
  }
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Our reasons in Stripe's own cancellation feedback vocabulary (the words stay in the comment and our row). */
const STRIPE_FEEDBACK: Record<CancellationReason, Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback> = {
  too_expensive: 'too_expensive',
  not_using: 'unused',
  missing_features: 'missing_features',
  found_alternative: 'switched_service',
  temporary: 'other',
  other: 'other',
};
