/**
 * The local Stripe's invoices: one per charge (first payment, proration, renewal, failed renewal), the preview of
 * a change's proration, and the customer paying an open invoice on its hosted page — which applies a change kept
 * pending until then.
 */
import type Stripe from 'stripe';
import { prorate } from './subscription-items';
import { fixture, type Obj, type Route, type World } from './world';

export function invoiceApi(world: World) {
  const { invoices, subscriptions, pending, newId, raise, get } = world;

  function newInvoice(sub: Obj, status: 'paid' | 'open', amountDue = 0): Obj {
    const id = newId('in');
    const invoice = {
      ...fixture('invoice'),
      id,
      customer: sub.customer,
      status,
      amount_due: amountDue,
      amount_paid: status === 'paid' ? amountDue : 0,
      hosted_invoice_url: `${world.url()}/invoice/${id}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
    };
    invoices.set(id, invoice);
    return invoice;
  }

  const routes: Route[] = [
    [
      'POST',
      /^\/v1\/invoices\/create_preview$/,
      (_m, body) => {
        const sub = get(subscriptions, body.subscription as string, 'subscription');
        const details = (body.subscription_details ?? {}) as Obj;
        const at = details.proration_date ? new Date(Number(details.proration_date) * 1000) : new Date();
        const { amountDue } = prorate(world, sub, (details.items as Obj[]) ?? [], at);
        return {
          ...fixture('invoice'),
          id: null,
          object: 'invoice',
          status: 'draft',
          amount_due: amountDue,
          customer: sub.customer,
        };
      },
    ],
  ];

  return {
    routes,
    newInvoice,
    payInvoice(invoiceId: string, now: Date): Stripe.Event[] {
      const invoice = get(invoices, invoiceId, 'invoice');
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      const waiting = pending.get(invoiceId);
      const out = [raise('invoice.paid', invoice, now)];
      if (waiting) {
        pending.delete(invoiceId);
        waiting.apply();
        const sub = get(subscriptions, waiting.subscription, 'subscription');
        sub.pending_update = null;
        out.push(raise('customer.subscription.updated', sub, now));
      }
      return out;
    },
  };
}

export type InvoiceApi = ReturnType<typeof invoiceApi>;
