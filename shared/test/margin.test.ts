import { describe, expect, it } from 'vitest';
import { calculateSavings } from '../src/calculator';
import { type MarginInput, midFromStored, pitchMargin, ticketInGbp } from '../src/margin';

// Worked by hand (decimal, half-up). The demo (spec §9): GBP/USD mid 1.3556, $500,000, 52 trades a year.
const demo: MarginInput = {
  pair: 'GBPUSD',
  yourRate: '1.3500',
  marginPips: 0,
  mid: '1.3556',
  amount: '500000',
  tradesPerYear: 52,
  gbpPerBase: '1',
};

describe('pitchMargin', () => {
  it('the demo at 1.3500: (1.3556 − 1.3500) ÷ 1.3556 = 41.3 bps; £370,370.37 − £368,840.37 = £1,530.00 a trade', () => {
    // 0.0056 ÷ 1.3556 × 10,000 = 41.31; 500,000 ÷ 1.35 = 370,370.3704; 500,000 ÷ 1.3556 = 368,840.3659.
    // A year: 1,530.00448 × 52 = 79,560.23 (the unrounded trade, as the calculator's annual savings).
    expect(pitchMargin(demo)).toEqual({
      pitchedRate: '1.3500',
      bps: '41.3',
      gbpPerTrade: '1530.00',
      gbpPerYear: '79560.23',
      ticketGbp: '368840.37',
    });
  });

  it('is the cost at the pitched rate less the cost at the mid, by the calculator’s own formulas', () => {
    const atMid = calculateSavings({
      yourRate: '1.3500',
      competitorRate: demo.mid,
      amount: demo.amount,
      tradesPerYear: 52,
      marginPips: 0,
    });
    expect(pitchMargin(demo).gbpPerTrade).toBe(atMid.savingsPerTrade);
    expect(pitchMargin(demo).gbpPerYear).toBe(atMid.annualSavings);
  });

  it("counts 'Inflate Your Margin' pips as the calculator does: added to your rate (1.3500 + 10 pips = 1.3510)", () => {
    // 0.0046 ÷ 1.3556 = 33.9 bps; 500,000 ÷ 1.351 − 368,840.3659 = 1,255.86.
    const m = pitchMargin({ ...demo, marginPips: 10 });
    expect(m).toMatchObject({ pitchedRate: '1.3510', bps: '33.9', gbpPerTrade: '1255.86', gbpPerYear: '65304.67' });
  });

  it('a rate on the client’s side of the mid is a negative margin: the desk gives money away', () => {
    // (1.3556 − 1.3600) ÷ 1.3556 = −32.5 bps; 500,000 ÷ 1.36 − 368,840.3659 = −1,193.31.
    expect(pitchMargin({ ...demo, yourRate: '1.3600' })).toMatchObject({
      bps: '-32.5',
      gbpPerTrade: '-1193.31',
      gbpPerYear: '-62051.97',
    });
  });

  it('a client buying the base currency pays above the mid: (1.2550 − 1.2500) ÷ 1.25 = 40 bps, £100,000 × 0.004', () => {
    const m = pitchMargin({
      pair: 'GBPUSD',
      yourRate: '1.2550',
      marginPips: 0,
      mid: '1.2500',
      amount: '100000',
      tradesPerYear: 10,
      gbpPerBase: '1',
      clientBuys: 'base',
    });
    expect(m).toMatchObject({ bps: '40.0', gbpPerTrade: '400.00', gbpPerYear: '4000.00', ticketGbp: '100000.00' });
    // The same rate for a client buying the quote currency is on the client's side: negative.
    expect(pitchMargin({ ...demo, yourRate: '1.2550', mid: '1.2500' }).bps).toBe('-40.0');
  });

  it('GBP/EUR is priced off EUR/GBP: a stored 0.8500 is a mid of 1 ÷ 0.85 = 1.176471', () => {
    expect(midFromStored('GBPEUR', '0.8500')).toBe('1.176471');
    expect(midFromStored('GBPUSD', '1.3556')).toBe('1.3556');
    // (1.176471 − 1.17) ÷ 1.176471 = 55.0 bps; €250,000 ÷ 1.17 − €250,000 ÷ 1.176471 = £1,175.29.
    const m = pitchMargin({
      pair: 'GBPEUR',
      yourRate: '1.1700',
      marginPips: 0,
      mid: midFromStored('GBPEUR', '0.8500'),
      amount: '250000',
      tradesPerYear: 12,
      gbpPerBase: '1',
    });
    expect(m).toMatchObject({ bps: '55.0', gbpPerTrade: '1175.29', gbpPerYear: '14103.46', ticketGbp: '212499.93' });
  });

  it('EUR/USD is in euros, turned into pounds at the EUR/GBP mid the calculation used (0.85 per euro)', () => {
    // 0.005 ÷ 1.08 = 46.3 bps; $100,000 ÷ 1.075 − $100,000 ÷ 1.08 = €430.66 × 0.85 = £366.06; × 24 = £8,785.53.
    // The ticket: $100,000 ÷ 1.08 = €92,592.59 × 0.85 = £78,703.70.
    const m = pitchMargin({
      pair: 'EURUSD',
      yourRate: '1.0750',
      marginPips: 0,
      mid: '1.0800',
      amount: '100000',
      tradesPerYear: 24,
      gbpPerBase: '0.85',
    });
    expect(m).toMatchObject({ bps: '46.3', gbpPerTrade: '366.06', gbpPerYear: '8785.53', ticketGbp: '78703.70' });
  });

  it('a rate at the mid is a margin of exactly zero, never -0.0', () => {
    expect(pitchMargin({ ...demo, yourRate: '1.3556' })).toMatchObject({ bps: '0.0', gbpPerTrade: '0.00' });
  });

  it('refuses what no saved calculation holds', () => {
    expect(() => pitchMargin({ ...demo, mid: '0' })).toThrow(RangeError);
    expect(() => pitchMargin({ ...demo, amount: '-1' })).toThrow(RangeError);
    expect(() => pitchMargin({ ...demo, tradesPerYear: 1.5 })).toThrow(RangeError);
    expect(() => pitchMargin({ ...demo, gbpPerBase: '0' })).toThrow(RangeError);
  });
});

describe('ticketInGbp', () => {
  it('turns the amount bought into pounds at the mid', () => {
    expect(ticketInGbp({ mid: '1.25', amount: '125000', gbpPerBase: '1' })).toBe('100000.00');
    expect(ticketInGbp({ mid: '1.25', amount: '125000', gbpPerBase: '0.85', clientBuys: 'base' })).toBe('106250.00');
  });
});
