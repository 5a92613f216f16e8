import { Dec } from '@pippitch/shared/decimal';
import { type AddonKey, type Billing, quote } from '@pippitch/shared/pricing';

export interface TestModePlan {
  billing: Billing;
  adminSeats: number;
  brokerSeats: number;
  addons: Record<AddonKey, boolean>;
}

/** A plan's price for its period, VAT included, in pence (the total every page shows, from pricing.ts). */
export function planPence(plan: TestModePlan): number {
  return new Dec(quote(plan).total).times(100).toNumber();
}

/**
 * Test mode's proration, the way Stripe prorates by the second: the same period's change costs the difference
 * for the part of the period left; a switch of billing period starts a new period at once and credits the
 * unused part of the old one. Never below 0 (a cheaper plan gives no refund). Pence, VAT included.
 */
export function testModeProration(
  from: TestModePlan,
  to: TestModePlan,
  period: { start: Date; end: Date },
  at: Date,
): number {
  const length = period.end.getTime() - period.start.getTime();
  const left = Math.min(Math.max(period.end.getTime() - at.getTime(), 0), length);
  const fraction = length > 0 ? new Dec(left).dividedBy(length) : new Dec(0);
  const due =
    from.billing === to.billing
      ? new Dec(planPence(to) - planPence(from)).times(fraction)
      : new Dec(planPence(to)).minus(new Dec(planPence(from)).times(fraction));
  return Math.max(0, due.toDecimalPlaces(0).toNumber());
}
