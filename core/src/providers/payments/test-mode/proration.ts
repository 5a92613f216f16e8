import { Dec } from '@pippitch/shared/decimal';
import { planTotalPence } from '@pippitch/shared/plan-price';
import type { AddonKey, Billing } from '@pippitch/shared/pricing';

export interface TestModePlan {
  billing: Billing;
  adminSeats: number;
  brokerSeats: number;
  addons: Record<AddonKey, boolean>;
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
      ? new Dec(planTotalPence(to) - planTotalPence(from)).times(fraction)
      : new Dec(planTotalPence(to)).minus(new Dec(planTotalPence(from)).times(fraction));
  return Math.max(0, due.toDecimalPlaces(0).toNumber());
}
