import { Dec } from './decimal';

// Seat and add-on pricing (design.md §3, which replaces the spec's three disagreeing seat schemes with one). Every
// page (pricing, signup, checkout, seat changes) and the server's billing quote the same figures from here. Prices
// are ex-VAT; VAT is added only in order summaries.

export type Billing = 'monthly' | 'annual';

export interface SeatTier {
  name: 'Small Teams' | 'Growing Teams' | 'Enterprise';
  minSeats: number;
  /** null: no upper bound. */
  maxSeats: number | null;
  /** GBP per seat per month on monthly billing. */
  pricePerSeat: string;
  /** Discount against the Small Teams price, as the pricing page advertises it. */
  discountPercentage: 0 | 10 | 20;
}

/** One volume scheme on total seats (admin + broker); the whole order is priced at the tier its total falls in. */
export const SEAT_TIERS: readonly SeatTier[] = [
  { name: 'Small Teams', minSeats: 1, maxSeats: 5, pricePerSeat: '30.00', discountPercentage: 0 },
  { name: 'Growing Teams', minSeats: 6, maxSeats: 12, pricePerSeat: '27.00', discountPercentage: 10 },
  { name: 'Enterprise', minSeats: 13, maxSeats: null, pricePerSeat: '24.00', discountPercentage: 20 },
];

/** Annual billing: monthly total × 12 × 0.8. */
export const ANNUAL_DISCOUNT_PERCENTAGE = 20;
const ANNUAL_MONTHS_CHARGED = new Dec(12).times(new Dec(100 - ANNUAL_DISCOUNT_PERCENTAGE).dividedBy(100)); // 9.6

export const ADDONS = [
  { key: 'companyFinder', name: 'Company Finder' },
  { key: 'clientData', name: 'Client Data Tracking' },
] as const;
export type AddonKey = (typeof ADDONS)[number]['key'];

/** Add-on price per seat: £5 a month on monthly billing; £3 a month on annual, billed as £36 a year. */
export const ADDON_PRICES = {
  monthlyPerSeatPerMonth: '5.00',
  annualPerSeatPerMonth: '3.00',
  annualPerSeatPerYear: '36.00',
} as const;

/** UK VAT, added to order summaries (prices are shown ex VAT). */
export const VAT_PERCENTAGE = 20;
export const VAT_RATE = new Dec(VAT_PERCENTAGE).dividedBy(100).toFixed(2);

/** 'VAT (20%)' */
export const VAT_LABEL = `VAT (${VAT_PERCENTAGE}%)`;

/** '£30 per seat for 1–5 seats, £27 for 6–12 and £24 for 13 or more, per month.' — the FAQ's words. */
export function seatPricingSentence(): string {
  const parts = SEAT_TIERS.map((t, i) => {
    const price = `£${new Dec(t.pricePerSeat).toFixed(0)}`;
    const range = t.maxSeats === null ? `${t.minSeats} or more` : `${t.minSeats}–${t.maxSeats}`;
    return i === 0 ? `${price} per seat for ${range} seats` : `${price} for ${range}`;
  });
  const list = `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list}, per month. Annual billing takes a further ${ANNUAL_DISCOUNT_PERCENTAGE}% off.`;
}

export const SIGNUP_DEFAULTS = { adminSeats: 1, brokerSeats: 5 } as const;
export const TRIAL_DAYS = 60;

function assertSeatCount(totalSeats: number): void {
  if (!Number.isInteger(totalSeats) || totalSeats < 1) {
    throw new RangeError(`Seat count must be a whole number ≥ 1, got ${totalSeats}`);
  }
}

export function tierFor(totalSeats: number): SeatTier {
  assertSeatCount(totalSeats);
  const tier = SEAT_TIERS.find((t) => t.maxSeats === null || totalSeats <= t.maxSeats);
  if (tier === undefined) throw new Error('SEAT_TIERS must end with an unbounded tier');
  return tier;
}

/** GBP per seat per month on monthly billing, e.g. '27.00' for 6–12 seats. */
export function pricePerSeat(totalSeats: number): string {
  return tierFor(totalSeats).pricePerSeat;
}

export function discountPercentage(totalSeats: number): 0 | 10 | 20 {
  return tierFor(totalSeats).discountPercentage;
}

/** A tier's per-seat figures for the pricing page: annual £288 / £259.20 / £230.40 a year (£24 / £21.60 / £19.20 a month). */
export function tierPrices(tier: SeatTier): {
  monthlyPerSeat: string;
  annualPerSeatPerMonth: string;
  annualPerSeatPerYear: string;
} {
  const perYear = new Dec(tier.pricePerSeat).times(ANNUAL_MONTHS_CHARGED);
  return {
    monthlyPerSeat: tier.pricePerSeat,
    annualPerSeatPerMonth: perYear.dividedBy(12).toFixed(2),
    annualPerSeatPerYear: perYear.toFixed(2),
  };
}

export interface QuoteInput {
  adminSeats: number;
  brokerSeats: number;
  billing: Billing;
  addons: Record<AddonKey, boolean>;
}

export interface Quote {
  totalSeats: number;
  tierName: SeatTier['name'];
  /** GBP per seat per month before the annual discount. */
  pricePerSeat: string;
  /** Seats for one month at monthly prices. */
  seatsMonthly: string;
  /** Seats for the billing period: a month, or a year at 20% off. */
  seatsTotalForPeriod: string;
  addonsTotalForPeriod: string;
  /** Ex-VAT total for the period. */
  subtotal: string;
  vat: string;
  total: string;
  /** Whether buying one more seat would make this order cheaper (12 seats £324, 13 seats £312 a month). */
  cheaperWithOneMore: boolean;
}

/** Exact ex-VAT price of an order for its billing period. */
function periodSubtotal(totalSeats: number, billing: Billing, addonCount: number): { seats: Dec; addons: Dec } {
  const seatsMonthly = new Dec(pricePerSeat(totalSeats)).times(totalSeats);
  const addonPerSeat = billing === 'monthly' ? ADDON_PRICES.monthlyPerSeatPerMonth : ADDON_PRICES.annualPerSeatPerYear;
  return {
    seats: billing === 'monthly' ? seatsMonthly : seatsMonthly.times(ANNUAL_MONTHS_CHARGED),
    addons: new Dec(addonPerSeat).times(totalSeats).times(addonCount),
  };
}

/**
 * Prices an order. Admin seats ≥ 1 and broker seats ≥ 0, whole numbers (spec §5); anything else is a RangeError,
 * since forms enforce those minimums before asking for a price. VAT is computed on the subtotal and the total is
 * subtotal + VAT as displayed, so the three lines of an order summary always add up.
 */
export function quote(input: QuoteInput): Quote {
  const { adminSeats, brokerSeats, billing } = input;
  if (!Number.isInteger(adminSeats) || adminSeats < 1)
    throw new RangeError(`adminSeats must be ≥ 1, got ${adminSeats}`);
  if (!Number.isInteger(brokerSeats) || brokerSeats < 0) {
    throw new RangeError(`brokerSeats must be ≥ 0, got ${brokerSeats}`);
  }
  const totalSeats = adminSeats + brokerSeats;
  const addonCount = ADDONS.filter((addon) => input.addons[addon.key]).length;
  const tier = tierFor(totalSeats);

  const { seats, addons } = periodSubtotal(totalSeats, billing, addonCount);
  const subtotal = seats.plus(addons).toDecimalPlaces(2);
  const vat = subtotal.times(VAT_RATE).toDecimalPlaces(2);
  // Compared on the whole order (add-ons too): that is what the customer would actually pay.
  const next = periodSubtotal(totalSeats + 1, billing, addonCount);

  return {
    totalSeats,
    tierName: tier.name,
    pricePerSeat: tier.pricePerSeat,
    seatsMonthly: new Dec(tier.pricePerSeat).times(totalSeats).toFixed(2),
    seatsTotalForPeriod: seats.toFixed(2),
    addonsTotalForPeriod: addons.toFixed(2),
    subtotal: subtotal.toFixed(2),
    vat: vat.toFixed(2),
    total: subtotal.plus(vat).toFixed(2),
    cheaperWithOneMore: next.seats.plus(next.addons).lessThan(seats.plus(addons)),
  };
}
