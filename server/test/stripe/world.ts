/**
 * What every resource of the local Stripe shares: the objects it keeps, its ids, its events and its errors. Each
 * resource file (catalog, customers, checkout, subscriptions, invoices) takes this world and returns its routes;
 * stripe-server.ts wires them to HTTP.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';

export type Obj = Record<string, unknown>;
export type Route = [string, RegExp, (m: RegExpMatchArray, body: Obj, query: URLSearchParams) => Obj];

const FIXTURES = (JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as { resources: Obj })
  .resources;
/** A fresh copy of one of Stripe's published example objects. */
export const fixture = (name: string): Obj => structuredClone(FIXTURES[name] as Obj);

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'resource_missing',
  ) {
    super(message);
  }
}

export const unix = (d: Date) => Math.floor(d.getTime() / 1000);
export const list = (data: Obj[], path: string) => ({ object: 'list', data, has_more: false, url: path });

export function addInterval(from: Date, interval: string): Date {
  const d = new Date(from);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/** Without the server's own bookkeeping fields (those starting with '_'). */
export function publicView(object: Obj): Obj {
  return Object.fromEntries(Object.entries(object).filter(([k]) => !k.startsWith('_')));
}

export interface World {
  products: Map<string, Obj>;
  prices: Map<string, Obj>;
  taxRates: Map<string, Obj>;
  customers: Map<string, Obj>;
  checkoutSessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** Subscription changes kept aside until their invoice is paid, by invoice id. */
  pending: Map<string, { subscription: string; apply: () => void }>;
  events: Stripe.Event[];
  /** The switches tests turn (see LocalStripe). */
  switches: { failing: boolean; declineNextInvoice: boolean };
  /** The server's own address, known once it listens. */
  url(): string;
  newId(prefix: string): string;
  raise(type: string, object: Obj, now: Date): Stripe.Event;
  get<T>(map: Map<string, T>, id: string, what: string): T;
}

export function createWorld(url: () => string): World {
  const events: Stripe.Event[] = [];
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  return {
    products: new Map(),
    prices: new Map(),
    taxRates: new Map(),
    customers: new Map(),
    checkoutSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    pending: new Map(),
    events,
    switches: { failing: false, declineNextInvoice: false },
    url,
    newId,
    raise(type, object, now) {
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
    },
    get(map, id, what) {
      const found = map.get(id);
      if (!found) throw new StripeApiError(404, `No such ${what}: '${id}'`);
      return found;
    },
  };
}
