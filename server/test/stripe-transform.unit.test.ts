import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ADDON_PRODUCTS, SEAT_PRODUCT } from '../../core/src/providers/payments/stripe/catalog';
import { eventIds, subscriptionState } from '../../core/src/providers/payments/stripe/transform';

// Stripe's own example objects, with only the fields our transform reads set to our products.
const fixtures = JSON.parse(readFileSync(new URL('./stripe/fixtures.json', import.meta.url), 'utf8')).resources;

function subscription(items: { product: string; quantity: number; interval: string }[], extra: object = {}) {
  const base = structuredClone(fixtures.subscription) as Stripe.Subscription;
  const item = base.items.data[0]!;
  base.items.data = items.map((i) => ({
    ...structuredClone(item),
    quantity: i.quantity,
    current_period_end: 1_800_000_000,
    price: {
      ...structuredClone(item.price),
      product: i.product,
      recurring: { ...item.price.recurring!, interval: i.interval },
    },
  })) as Stripe.SubscriptionItem[];
  return { ...base, status: 'active', cancel_at: null, cancel_at_period_end: false, ...extra } as Stripe.Subscription;
}

describe('subscriptionState (Stripe → what we mirror)', () => {
  it('reads seats, the admin split, add-ons, the billing period and the period end', () => {
    const s = subscriptionState(
      subscription(
        [
          { product: SEAT_PRODUCT.id, quantity: 9, interval: 'year' },
          { product: ADDON_PRODUCTS.clientData.id, quantity: 9, interval: 'year' },
        ],
        { metadata: { admin_seats: '3' } },
      ),
    );
    expect(s).toMatchObject({
      status: 'active',
      billing: 'annual',
      adminSeats: 3,
      brokerSeats: 6,
      addons: { companyFinder: false, clientData: true },
      cancelAtPeriodEnd: false,
      customerId: fixtures.subscription.customer,
    });
    expect(s.currentPeriodEnd).toEqual(new Date(1_800_000_000_000));
  });

  it('never gives fewer than one admin seat or more admins than seats, whatever the metadata says', () => {
    const seat = [{ product: SEAT_PRODUCT.id, quantity: 4, interval: 'month' }];
    expect(subscriptionState(subscription(seat, { metadata: { admin_seats: '0' } })).adminSeats).toBe(1);
    expect(subscriptionState(subscription(seat, { metadata: { admin_seats: '99' } })).adminSeats).toBe(4);
    expect(subscriptionState(subscription(seat, { metadata: { admin_seats: 'x' } })).adminSeats).toBe(1);
  });

  it('treats a scheduled cancel_at as a cancellation at period end, and an unknown status as incomplete', () => {
    const seat = [{ product: SEAT_PRODUCT.id, quantity: 1, interval: 'month' }];
    expect(subscriptionState(subscription(seat, { cancel_at: 1_800_000_000 })).cancelAtPeriodEnd).toBe(true);
    expect(subscriptionState(subscription(seat, { status: 'something_new' })).status).toBe('incomplete');
  });
});

describe('eventIds (only ids are taken from an event)', () => {
  const event = (object: object, type: string) =>
    ({ ...structuredClone(fixtures.event), type, data: { object } }) as Stripe.Event;

  it('finds the subscription of subscription, checkout and invoice events', () => {
    expect(
      eventIds(event({ object: 'subscription', id: 'sub_1', customer: 'cus_1' }, 'customer.subscription.updated')),
    ).toMatchObject({ subscriptionId: 'sub_1', customerId: 'cus_1' });
    expect(
      eventIds(
        event(
          { object: 'checkout.session', id: 'cs_1', customer: 'cus_2', subscription: 'sub_2' },
          'checkout.session.completed',
        ),
      ),
    ).toMatchObject({ subscriptionId: 'sub_2', customerId: 'cus_2' });
    expect(
      eventIds(
        event(
          { ...fixtures.invoice, customer: 'cus_3', parent: { subscription_details: { subscription: 'sub_3' } } },
          'invoice.paid',
        ),
      ),
    ).toMatchObject({ subscriptionId: 'sub_3', customerId: 'cus_3' });
  });
});
