import { describe, expect, it } from 'vitest';
import { chargeSentence, pounds } from '../src/billing-messages';
import { formatGBP } from '../src/format';
import {
  addonsIncludedSuffix,
  periodPriceText,
  planPrice,
  planTotalPence,
  seatPriceText,
  seatsText,
} from '../src/plan-price';
import { quote } from '../src/pricing';

const NONE = { companyFinder: false, clientData: false };
const BOTH = { companyFinder: true, clientData: true };

describe('the price a company pays (issue 20 §2)', () => {
  it('annual, 6 seats: £21.60 per seat per month, £259.20 per seat per year, £1,555.20 a year before VAT', () => {
    const p = planPrice({ adminSeats: 1, brokerSeats: 5, billing: 'annual', addons: NONE });
    expect(p).toMatchObject({ seatPerMonth: '21.60', seatPerYear: '259.20', exVat: '1555.20', period: 'year' });
    expect(seatPriceText(p)).toBe('£21.60 per seat per month, billed £259.20 per seat per year');
    expect(periodPriceText(p)).toBe('£1,555.20 per year ex VAT (£1,866.24 incl. VAT)');
  });

  it("says 'add-ons included' only when one is on (issue 31 §6)", () => {
    const none = planPrice({ adminSeats: 1, brokerSeats: 5, billing: 'monthly', addons: NONE });
    const one = planPrice({ adminSeats: 1, brokerSeats: 5, billing: 'monthly', addons: { ...NONE, clientData: true } });
    expect(`${periodPriceText(none)}${addonsIncludedSuffix(none)}`).toBe(
      '£162.00 per month ex VAT (£194.40 incl. VAT)',
    );
    expect(addonsIncludedSuffix(one)).toBe(', add-ons included');
  });

  it('includes the add-ons: monthly 6 seats with both is £222 a month before VAT, not £162', () => {
    const p = planPrice({ adminSeats: 1, brokerSeats: 5, billing: 'monthly', addons: BOTH });
    expect(p).toMatchObject({ seatPerMonth: '27.00', seatPerYear: null, exVat: '222.00', inclVat: '266.40' });
  });

  it('is the quote the provider is charged, for 1–30 seats on both periods with and without add-ons', () => {
    for (let seats = 1; seats <= 30; seats++) {
      for (const billing of ['monthly', 'annual'] as const) {
        for (const addons of [NONE, BOTH]) {
          const plan = { adminSeats: 1, brokerSeats: seats - 1, billing, addons };
          const q = quote(plan);
          expect(planPrice(plan)).toMatchObject({ exVat: q.subtotal, vat: q.vat, inclVat: q.total });
        }
      }
    }
  });

  it('is charged in pence: the total with VAT × 100, exactly, wherever the page and the provider meet', () => {
    // 6 seats monthly with both add-ons: £222.00 + VAT = £266.40.
    expect(planTotalPence({ adminSeats: 1, brokerSeats: 5, billing: 'monthly', addons: BOTH })).toBe(26_640);
    for (let seats = 1; seats <= 30; seats++) {
      for (const billing of ['monthly', 'annual'] as const) {
        for (const addons of [NONE, BOTH]) {
          const plan = { adminSeats: 1, brokerSeats: seats - 1, billing, addons };
          const pence = planTotalPence(plan);
          expect(Number.isInteger(pence)).toBe(true);
          expect(pounds(pence)).toBe(formatGBP(quote(plan).total));
        }
      }
    }
  });

  it("says '1 seat' and '2 seats'", () => {
    expect(seatsText(1)).toBe('1 seat');
    expect(seatsText(2)).toBe('2 seats');
  });
});

describe('the confirmation before a charge (issue 20 §3)', () => {
  it('says what is charged now and then', () => {
    const base = { recurringPence: 278_208, billing: 'annual' as const, firstChargeOn: null, prorated: true };
    expect(chargeSentence({ ...base, dueNowPence: 247_128 })).toBe(
      'You will be charged £2,471.28 now (prorated), then £2,782.08 per year (VAT included).',
    );
    expect(chargeSentence({ ...base, dueNowPence: 0 })).toBe(
      'Nothing is charged now; from your next renewal you pay £2,782.08 per year (VAT included).',
    );
    expect(chargeSentence({ ...base, dueNowPence: 0, firstChargeOn: '2026-12-25T10:00:00Z' })).toBe(
      'Nothing is charged now. Your first charge of £2,782.08 per year (VAT included) is on 25 December 2026, when your free trial ends.',
    );
  });
});
