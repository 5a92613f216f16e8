import type { CancellationReason } from '@pippitch/shared/cancellation';
import { ADDONS } from '@pippitch/shared/pricing';
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
import { ADDON_PRODUCTS, type Catalog, ensureCatalog, SEAT_PRODUCT } from './catalog';
import { ADMIN_SEATS_METADATA, eventIds, subscriptionState } from './transform';

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
      { name: company.name, email: company.email, metadata: { company_id: company.id } },
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
      company_id: request.companyId,
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
      subscription_data: { metadata },
      metadata,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error('No checkout URL received');
    return { url: session.url, sessionId: session.id };
  }

  async readSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
    try {
      return subscriptionState(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw err;
    }
  }

  async changeSubscription(subscriptionId: string, change: SubscriptionChange): Promise<ChangeResult> {
    const catalog = await this.prices();
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
    const state = subscriptionState(sub);
    const seats = change.seats
      ? change.seats.adminSeats + change.seats.brokerSeats
      : state.adminSeats + state.brokerSeats;
    const itemOf = (productId: string) =>
      sub.items.data.find(
        (i) => (typeof i.price.product === 'string' ? i.price.product : i.price.product.id) === productId,
      );
    const items: Stripe.SubscriptionUpdateParams.Item[] = [];
    const seatItem = itemOf(SEAT_PRODUCT.id);
    if (seatItem) items.push({ id: seatItem.id, quantity: seats });
    const addons = { ...state.addons, ...change.addons };
    for (const { key } of ADDONS) {
      const existing = itemOf(ADDON_PRODUCTS[key].id);
      if (addons[key] && existing) items.push({ id: existing.id, quantity: seats });
      else if (addons[key]) {
        items.push({ price: catalog.addons[key][state.billing], quantity: seats, tax_rates: [catalog.vatRate] });
      } else if (existing) items.push({ id: existing.id, deleted: true });
    }
    const updated = await this.stripe.subscriptions.update(subscriptionId, {
      items,
      metadata: { [ADMIN_SEATS_METADATA]: String(change.seats?.adminSeats ?? state.adminSeats) },
      // Added seats and add-ons are invoiced at once, prorated, and take effect only once that invoice is paid
      // (a pending update); reductions take effect without a refund.
      proration_behavior: change.charge === 'now' ? 'always_invoice' : 'none',
      ...(change.charge === 'now' && { payment_behavior: 'pending_if_incomplete' as const }),
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice;
    if (change.charge === 'now' && invoice && typeof invoice !== 'string' && invoice.status === 'open') {
      if (invoice.hosted_invoice_url) return { status: 'requires_payment', url: invoice.hosted_invoice_url };
    }
    return { status: 'done' };
  }

  async cancel(subscriptionId: string, how: { atPeriodEnd: boolean; reason: CancellationReason; feedback: string }) {
    const cancellation_details = { comment: how.feedback || null, feedback: STRIPE_FEEDBACK[how.reason] };
    if (how.atPeriodEnd) {
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

  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    try {
      return eventIds(this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret));
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
  }
}

/** Our reasons in Stripe's own cancellation feedback vocabulary (the words stay in the comment and our row). */
const STRIPE_FEEDBACK: Record<CancellationReason, Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback> = {
  too_expensive: 'too_expensive',
  not_using: 'unused',
  missing_features: 'missing_features',
  found_alternative: 'switched_service',
  temporary: 'other',
  other: 'other',
};
