import { ADDONS, type AddonKey } from '@pippitch/shared/pricing';
import type Stripe from 'stripe';
import type { ProviderEvent, ProviderSubscriptionStatus, SubscriptionState } from '../types';
import { addonOfProduct, SEAT_PRODUCT } from './catalog';

/**
 * Metadata we write on a customer and a checkout: our company's id, for whoever reads them in Stripe's dashboard
 * (a key of Stripe's metadata, not a column: webhooks find the company by the customer and subscription ids).
 */
export const COMPANY_METADATA = 'company_id';
/** Metadata we write on every subscription: how its seats split between admins and brokers. */
export const ADMIN_SEATS_METADATA = 'admin_seats';
/** Metadata we write on a subscription schedule that switches the billing period: the period it switches to. */
export const BILLING_SWITCH_METADATA = 'billing_switch';

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));
const date = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);

/**
 * A Stripe subscription as we mirror it. Seats are the quantity of the seat item (the whole order is priced at
 * the volume tier of the total); the split between admin and broker seats is ours, kept in metadata, clamped so
 * a hand-edited subscription can never give fewer than one admin seat.
 */
export function subscriptionState(sub: Stripe.Subscription): SubscriptionState {
  const items = sub.items.data;
  const seatItem = items.find((i) => idOf(i.price.product) === SEAT_PRODUCT.id);
  const totalSeats = Math.max(1, seatItem?.quantity ?? 1);
  const requestedAdmins = Number.parseInt(sub.metadata?.[ADMIN_SEATS_METADATA] ?? '1', 10);
  const adminSeats = Math.min(totalSeats, Math.max(1, Number.isFinite(requestedAdmins) ? requestedAdmins : 1));
  const addons = Object.fromEntries(ADDONS.map((a) => [a.key, false])) as Record<AddonKey, boolean>;
  for (const item of items) {
    const addon = addonOfProduct(idOf(item.price.product) ?? '');
    if (addon) addons[addon] = true;
  }
  const interval = (seatItem ?? items[0])?.price.recurring?.interval;
  // Since API 2025-03-31 the period lives on each item; every item of ours shares one period.
  const periodEnd = seatItem?.current_period_end ?? items[0]?.current_period_end;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: knownStatus(sub.status),
    billing: interval === 'year' ? 'annual' : 'monthly',
    adminSeats,
    brokerSeats: totalSeats - adminSeats,
    addons,
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    currentPeriodEnd: date(periodEnd),
    trialEnd: sub.status === 'trialing' ? date(sub.trial_end) : null,
    billingSwitch: billingSwitchOf(sub),
    canceledAt: date(sub.canceled_at),
    created: new Date(sub.created * 1000),
  };
}

/**
 * The switch of billing period Stripe will make: our schedule (read only when the subscription was retrieved with
 * `expand: ['schedule']`) names the period in its metadata, and its next phase starts at the current one's end.
 * A schedule in its last phase, or released, switches nothing more.
 */
function billingSwitchOf(sub: Stripe.Subscription): SubscriptionState['billingSwitch'] {
  const schedule = sub.schedule;
  if (!schedule || typeof schedule === 'string') return null;
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
  const billing = schedule.metadata?.[BILLING_SWITCH_METADATA];
  if (billing !== 'monthly' && billing !== 'annual') return null;
  const currentEnd = schedule.current_phase?.end_date ?? null;
  const next = schedule.phases.find((phase) => currentEnd !== null && phase.start_date >= currentEnd);
  return next ? { billing, on: new Date(next.start_date * 1000) } : null;
}

const STATUSES: readonly ProviderSubscriptionStatus[] = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];

/** A status a newer API might add is treated as 'incomplete': nothing is granted or taken away for it. */
function knownStatus(status: string): ProviderSubscriptionStatus {
  return (STATUSES as readonly string[]).includes(status) ? (status as ProviderSubscriptionStatus) : 'incomplete';
}

/** The ids an event names; nothing else of its payload is used. */
export function eventIds(event: Stripe.Event): ProviderEvent {
  // Every event's object is a JSON object; which fields it has depends on its kind, read below.
  const object: Record<string, unknown> = { ...event.data.object };
  let subscriptionId: string | null = null;
  let customerId = idOf(object.customer as string | { id: string } | null);
  switch (object.object) {
    case 'subscription':
      subscriptionId = object.id as string;
      break;
    case 'checkout.session':
      subscriptionId = idOf(object.subscription as string | { id: string } | null);
      break;
    case 'subscription_schedule':
      // A released schedule names the subscription it let go under released_subscription.
      subscriptionId = idOf(
        (object.subscription ?? object.released_subscription) as string | { id: string } | null | undefined,
      );
      break;
    case 'invoice': {
      // Since API 2025-03-31 an invoice names its subscription under parent.subscription_details.
      const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null;
      subscriptionId = idOf(parent?.subscription_details?.subscription ?? null);
      break;
    }
    case 'customer':
      customerId = object.id as string;
      break;
  }
  return { id: event.id, type: event.type, customerId, subscriptionId };
}
