/**
 * A local stand-in for Stripe's API, for tests: the real `stripe` SDK talks to it over HTTP with form-encoded
 * requests, and it answers with JSON objects that start from Stripe's own published examples (fixtures.json),
 * overriding ids, amounts and states. It keeps what the product creates (products, prices, tax rates,
 * customers, checkout sessions, subscriptions) and, like Stripe, raises events when a checkout completes or a
 * subscription changes; tests deliver them to the product's webhook signed with the SDK's own test header.
 * Only the far end is replaced: nothing of the product is mocked.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { scheduleApi } from './schedules';

type Obj = Record<string, unknown>;
const FIXTURES = (JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as { resources: Obj })
  .resources;
const fixture = (name: string): Obj => structuredClone(FIXTURES[name] as Obj);

export const TEST_SECRET_KEY = 'sk_test_pippitch_local';
export const TEST_WEBHOOK_SECRET = 'whsec_pippitch_local';

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'resource_missing',
  ) {
    super(message);
  }
}

/** Stripe's form encoding: `a[b][0][c]=1` → { a: { b: [ { c: '1' } ] } }. */
export function parseForm(body: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((p, i) => p !== '' || i === 0);
    let node: Obj | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] ?? '');
      const key = Array.isArray(node) && part === '' ? node.length : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Obj | unknown[];
      }
    });
  }
  return root;
}

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
  const products = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const taxRates = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const checkoutSessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const idempotent = new Map<string, string>();
  const events: Stripe.Event[] = [];
  const requests: string[] = [];
  let url = '';

  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const unix = (d: Date) => Math.floor(d.getTime() / 1000);
  const list = (data: Obj[], path: string) => ({ object: 'list', data, has_more: false, url: path });
  const get = <T>(map: Map<string, T>, id: string, what: string): T => {
    const found = map.get(id);
    if (!found) throw new StripeApiError(404, `No such ${what}: '${id}'`);
    return found;
  };

  function raise(type: string, object: Obj, now: Date): Stripe.Event {
    const event = {
      ...fixture('event'),
      id: newId('evt'),
      type,
      created: unix(now),
      livemode: false,
      data: { object: structuredClone(object) },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    } as unknown as Stripe.Event;
    events.push(event);
    return event;
  }

  const scheduling = scheduleApi({
    subscriptions,
    prices,
    taxRates,
    newId,
    raise,
    get,
    fail: (status, message, code) => {
      throw new StripeApiError(status, message, code);
    },
    subscriptionItem: (sub, fields) => ({
      ...fixture('subscription_item'),
      id: newId('si'),
      subscription: sub.id,
      plan: null,
      ...fields,
    }),
  });
  const expands = (query: URLSearchParams, field: string) =>
    [...query.entries()].some(([k, v]) => /^expand\[\d*\]$/.test(k) && v === field);

  const routes: [string, RegExp, (m: RegExpMatchArray, body: Obj, query: URLSearchParams) => Obj][] = [
    ...scheduling.routes,
    ['GET', /^\/v1\/products\/([^/]+)$/, ([, id]) => get(products, id as string, 'product')],
    [
      'POST',
      /^\/v1\/products$/,
      (_m, body) => {
        const id = (body.id as string) ?? newId('prod');
        if (products.has(id)) throw new StripeApiError(400, `Product already exists.`, 'resource_already_exists');
        const product = {
          ...fixture('product'),
          id,
          name: body.name,
          metadata: body.metadata ?? {},
          tax_code: body.tax_code ?? null,
        };
        products.set(id, product);
        return product;
      },
    ],
    [
      'GET',
      /^\/v1\/prices$/,
      (_m, _b, query) => {
        const keys = query
          .getAll('lookup_keys[]')
          .concat([...query.keys()].filter((k) => /^lookup_keys\[\d+\]$/.test(k)).map((k) => query.get(k) as string));
        return list(
          [...prices.values()].filter((p) => keys.length === 0 || keys.includes(p.lookup_key as string)),
          '/v1/prices',
        );
      },
    ],
    [
      'POST',
      /^\/v1\/prices$/,
      (_m, body) => {
        get(products, body.product as string, 'product');
        const tiers = (body.tiers as Obj[] | undefined)?.map((t) => ({
          up_to: t.up_to === 'inf' ? null : Number(t.up_to),
          unit_amount: Number(t.unit_amount),
          unit_amount_decimal: String(t.unit_amount),
          flat_amount: null,
          flat_amount_decimal: null,
        }));
        const price = {
          ...fixture('price'),
          id: newId('price'),
          currency: body.currency,
          product: body.product,
          lookup_key: body.lookup_key ?? null,
          recurring: { ...(fixture('price').recurring as Obj), interval: (body.recurring as Obj).interval },
          tax_behavior: body.tax_behavior ?? 'unspecified',
          billing_scheme: body.billing_scheme ?? 'per_unit',
          tiers_mode: body.tiers_mode ?? null,
          tiers: tiers ?? null,
          unit_amount: body.unit_amount === undefined ? null : Number(body.unit_amount),
          unit_amount_decimal: body.unit_amount === undefined ? null : String(body.unit_amount),
          transform_quantity: null,
        };
        prices.set(price.id, price);
        return price;
      },
    ],
    ['GET', /^\/v1\/tax_rates$/, () => list([...taxRates.values()], '/v1/tax_rates')],
    [
      'POST',
      /^\/v1\/tax_rates$/,
      (_m, body) => {
        const rate = {
          ...fixture('tax_rate'),
          id: newId('txr'),
          display_name: body.display_name,
          percentage: Number(body.percentage),
          inclusive: body.inclusive === 'true',
          country: body.country ?? null,
          jurisdiction: body.jurisdiction ?? null,
          metadata: body.metadata ?? {},
          active: true,
        };
        taxRates.set(rate.id, rate);
        return rate;
      },
    ],
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, body) => {
        const customer = {
          ...fixture('customer'),
          id: newId('cus'),
          name: body.name ?? null,
          email: body.email ?? null,
          metadata: body.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return customer;
      },
    ],
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
          url: `${url}/pay/${id}`,
          // Kept for completeCheckout; Stripe keeps them too (listLineItems).
          _line_items: lineItems,
          _subscription_data: body.subscription_data ?? {},
        };
        checkoutSessions.set(id, session);
        return session;
      },
    ],
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
    [
      'POST',
      /^\/v1\/invoices\/create_preview$/,
      (_m, body) => {
        const sub = get(subscriptions, body.subscription as string, 'subscription');
        const details = (body.subscription_details ?? {}) as Obj;
        const at = details.proration_date ? new Date(Number(details.proration_date) * 1000) : new Date();
        const { amountDue } = prorate(sub, (details.items as Obj[]) ?? [], at);
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
        const proration = invoiceNow ? prorate(sub, itemChanges ?? [], at) : null;
        const pendingIfIncomplete = body.payment_behavior === 'pending_if_incomplete';
        const apply = () => {
          if (itemChanges) applyItems(sub, itemChanges);
          if (proration?.newPeriod) setPeriod(sub, at);
          if (body.metadata) sub.metadata = { ...(sub.metadata as Obj), ...(body.metadata as Obj) };
        };
        let invoice: Obj | null = null;
        if (invoiceNow && proration) {
          invoice = newInvoice(sub, local.declineNextInvoice ? 'open' : 'paid', proration.amountDue);
          if (local.declineNextInvoice && pendingIfIncomplete) {
            // Stripe keeps the change aside until the invoice is paid.
            pending.set(invoice.id as string, { subscription: sub.id as string, apply });
            sub.pending_update = {
              expires_at: Math.floor(now.getTime() / 1000) + 82_800,
              subscription_items: itemChanges ?? [],
            };
          } else apply();
          local.declineNextInvoice = false;
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

  const pending = new Map<string, { subscription: string; apply: () => void }>();
  const invoices = new Map<string, Obj>();

  function newInvoice(sub: Obj, status: 'paid' | 'open', amountDue = 0): Obj {
    const id = newId('in');
    const invoice = {
      ...fixture('invoice'),
      id,
      customer: sub.customer,
      status,
      amount_due: amountDue,
      amount_paid: status === 'paid' ? amountDue : 0,
      hosted_invoice_url: `${url}/invoice/${id}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
    };
    invoices.set(id, invoice);
    return invoice;
  }

  function applyItems(sub: Obj, changes: Obj[]): void {
    const list = sub.items as { data: Obj[] };
    for (const change of changes) {
      const existing = list.data.find((i) => i.id === change.id);
      if (existing && change.deleted === 'true') list.data = list.data.filter((i) => i !== existing);
      else if (existing) {
        Object.assign(existing, { quantity: Number(change.quantity ?? existing.quantity) });
        if (change.price) existing.price = get(prices, change.price as string, 'price');
      } else {
        const first = list.data[0] as Obj;
        list.data.push({
          ...fixture('subscription_item'),
          id: newId('si'),
          subscription: sub.id,
          price: get(prices, change.price as string, 'price'),
          plan: null,
          quantity: Number(change.quantity ?? 1),
          tax_rates: ((change.tax_rates as string[] | undefined) ?? []).map((t) => get(taxRates, t, 'tax rate')),
          current_period_start: first.current_period_start,
          current_period_end: first.current_period_end,
        });
      }
    }
  }

  /** A price's amount for a quantity for one period, in pence before tax (volume tiers: all at one tier). */
  function amountOf(price: Obj, quantity: number): number {
    if (price.billing_scheme === 'tiered') {
      const tiers = price.tiers as { up_to: number | null; unit_amount: number }[];
      const tier = tiers.find((t) => t.up_to === null || quantity <= t.up_to) as { unit_amount: number };
      return tier.unit_amount * quantity;
    }
    return (price.unit_amount as number) * quantity;
  }

  /** Each line's tax, rounded per line as Stripe does with exclusive tax rates. */
  function withTax(amount: number, rates: Obj[]): number {
    return rates.reduce((sum, rate) => sum + Math.round((amount * (rate.percentage as number)) / 100), amount);
  }

  /**
   * Stripe's proration for an item change at a moment: the unused part of each old item credited and the
   * new items charged for the rest of the period; a change of interval starts a new period (billing cycle
   * anchor now), so the new items are charged in full. Nothing is charged while trialing. Amount due never
   * goes below 0 (the rest would be a credit on the customer's balance).
   */
  function prorate(sub: Obj, changes: Obj[], at: Date): { amountDue: number; newPeriod: boolean } {
    if (sub.status === 'trialing') return { amountDue: 0, newPeriod: false };
    const before = (sub.items as { data: Obj[] }).data;
    const clone = structuredClone(sub);
    applyItems(clone, changes);
    const after = (clone.items as { data: Obj[] }).data;
    const interval = (items: Obj[]) => (((items[0] as Obj).price as Obj).recurring as Obj).interval;
    const newPeriod = interval(before) !== interval(after);
    const first = before[0] as Obj;
    const start = first.current_period_start as number;
    const end = first.current_period_end as number;
    const left = Math.min(Math.max(end - at.getTime() / 1000, 0), end - start) / (end - start);
    let total = 0;
    for (const item of before) {
      total -= withTax(
        Math.round(amountOf(item.price as Obj, item.quantity as number) * left),
        item.tax_rates as Obj[],
      );
    }
    for (const item of after) {
      const full = amountOf(item.price as Obj, item.quantity as number);
      total += withTax(newPeriod ? full : Math.round(full * left), item.tax_rates as Obj[]);
    }
    return { amountDue: Math.max(0, total), newPeriod };
  }

  function setPeriod(sub: Obj, at: Date): void {
    for (const item of (sub.items as { data: Obj[] }).data) {
      const interval = ((item.price as Obj).recurring as Obj).interval as string;
      item.current_period_start = unix(at);
      item.current_period_end = unix(addInterval(at, interval));
    }
  }

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

  const local: LocalStripe = {
    url: '',
    events,
    subscriptions,
    checkoutSessions,
    prices,
    customers,
    invoices,
    requests,
    failing: false,
    declineNextInvoice: false,
    payInvoice(invoiceId, now) {
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
    completeCheckout(sessionId, now) {
      const session = get(checkoutSessions, sessionId, 'checkout session');
      if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}`);
      const sub = subscriptionFrom(session, now);
      subscriptions.set(sub.id as string, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      const firstCharge =
        sub.status === 'trialing'
          ? 0
          : (sub.items as { data: Obj[] }).data.reduce(
              (sum, item) =>
                sum + withTax(amountOf(item.price as Obj, item.quantity as number), item.tax_rates as Obj[]),
              0,
            );
      const invoice = newInvoice(sub, 'paid', firstCharge);
      return [
        raise('checkout.session.completed', publicView(session), now),
        raise('customer.subscription.created', sub, now),
        raise('invoice.paid', invoice, now),
      ];
    },
    changeSubscription(id, change, now) {
      const sub = get(subscriptions, id, 'subscription');
      Object.assign(sub, change);
      return raise(
        sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
        sub,
        now,
      );
    },
    schedules: scheduling.schedules,
    advanceTo(subscriptionId, now) {
      const sub = get(subscriptions, subscriptionId, 'subscription');
      const out: Stripe.Event[] = [];
      const periodEnd = () => ((sub.items as { data: Obj[] }).data[0] as Obj).current_period_end as number;
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
        const amount = (sub.items as { data: Obj[] }).data.reduce(
          (sum, item) => sum + withTax(amountOf(item.price as Obj, item.quantity as number), item.tax_rates as Obj[]),
          0,
        );
        const invoice: Obj = { ...newInvoice(sub, 'paid', amount), billing_reason: 'subscription_cycle' };
        invoices.set(invoice.id as string, invoice);
        sub.latest_invoice = invoice.id;
        out.push(raise('customer.subscription.updated', sub, now), raise('invoice.paid', invoice, now));
      }
      return out;
    },
    failRenewal(subscriptionId, now) {
      const sub = get(subscriptions, subscriptionId, 'subscription');
      sub.status = 'past_due';
      return raise('invoice.payment_failed', newInvoice(sub, 'open'), now);
    },
    signed(event, secret = TEST_WEBHOOK_SECRET) {
      const body = JSON.stringify(event, null, 2);
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parsed = new URL(req.url ?? '/', 'http://stripe.local');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(body));
    };
    requests.push(`${req.method} ${parsed.pathname}`);
    if (req.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) {
      return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (local.failing) return reply(500, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
    const key = req.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${req.method} ${parsed.pathname} ${key}` : null;
    if (replayKey && idempotent.has(replayKey)) return reply(200, JSON.parse(idempotent.get(replayKey) as string));
    try {
      for (const [method, pattern, run] of routes) {
        const match = req.method === method ? parsed.pathname.match(pattern) : null;
        if (!match) continue;
        const result = publicView(run(match, parseForm(Buffer.concat(chunks).toString()), parsed.searchParams));
        if (replayKey) idempotent.set(replayKey, JSON.stringify(result));
        return reply(200, result);
      }
      throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${parsed.pathname}).`, 'url_invalid');
    } catch (err) {
      if (err instanceof StripeApiError) {
        return reply(err.status, { error: { type: 'invalid_request_error', code: err.code, message: err.message } });
      }
      return reply(500, { error: { type: 'api_error', message: (err as Error).message } });
    }
  }

  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  local.url = url;
  return local;
}

/** Without the server's own bookkeeping fields (those starting with '_'). */
function publicView(object: Obj): Obj {
  return Object.fromEntries(Object.entries(object).filter(([k]) => !k.startsWith('_')));
}

function addInterval(from: Date, interval: string): Date {
  const d = new Date(from);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}
