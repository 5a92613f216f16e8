/**
 * A local stand-in for Stripe's API, for tests: the real `stripe` SDK talks to it over HTTP with form-encoded
 * requests, and it answers with JSON objects that start from Stripe's own published examples (fixtures.json),
 * overriding ids, amounts and states. It keeps what the product creates (products, prices, tax rates,
 * customers, checkout sessions, subscriptions) and, like Stripe, raises events when a checkout completes or a
 * subscription changes; tests deliver them to the product's webhook signed with the SDK's own test header.
 * Only the far end is replaced: nothing of the product is mocked. This file wires the resources (one file each:
 * catalog, customers, checkout, subscriptions, schedules, invoices, webhooks) to the HTTP side (http.ts).
 */
import type Stripe from 'stripe';
import { catalogRoutes } from './catalog';
import { checkoutApi } from './checkout';
import { customerRoutes } from './customers';
import { serve } from './http';
import { invoiceApi } from './invoices';
import { scheduleApi } from './schedules';
import { subscriptionApi } from './subscriptions';
import { signed, TEST_WEBHOOK_SECRET } from './webhooks';
import { createWorld, fixture, type Obj, StripeApiError } from './world';

export { parseForm, TEST_SECRET_KEY } from './http';
export { TEST_WEBHOOK_SECRET };

export interface LocalStripe {
  url: string;
  /** Every event raised so far, oldest first. */
  events: Stripe.Event[];
  subscriptions: Map<string, Obj>;
  checkoutSessions: Map<string, Obj>;
  prices: Map<string, Obj>;
  customers: Map<string, Obj>;
  /** While true every API request fails with a 500, as during a Stripe incident. */
  failing: boolean;
  /** The next prorated invoice is not paid at once (the card needs the customer): it stays open. */
  declineNextInvoice: boolean;
  /** The customer pays an open invoice on its hosted page: a pending update is applied and events raised. */
  payInvoice(invoiceId: string, now: Date): Stripe.Event[];
  /** Every invoice, by id: what was charged (amount_due, pence with VAT) and whether it was paid. */
  invoices: Map<string, Obj>;
  /** Requests received, for assertions ('POST /v1/checkout/sessions'). */
  requests: string[];
  /** The customer pays on the hosted page: a subscription is created and its events raised. */
  completeCheckout(sessionId: string, now: Date): Stripe.Event[];
  /** A change made in Stripe (dashboard, dunning, period end): the subscription is updated and an event raised. */
  changeSubscription(id: string, change: Obj, now: Date): Stripe.Event;
  /** A renewal payment fails: the subscription goes past due and Stripe says so with invoice.payment_failed. */
  failRenewal(subscriptionId: string, now: Date): Stripe.Event;
  /**
   * Stripe's clock reaches `now` for a subscription (a test clock advanced): each period that ended is renewed
   * and charged in full, a schedule's next phase taking effect first; a cancellation at period end ends it.
   */
  advanceTo(subscriptionId: string, now: Date): Stripe.Event[];
  /** Subscription schedules by id. */
  schedules: Map<string, Obj>;
  /** The webhook request Stripe would send for an event: body and Stripe-Signature header. */
  signed(event: Stripe.Event, secret?: string): { body: string; signature: string };
  close(): Promise<void>;
}

export async function startLocalStripe(): Promise<LocalStripe> {
  let url = '';
  const world = createWorld(() => url);
  const scheduling = scheduleApi({
    ...world,
    fail: (status, message, code) => {
      throw new StripeApiError(status, message, code);
    },
    subscriptionItem: (sub, fields) => ({
      ...fixture('subscription_item'),
      id: world.newId('si'),
      subscription: sub.id,
      plan: null,
      ...fields,
    }),
  });
  const invoicing = invoiceApi(world);
  const checkout = checkoutApi(world, invoicing);
  const subscribing = subscriptionApi(world, invoicing, scheduling);
  const requests: string[] = [];
  const server = serve(
    world,
    [
      ...scheduling.routes,
      ...catalogRoutes(world),
      ...customerRoutes(world),
      ...checkout.routes,
      ...invoicing.routes,
      ...subscribing.routes,
    ],
    requests,
  );
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const { switches } = world;
  return {
    url,
    events: world.events,
    subscriptions: world.subscriptions,
    checkoutSessions: world.checkoutSessions,
    prices: world.prices,
    customers: world.customers,
    invoices: world.invoices,
    schedules: scheduling.schedules,
    requests,
    get failing() {
      return switches.failing;
    },
    set failing(on) {
      switches.failing = on;
    },
    get declineNextInvoice() {
      return switches.declineNextInvoice;
    },
    set declineNextInvoice(on) {
      switches.declineNextInvoice = on;
    },
    payInvoice: invoicing.payInvoice,
    completeCheckout: checkout.completeCheckout,
    changeSubscription: subscribing.changeSubscription,
    failRenewal: subscribing.failRenewal,
    advanceTo: subscribing.advanceTo,
    signed,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
