import { describe, expect, it } from 'vitest';
import {
  discountPercentage,
  pricePerSeat,
  type Quote,
  type QuoteInput,
  quote,
  SEAT_TIERS,
  SIGNUP_DEFAULTS,
  seatPricingSentence,
  TRIAL_DAYS,
  tierFor,
  tierPrices,
  VAT_LABEL,
  VAT_RATE,
} from '../src/pricing';

const noAddons = { companyFinder: false, clientData: false };
const bothAddons = { companyFinder: true, clientData: true };

describe('seat tiers', () => {
  it.each<[number, string, 0 | 10 | 20, string]>([
    [1, '30.00', 0, 'Small Teams'],
    [5, '30.00', 0, 'Small Teams'],
    [6, '27.00', 10, 'Growing Teams'],
    [12, '27.00', 10, 'Growing Teams'],
    [13, '24.00', 20, 'Enterprise'],
    [500, '24.00', 20, 'Enterprise'],
  ])('%i seats: £%s, %i%% off, %s', (seats, price, discount, name) => {
    expect(pricePerSeat(seats)).toBe(price);
    expect(discountPercentage(seats)).toBe(discount);
    expect(tierFor(seats).name).toBe(name);
  });

  it.each([0, -1, 2.5, Number.NaN])('rejects %d seats', (seats) => {
    expect(() => pricePerSeat(seats)).toThrow(RangeError);
  });

  it('shows per-seat annual prices as the spec lists them', () => {
    expect(SEAT_TIERS.map(tierPrices)).toEqual([
      { monthlyPerSeat: '30.00', annualPerSeatPerMonth: '24.00', annualPerSeatPerYear: '288.00' },
      { monthlyPerSeat: '27.00', annualPerSeatPerMonth: '21.60', annualPerSeatPerYear: '259.20' },
      { monthlyPerSeat: '24.00', annualPerSeatPerMonth: '19.20', annualPerSeatPerYear: '230.40' },
    ]);
  });

  it('has the signup defaults and trial length', () => {
    expect(SIGNUP_DEFAULTS).toEqual({ adminSeats: 1, brokerSeats: 5 });
    expect(TRIAL_DAYS).toBe(60);
  });
});

describe('quote', () => {
  it.each<[string, QuoteInput, Quote]>([
    [
      'signup defaults, monthly',
      { adminSeats: 1, brokerSeats: 5, billing: 'monthly', addons: noAddons },
      {
        totalSeats: 6,
        tierName: 'Growing Teams',
        pricePerSeat: '27.00',
        seatsMonthly: '162.00',
        seatsTotalForPeriod: '162.00',
        addonsTotalForPeriod: '0.00',
        subtotal: '162.00',
        vat: '32.40',
        total: '194.40',
        cheaperWithOneMore: false,
      },
    ],
    [
      '5 seats: one more (6 × 27 = 162) costs more than 5 × 30 = 150',
      { adminSeats: 1, brokerSeats: 4, billing: 'monthly', addons: noAddons },
      {
        totalSeats: 5,
        tierName: 'Small Teams',
        pricePerSeat: '30.00',
        seatsMonthly: '150.00',
        seatsTotalForPeriod: '150.00',
        addonsTotalForPeriod: '0.00',
        subtotal: '150.00',
        vat: '30.00',
        total: '180.00',
        cheaperWithOneMore: false,
      },
    ],
    [
      '12 seats: 13 × 24 = 312 is cheaper than 12 × 27 = 324',
      { adminSeats: 2, brokerSeats: 10, billing: 'monthly', addons: noAddons },
      {
        totalSeats: 12,
        tierName: 'Growing Teams',
        pricePerSeat: '27.00',
        seatsMonthly: '324.00',
        seatsTotalForPeriod: '324.00',
        addonsTotalForPeriod: '0.00',
        subtotal: '324.00',
        vat: '64.80',
        total: '388.80',
        cheaperWithOneMore: true,
      },
    ],
    [
      '12 seats annual with both add-ons: still cheaper with 13',
      { adminSeats: 2, brokerSeats: 10, billing: 'annual', addons: bothAddons },
      {
        totalSeats: 12,
        tierName: 'Growing Teams',
        pricePerSeat: '27.00',
        seatsMonthly: '324.00',
        seatsTotalForPeriod: '3110.40',
        addonsTotalForPeriod: '864.00',
        subtotal: '3974.40',
        vat: '794.88',
        total: '4769.28',
        cheaperWithOneMore: true,
      },
    ],
    [
      'one admin, annual, one add-on',
      { adminSeats: 1, brokerSeats: 0, billing: 'annual', addons: { companyFinder: true, clientData: false } },
      {
        totalSeats: 1,
        tierName: 'Small Teams',
        pricePerSeat: '30.00',
        seatsMonthly: '30.00',
        seatsTotalForPeriod: '288.00',
        addonsTotalForPeriod: '36.00',
        subtotal: '324.00',
        vat: '64.80',
        total: '388.80',
        cheaperWithOneMore: false,
      },
    ],
    [
      '13 seats monthly with both add-ons at £5 each per seat',
      { adminSeats: 3, brokerSeats: 10, billing: 'monthly', addons: bothAddons },
      {
        totalSeats: 13,
        tierName: 'Enterprise',
        pricePerSeat: '24.00',
        seatsMonthly: '312.00',
        seatsTotalForPeriod: '312.00',
        addonsTotalForPeriod: '130.00',
        subtotal: '442.00',
        vat: '88.40',
        total: '530.40',
        cheaperWithOneMore: false,
      },
    ],
    [
      '7 seats annual, client data only',
      { adminSeats: 1, brokerSeats: 6, billing: 'annual', addons: { companyFinder: false, clientData: true } },
      {
        totalSeats: 7,
        tierName: 'Growing Teams',
        pricePerSeat: '27.00',
        seatsMonthly: '189.00',
        seatsTotalForPeriod: '1814.40',
        addonsTotalForPeriod: '252.00',
        subtotal: '2066.40',
        vat: '413.28',
        total: '2479.68',
        cheaperWithOneMore: false,
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(quote(input)).toEqual(expected);
  });

  it('flags exactly the seat counts where one more seat is cheaper', () => {
    const cheaper = Array.from({ length: 20 }, (_, i) => i + 1).filter(
      (seats) =>
        quote({ adminSeats: 1, brokerSeats: seats - 1, billing: 'monthly', addons: noAddons }).cheaperWithOneMore,
    );
    // 5 → 6 seats costs more (150 → 162); only 12 → 13 gets cheaper (324 → 312).
    expect(cheaper).toEqual([12]);
  });

  it.each<[string, Partial<QuoteInput>]>([
    ['no admin seat', { adminSeats: 0 }],
    ['negative brokers', { brokerSeats: -1 }],
    ['fractional seats', { brokerSeats: 1.5 }],
  ])('rejects %s', (_name, override) => {
    const input: QuoteInput = { adminSeats: 1, brokerSeats: 5, billing: 'monthly', addons: noAddons };
    expect(() => quote({ ...input, ...override })).toThrow(RangeError);
  });
});

describe('prices in words', () => {
  it('the FAQ sentence and the VAT label come from the tiers and the rate', () => {
    expect(seatPricingSentence()).toBe(
      '£30 per seat for 1–5 seats, £27 for 6–12 and £24 for 13 or more, per month. Annual billing takes a further 20% off.',
    );
    expect(VAT_LABEL).toBe('VAT (20%)');
    expect(VAT_RATE).toBe('0.20');
  });
});
