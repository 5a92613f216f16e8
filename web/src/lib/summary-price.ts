import { type PlanPrice, planPrice } from '@pippitch/shared/plan-price';
import type { QuoteInput } from '@pippitch/shared/pricing';

/** The company's plan as the company summary holds it (seats, billing period, add-ons). */
export interface SummaryPlan {
  adminSeats: number;
  brokerSeats: number;
  billingPeriod: string | null;
  companyFinderEnabled: boolean;
  clientDataEnabled: boolean;
}

export function planOf(s: SummaryPlan): QuoteInput {
  return {
    adminSeats: Math.max(1, s.adminSeats),
    brokerSeats: Math.max(0, s.brokerSeats),
    billing: s.billingPeriod === 'annual' ? 'annual' : 'monthly',
    addons: { companyFinder: s.companyFinderEnabled, clientData: s.clientDataEnabled },
  };
}

/** What the company pays, from the one pricing function (shared/src/plan-price.ts). */
export function summaryPrice(s: SummaryPlan): PlanPrice {
  return planPrice(planOf(s));
}
