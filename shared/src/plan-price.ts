import { Dec } from './decimal';
import { formatGBP } from './format';
import { ADDON_PRICES, ADDONS, type Billing, type QuoteInput, quote, tierFor, tierPrices } from './pricing';

/**
 * The price a company pays for its plan (issue 20 §2), the one function every page and e-mail shows it from:
 * the dashboard's price card, the account page, the seats page, checkout, signup and the billing e-mails. Per
 * seat and per period for the plan's billing period (annual: per seat per month and per year), add-ons included,
 * VAT shown. The totals are pricing.ts's quote, which the provider's catalog charges (tested to the penny).
 */
export interface PlanPrice {
  billing: Billing;
  period: 'month' | 'year';
  totalSeats: number;
  tierName: string;
  /** A seat per month on this plan: the tier price monthly, the annual price ÷ 12 on annual (£21.60). */
  seatPerMonth: string;
  /** A seat per year on annual (£259.20); null on monthly. */
  seatPerYear: string | null;
  /** Add-ons enabled, and what each costs per seat for the period (monthly £5, annual £36). */
  addonCount: number;
  addonPerSeatPerPeriod: string;
  /** For the period, add-ons included. */
  exVat: string;
  vat: string;
  inclVat: string;
  /** Annual: the year's price ÷ 12 (ex VAT), as a monthly equivalent; monthly: the month's price. */
  perMonthExVat: string;
}

export function planPrice(plan: QuoteInput): PlanPrice {
  const q = quote(plan);
  const tier = tierFor(q.totalSeats);
  const annual = plan.billing === 'annual';
  const prices = tierPrices(tier);
  return {
    billing: plan.billing,
    period: annual ? 'year' : 'month',
    totalSeats: q.totalSeats,
    tierName: q.tierName,
    seatPerMonth: annual ? prices.annualPerSeatPerMonth : prices.monthlyPerSeat,
    seatPerYear: annual ? prices.annualPerSeatPerYear : null,
    addonCount: ADDONS.filter((a) => plan.addons[a.key]).length,
    addonPerSeatPerPeriod: annual ? ADDON_PRICES.annualPerSeatPerYear : ADDON_PRICES.monthlyPerSeatPerMonth,
    exVat: q.subtotal,
    vat: q.vat,
    inclVat: q.total,
    perMonthExVat: annual ? new Dec(q.subtotal).dividedBy(12).toFixed(2) : q.subtotal,
  };
}

/**
 * The plan's price for its period, VAT included, in pence: what the provider charges for it and what a charge's
 * sentence is worded from (billing-messages.ts's chargeSentence). £2,782.08 → 278208.
 */
export function planTotalPence(plan: QuoteInput): number {
  return new Dec(quote(plan).total).times(100).toNumber();
}

/** '£21.60 per seat per month, billed £259.20 per seat per year' / '£27.00 per seat per month' */
export function seatPriceText(p: PlanPrice): string {
  const perMonth = `${formatGBP(p.seatPerMonth)} per seat per month`;
  return p.seatPerYear ? `${perMonth}, billed ${formatGBP(p.seatPerYear)} per seat per year` : perMonth;
}

/** '£2,318.40 per year ex VAT (£2,782.08 incl. VAT)', add-ons included. */
export function periodPriceText(p: PlanPrice): string {
  return `${formatGBP(p.exVat)} per ${p.period} ex VAT (${formatGBP(p.inclVat)} incl. VAT)`;
}

/**
 * ', add-ons included' after a price only when one is on (issue 31 §6): a plan without add-ons is not told it has
 * them included.
 */
export function addonsIncludedSuffix(p: Pick<PlanPrice, 'addonCount'>): string {
  return p.addonCount > 0 ? ', add-ons included' : '';
}

/** '1 seat' / '7 seats' */
export function seatsText(n: number): string {
  return `${n} seat${n === 1 ? '' : 's'}`;
}

/** 'Company Finder and Client Data Tracking included' / '' */
export function addonsIncludedText(plan: QuoteInput): string {
  const names = ADDONS.filter((a) => plan.addons[a.key]).map((a) => a.name);
  return names.length ? `${names.join(' and ')} included` : 'No add-ons';
}
