/**
 * The local Stripe's subscriptions: read, listed, updated (items, prorations invoiced at once or kept pending
 * until paid, cancellation at period end), cancelled; and what happens to them in Stripe without the product
 * asking — a change in the dashboard, a failed renewal, the clock reaching the end of a period.
 */
import type Stripe from 'stripe';
import type { InvoiceApi } from './invoices';
import type { scheduleApi } from './schedules';
import { applyItems, fullPeriodCharge, itemsOf, prorate, setPeriod } from './subscription-items';
import { list, type Obj, type Route, unix, type World } from './world';

export function subscriptionApi(world: World, invoicing: InvoiceApi, scheduling: ReturnType<typeof scheduleApi>) {
  const { subscriptions, invoices, pending, switches, raise, get } = world;
  const expands = (query: URLSearchParams, field: string) =>
    [...query.entries()].some(([k, v]) => /^expand\[\d*\]$/.test(k) && v === field);

  const routes: Route[] = [
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([, id], _b, query) => {
        const sub = get(subscriptions, id as string, 'subscription');
        return expands(query, 'schedule') ? scheduling.expanded(sub) : sub;
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (_m, _b, query) => {
        const customer = query.get('customer');
        const status = query.get('status');
        const found = [...subscriptions.values()].filter(
          (sub) =>
            (!customer || sub.customer === customer) &&
            (status === 'all' || (status ? sub.status === status : sub.status !== 'canceled')),
        );
        return list(found, '/v1/subscriptions');
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([, id], body, query) => {
        const sub = get(subscriptions, id as string, 'subscription');
        const now = new Date();
        if (body.cancel_at_period_end !== undefined || body.cancel_at !== undefined) {
          scheduling.refuseManagedCancellation(sub);
        }
        const itemChanges = body.items as Obj[] | undefined;
        const invoiceNow = body.proration_behavior === 'always_invoice';
        const at = body.proration_date ? new Date(Number(body.proration_date) * 1000) : now;
        const proration = invoiceNow ? prorate(world, sub, itemChanges ?? [], at) : null;
        const pendingIfIncomplete = body.payment_behavior === 'pending_if_incomplete';
        const apply = () => {
          if (itemChanges) applyItems(world, sub, itemChanges);
          if (proration?.newPeriod) setPeriod(sub, at);
          if (body.metadata) sub.metadata = { ...(sub.metadata as Obj), ...(body.metadata as Obj) };
        };
        let invoice: Obj | null = null;
        if (invoiceNow && proration) {
          invoice = invoicing.newInvoice(sub, switches.declineNextInvoice ? 'open' : 'paid', proration.amountDue);
          if (switches.declineNextInvoice && pendingIfIncomplete) {
            // Stripe keeps the change aside until the invoice is paid.
            pending.set(invoice.id as string, { subscription: sub.id as string, apply });
            sub.pending_update = {
              expires_at: Math.floor(now.getTime() / 1000) + 82_800,
              subscription_items: itemChanges ?? [],
            };
          } else apply();
          switches.declineNextInvoice = false;
        } else apply();
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        if (body.cancellation_details) sub.cancellation_details = body.cancellation_details;
        sub.latest_invoice = invoice ? invoice.id : (sub.latest_invoice ?? null);
        raise('customer.subscription.updated', sub, now);
        const expanded =
          query.getAll('expand[]').includes('latest_invoice') ||
          (body.expand as string[] | undefined)?.includes('latest_invoice');
        return expanded && invoice ? { ...sub, latest_invoice: invoice } : sub;
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([, id], body) => {
        const sub = get(subscriptions, id as string, 'subscription');
        const now = new Date();
        Object.assign(sub, {
          status: 'canceled',
          canceled_at: Math.floor(now.getTime() / 1000),
          ended_at: Math.floor(now.getTime() / 1000),
          cancellation_details: body.cancellation_details ?? null,
        });
        scheduling.canceled(sub, now);
        raise('customer.subscription.deleted', sub, now);
        return sub;
      },
    ],
  ];

  return {
    routes,
    changeSubscription(id: string, change: Obj, now: Date): Stripe.Event {
      const sub = get(subscriptions, id, 'subscription');
      Object.assign(sub, change);
      return raise(
        sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
        sub,
        now,
      );
    },
    advanceTo(subscriptionId: string, now: Date): Stripe.Event[] {
      const sub = get(subscriptions, subscriptionId, 'subscription');
      const out: Stripe.Event[] = [];
      const periodEnd = () => (itemsOf(sub)[0] as Obj).current_period_end as number;
      while (['active', 'trialing', 'past_due'].includes(sub.status as string) && periodEnd() <= unix(now)) {
        const end = periodEnd();
        if (sub.cancel_at_period_end) {
          Object.assign(sub, { status: 'canceled', canceled_at: end, ended_at: end });
          out.push(...scheduling.canceled(sub, now), raise('customer.subscription.deleted', sub, now));
          break;
        }
        out.push(...scheduling.atPeriodEnd(sub, end, now));
        setPeriod(sub, new Date(end * 1000));
        if (sub.status === 'trialing') sub.status = 'active';
        const invoice: Obj = {
          ...invoicing.newInvoice(sub, 'paid', fullPeriodCharge(sub)),
          billing_reason: 'subscription_cycle',
        };
        invoices.set(invoice.id as string, invoice);
        sub.latest_invoice = invoice.id;
        out.push(raise('customer.subscription.updated', sub, now), raise('invoice.paid', invoice, now));
      }
      return out;
    },
    failRenewal(subscriptionId: string, now: Date): Stripe.Event {
      const sub = get(subscriptions, subscriptionId, 'subscription');
      sub.status = 'past_due';
      return raise('invoice.payment_failed', invoicing.newInvoice(sub, 'open'), now);
    },
  };
}
