import { ADDONS, type Billing } from '@pippitch/shared/pricing';
import type Stripe from 'stripe';
import type { Catalog } from './catalog';
import { ADMIN_SEATS_METADATA, BILLING_SWITCH_METADATA, subscriptionState } from './transform';

/**
 * A switch of billing period at the end of the paid period, the way Stripe does changes at renewal: a
 * subscription schedule made from the subscription (`from_subscription` takes no other parameter, so the phases
 * are written in a second call), whose first phase is the current period as it is and whose second holds the same
 * seats and add-ons at the new period's prices for one period, nothing prorated. Stripe charges the renewal at
 * the new prices when the first phase ends, and releases the subscription when the second ends.
 */
export async function writeBillingSwitch(
  stripe: Stripe,
  catalog: Catalog,
  sub: Stripe.Subscription,
  billing: Billing,
): Promise<void> {
  const scheduleId = scheduleIdOf(sub) ?? (await stripe.subscriptionSchedules.create({ from_subscription: sub.id })).id;
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  const current = schedule.current_phase ?? schedule.phases[0];
  if (!current) throw new Error(`Subscription schedule ${scheduleId} has no current phase`);
  const state = subscriptionState(sub);
  const seats = state.adminSeats + state.brokerSeats;
  // Each phase sets the subscription's metadata when it starts: the seat split stays ours.
  const metadata = { [ADMIN_SEATS_METADATA]: String(state.adminSeats) };
  const asNow = sub.items.data.map((item) => ({
    price: item.price.id,
    quantity: item.quantity ?? seats,
    tax_rates: (item.tax_rates ?? []).map((rate) => rate.id),
  }));
  const then = [
    { price: catalog.seat[billing], quantity: seats, tax_rates: [catalog.vatRate] },
    ...ADDONS.filter(({ key }) => state.addons[key]).map(({ key }) => ({
      price: catalog.addons[key][billing],
      quantity: seats,
      tax_rates: [catalog.vatRate],
    })),
  ];
  await stripe.subscriptionSchedules.update(scheduleId, {
    end_behavior: 'release',
    metadata: { [BILLING_SWITCH_METADATA]: billing },
    proration_behavior: 'none',
    phases: [
      { items: asNow, start_date: current.start_date, end_date: current.end_date, metadata },
      { items: then, duration: { interval: billing === 'annual' ? 'year' : 'month' }, metadata },
    ],
  });
}

/**
 * Lets the subscription go from its schedule, as it is now: a scheduled switch is dropped and the plan renews
 * unchanged. Stripe refuses some direct updates (a cancellation at period end) while a schedule manages the
 * subscription, so changes release it first. Nothing happens when no schedule is attached.
 */
export async function releaseSchedule(stripe: Stripe, sub: Stripe.Subscription): Promise<void> {
  const id = scheduleIdOf(sub);
  if (!id) return;
  const schedule = await stripe.subscriptionSchedules.retrieve(id);
  if (schedule.status === 'active' || schedule.status === 'not_started') {
    await stripe.subscriptionSchedules.release(id);
  }
}

export function scheduleIdOf(sub: Stripe.Subscription): string | null {
  const schedule = sub.schedule;
  if (!schedule) return null;
  return typeof schedule === 'string' ? schedule : schedule.id;
}
