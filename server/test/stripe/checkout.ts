/**
 * The local Stripe's checkout sessions: created by the product, expired by it, and completed when the customer
 * pays on the hosted page — which creates the subscription (with its trial, if any) and charges the first period.
 */
import type Stripe from 'stripe';
import type { InvoiceApi } from './invoices';
import { fullPeriodCharge } from './subscription-items';
import { addInterval, fixture, type Obj, publicView, type Route, StripeApiError, unix, type World } from './world';

export function checkoutApi(world: World, invoicing: InvoiceApi) {
  const { checkoutSessions, customers, prices, taxRates, subscriptions, newId, raise, get } = world;

  const routes: Route[] = [
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, body) => {
        get(customers, body.customer as string, 'customer');
        const lineItems = (body.line_items as Obj[]).map((li) => ({
          price: get(prices, li.price as string, 'price'),
          quantity: Number(li.quantity),
          tax_rates: ((li.tax_rates as string[] | undefined) ?? []).map((id) => get(taxRates, id, 'tax rate')),
        }));
        const id = newId('cs_test');
        const session = {
          ...fixture('checkout.session'),
          id,
          mode: body.mode,
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          url: `${world.url()}/pay/${id}`,
          // Kept for completeCheckout; Stripe keeps them too (listLineItems).
          _line_items: lineItems,
          _subscription_data: body.subscription_data ?? {},
        };
        checkoutSessions.set(id, session);
        return session;
      },
    ],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, ([, id]) => get(checkoutSessions, id as string, 'checkout session')],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ([, id]) => {
        const session = get(checkoutSessions, id as string, 'checkout session');
        if (session.status !== 'open') {
          throw new StripeApiError(
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired.`,
            'checkout_session_not_open',
          );
        }
        Object.assign(session, { status: 'expired' });
        raise('checkout.session.expired', publicView(session), new Date());
        return session;
      },
    ],
  ];

  function subscriptionFrom(session: Obj, now: Date): Obj {
    const id = newId('sub');
    const trialEnd = Number((session._subscription_data as Obj).trial_end ?? 0) || null;
    const items = (session._line_items as { price: Obj; quantity: number; tax_rates: Obj[] }[]).map((li) => {
      const interval = (li.price.recurring as Obj).interval;
      return {
        ...fixture('subscription_item'),
        id: newId('si'),
        subscription: id,
        price: li.price,
        plan: null,
        quantity: li.quantity,
        tax_rates: li.tax_rates,
        current_period_start: unix(now),
        // A trial's first period runs to the trial's end (Stripe's trial_end), charged then.
        current_period_end: trialEnd ?? unix(addInterval(now, interval as string)),
      };
    });
    return {
      ...fixture('subscription'),
      id,
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      created: unix(now),
      start_date: unix(now),
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_end: trialEnd,
      trial_start: trialEnd ? unix(now) : null,
      currency: 'gbp',
      metadata: ((session._subscription_data as Obj).metadata as Obj) ?? {},
      items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    };
  }

  return {
    routes,
    completeCheckout(sessionId: string, now: Date): Stripe.Event[] {
      const session = get(checkoutSessions, sessionId, 'checkout session');
      if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}`);
      const sub = subscriptionFrom(session, now);
      subscriptions.set(sub.id as string, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      const invoice = invoicing.newInvoice(sub, 'paid', sub.status === 'trialing' ? 0 : fullPeriodCharge(sub));
      return [
        raise('checkout.session.completed', publicView(session), now),
        raise('customer.subscription.created', sub, now),
        raise('invoice.paid', invoice, now),
      ];
    },
  };
}
