import { describe, expect, it } from 'vitest';
import { pitchMargin } from '../src/margin';
import {
  allowedOptionsText,
  approvalNeededMessage,
  bandFor,
  bandLabel,
  belowFloorWarning,
  DEFAULT_MARGIN_POLICY,
  type FloorBand,
  floorFor,
  isAllowedOption,
  isBelowFloor,
  type MarginPolicy,
  optionNotAllowedMessage,
} from '../src/margin-policy';
import { marginPolicySchema } from '../src/margin-policy-schema';

const bands: FloorBand[] = [
  { fromGbp: 0, toGbp: 100_000, floorBps: 60 },
  { fromGbp: 100_000, toGbp: 1_000_000, floorBps: 50 },
  { fromGbp: 1_000_000, toGbp: null, floorBps: 45 },
];
const policy: MarginPolicy = {
  floors: { GBPUSD: bands, GBPNOK: [{ fromGbp: 0, toGbp: null, floorBps: 45 }] },
  marginOptions: [0, 10],
};

describe('bands', () => {
  it.each([
    ['0.00', 60],
    ['99999.99', 60],
    ['100000.00', 50],
    ['999999.99', 50],
    ['1000000.00', 45],
    ['25000000.00', 45],
  ])('a ticket of £%s falls in the band with a floor of %i bps (lower edge inclusive)', (ticket, floor) => {
    expect(bandFor(bands, ticket)?.floorBps).toBe(floor);
  });

  it('are named as a desk says them', () => {
    expect(bands.map(bandLabel)).toEqual(['under £100k', '£100k–£1m', 'over £1m']);
    expect(bandLabel({ fromGbp: 250_000, toGbp: 1_500_000 })).toBe('£250k–£1.5m');
    expect(bandLabel({ fromGbp: 0, toGbp: null })).toBe('');
  });

  it('a ticket in no band has no floor', () => {
    expect(bandFor([{ fromGbp: 100_000, toGbp: null, floorBps: 30 }], '50000.00')).toBeNull();
  });
});

describe('floorFor and isBelowFloor', () => {
  it('finds the pair’s floor for the ticket, and none for a pair without one', () => {
    expect(floorFor(policy, 'GBPUSD', '1000000.00')).toMatchObject({ floorBps: 45, label: 'GBP/USD over £1m' });
    expect(floorFor(policy, 'GBPNOK', '10.00')).toMatchObject({ floorBps: 45, label: 'GBP/NOK' });
    expect(floorFor(policy, 'GBPEUR', '10.00')).toBeNull();
    expect(floorFor(DEFAULT_MARGIN_POLICY, 'GBPUSD', '10.00')).toBeNull();
  });

  it('a floor exactly met is not below it; a tenth of a bp under is', () => {
    // GBP/NOK mid 13.5, rate 13.43925: 0.06075 ÷ 13.5 = exactly 45.0 bps.
    const met = pitchMargin({
      pair: 'GBPNOK',
      yourRate: '13.43925',
      marginPips: 0,
      mid: '13.5000',
      amount: '1000000',
      tradesPerYear: 4,
      gbpPerBase: '1',
    });
    expect(met.bps).toBe('45.0');
    const floor = floorFor(policy, 'GBPNOK', met.ticketGbp);
    expect(isBelowFloor(met.bps, floor)).toBe(false);
    expect(isBelowFloor('44.9', floor)).toBe(true);
    expect(isBelowFloor('-3.0', floor)).toBe(true);
    expect(isBelowFloor('0.0', null)).toBe(false);
  });

  it('the demo pitch at 1.3500 (41.3 bps, a £368,840 ticket) is below a 50 bps floor for £100k–£1m', () => {
    const m = pitchMargin({
      pair: 'GBPUSD',
      yourRate: '1.3500',
      marginPips: 0,
      mid: '1.3556',
      amount: '500000',
      tradesPerYear: 52,
      gbpPerBase: '1',
    });
    const floor = floorFor(policy, 'GBPUSD', m.ticketGbp);
    expect(floor).toMatchObject({ floorBps: 50, label: 'GBP/USD £100k–£1m' });
    expect(isBelowFloor(m.bps, floor)).toBe(true);
  });

  it('says so in the words of the issue', () => {
    const floor = floorFor(policy, 'GBPUSD', '2000000.00');
    if (!floor) throw new Error('expected a floor');
    expect(belowFloorWarning(floor)).toBe("Below the desk's floor of 45 bps for GBP/USD over £1m");
    expect(approvalNeededMessage(floor)).toBe(
      "This pitch is below the desk's floor of 45 bps for GBP/USD over £1m: ask an admin to approve it first",
    );
  });
});

describe('marginPolicySchema', () => {
  const errors = (value: unknown) => {
    const result = marginPolicySchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts bands in any order and sorts them; options are kept unique and ascending', () => {
    const parsed = marginPolicySchema.parse({ floors: { GBPUSD: [...bands].reverse() }, marginOptions: [20, 0, 20] });
    expect(parsed.floors.GBPUSD?.map((b) => b.fromGbp)).toEqual([0, 100_000, 1_000_000]);
    expect(parsed.marginOptions).toEqual([0, 20]);
  });

  it('refuses overlapping bands, floors outside 0–500 bps, and options outside None/10…50', () => {
    expect(
      errors({
        floors: {
          GBPUSD: [
            { fromGbp: 0, toGbp: 200_000, floorBps: 50 },
            { fromGbp: 100_000, toGbp: null, floorBps: 40 },
          ],
        },
        marginOptions: [0],
      }),
    ).toEqual(['Bands overlap: under £200k and over £100k']);
    expect(errors({ floors: { GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 501 }] }, marginOptions: [0] })).toEqual([
      'A floor is at most 500 bps',
    ]);
    expect(errors({ floors: { GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: -1 }] }, marginOptions: [0] })).toEqual([
      'A floor is at least 0 bps',
    ]);
    expect(errors({ floors: {}, marginOptions: [15] })).toEqual([
      "'Inflate Your Margin' options are None, 10, 20, 30, 40 or 50 pips",
    ]);
    expect(errors({ floors: {}, marginOptions: [] })).toEqual(["Keep at least one 'Inflate Your Margin' option"]);
    expect(errors({ floors: { GBPXYZ: bands }, marginOptions: [0] })).not.toEqual([]);
  });

  it('accepts the edges: 0 and 500 bps, a band ending where the next starts', () => {
    expect(
      errors({
        floors: {
          GBPUSD: [
            { fromGbp: 0, toGbp: 100_000, floorBps: 0 },
            { fromGbp: 100_000, toGbp: null, floorBps: 500 },
          ],
        },
        marginOptions: [0, 10, 20, 30, 40, 50],
      }),
    ).toEqual([]);
  });
});

describe('the allowed Inflate Your Margin options', () => {
  it('are said in words, and any other choice is refused', () => {
    expect(optionNotAllowedMessage({ marginOptions: [0, 10, 20] })).toBe(
      "Your desk allows 'Inflate Your Margin' of None, 10 and 20 pips only",
    );
    expect(allowedOptionsText([0])).toBe('None');
    expect(allowedOptionsText([30])).toBe('30 pips');
    expect(isAllowedOption({ marginOptions: [0, 10, 20] }, 20)).toBe(true);
    expect(isAllowedOption({ marginOptions: [0, 10, 20] }, 30)).toBe(false);
    expect(isAllowedOption(DEFAULT_MARGIN_POLICY, 50)).toBe(true);
  });
});
