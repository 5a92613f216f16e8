import Stripe from 'stripe';
import type { CheckoutRequest, PaymentProvider, ProviderEvent, SubscriptionState } from '../types';
import { WebhookSignatureError } from '../types';
import { type Catalog, ensureCatalog } from './catalog';
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

  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    try {
      return eventIds(this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret));
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
  }
}
