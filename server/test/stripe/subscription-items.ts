/** A subscription's items: what changing them does, and what a period costs (the maths Stripe charges by). */
import { addInterval, fixture, type Obj, unix, type World } from './world';

export type Item = Obj & { price: Obj; quantity: number; tax_rates: Obj[] };
export const itemsOf = (sub: Obj) => (sub.items as { data: Item[] }).data;

/** Applies Stripe's `items` parameter: a quantity or price changed, an item deleted, or a new one added. */
export function applyItems(world: World, sub: Obj, changes: Obj[]): void {
  const { get, prices, taxRates } = world;
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
        id: world.newId('si'),
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

/** Every item's period starts at `at` and runs one of its price's intervals. */
export function setPeriod(sub: Obj, at: Date): void {
  for (const item of itemsOf(sub)) {
    const interval = (item.price.recurring as Obj).interval as string;
    item.current_period_start = unix(at);
    item.current_period_end = unix(addInterval(at, interval));
  }
}

/** A price's amount for a quantity for one period, in pence before tax (volume tiers: all at one tier). */
export function amountOf(price: Obj, quantity: number): number {
  if (price.billing_scheme === 'tiered') {
    const tiers = price.tiers as { up_to: number | null; unit_amount: number }[];
    const tier = tiers.find((t) => t.up_to === null || quantity <= t.up_to) as { unit_amount: number };
    return tier.unit_amount * quantity;
  }
  return (price.unit_amount as number) * quantity;
}

/** Each line's tax, rounded per line as Stripe does with exclusive tax rates. */
export function withTax(amount: number, rates: Obj[]): number {
  return rates.reduce((sum, rate) => sum + Math.round((amount * (rate.percentage as number)) / 100), amount);
}

/** A whole period of every item, with tax: what a first charge or a renewal costs. */
export function fullPeriodCharge(sub: Obj): number {
  return itemsOf(sub).reduce((sum, item) => sum + withTax(amountOf(item.price, item.quantity), item.tax_rates), 0);
}

/**
 * Stripe's proration for an item change at a moment: the unused part of each old item credited and the
 * new items charged for the rest of the period; a change of interval starts a new period (billing cycle
 * anchor now), so the new items are charged in full. Nothing is charged while trialing. Amount due never
 * goes below 0 (the rest would be a credit on the customer's balance).
 */
export function prorate(world: World, sub: Obj, changes: Obj[], at: Date): { amountDue: number; newPeriod: boolean } {
  if (sub.status === 'trialing') return { amountDue: 0, newPeriod: false };
  const before = itemsOf(sub);
  const clone = structuredClone(sub);
  applyItems(world, clone, changes);
  const after = itemsOf(clone);
  const interval = (items: Item[]) => ((items[0] as Item).price.recurring as Obj).interval;
  const newPeriod = interval(before) !== interval(after);
  const first = before[0] as Obj;
  const start = first.current_period_start as number;
  const end = first.current_period_end as number;
  const left = Math.min(Math.max(end - at.getTime() / 1000, 0), end - start) / (end - start);
  let total = 0;
  for (const item of before) total -= withTax(Math.round(amountOf(item.price, item.quantity) * left), item.tax_rates);
  for (const item of after) {
    const full = amountOf(item.price, item.quantity);
    total += withTax(newPeriod ? full : Math.round(full * left), item.tax_rates);
  }
  return { amountDue: Math.max(0, total), newPeriod };
}
