import { calculateSavings } from '@pippitch/shared/calculator';
import { FILL_IN_ALL_FIELDS } from '@pippitch/shared/calculator-form';
import { OFF_MARKET_CONFIRM_NEEDED } from '@pippitch/shared/totals';
import { describe, expect, it } from 'vitest';
import {
  type CalculatorFields,
  type CalculatorState,
  calculate,
  calculatorReducer,
  EMPTY_FIELDS,
  initialCalculatorState,
  resultCaveat,
  resultFigures,
} from '../src/lib/calculator-core';

// The one calculator core (issue 36 §4) that the signed-in calculator and the landing demo both run on.

const DEMO: CalculatorFields = {
  ...EMPTY_FIELDS,
  yourRate: '1.3556',
  competitorRate: '1.3420',
  amount: '500000',
  tradesPerYear: '52',
};

function calculated(fields: CalculatorFields): CalculatorState {
  const done = calculate(fields, false);
  if (!done.ok) throw new Error(done.message);
  return calculatorReducer(initialCalculatorState(fields), { type: 'calculated', result: done.result });
}

describe('the calculator form’s state', () => {
  it('clears the result and starts a new revision on any change of an input (spec §4)', () => {
    const shown = calculated(DEMO);
    expect(shown.result).not.toBeNull();
    for (const [field, value] of [
      ['clientName', 'Acme Imports Ltd'],
      ['amount', '250000'],
      ['marginPips', 20],
      ['useOffMarket', true],
    ] as const) {
      const next = calculatorReducer(shown, { type: 'set', field, value });
      expect(next).toMatchObject({ result: null, error: null, revision: shown.revision + 1 });
    }
  });

  it('keeps the state (and its revision) when a field is set to what it holds', () => {
    const shown = calculated(DEMO);
    expect(calculatorReducer(shown, { type: 'set', field: 'amount', value: '500000' })).toBe(shown);
  });

  it('starts a new pair without the old pair’s rates or minute, and takes back an off-market confirmation', () => {
    const confirmed = calculatorReducer(initialCalculatorState({ ...DEMO, comparisonAt: '2026-11-24T14:06:00Z' }), {
      type: 'set',
      field: 'useOffMarket',
      value: true,
    });
    const next = calculatorReducer(confirmed, { type: 'set', field: 'pair', value: 'EURUSD' });
    expect(next.fields).toMatchObject({
      pair: 'EURUSD',
      yourRate: '',
      competitorRate: '',
      comparisonAt: '',
      useOffMarket: false,
      amount: '500000',
    });
  });

  it('keeps the confirmation for one rate on one day: a new competitor rate or day takes it back, the amount not', () => {
    const confirmed = calculatorReducer(initialCalculatorState(DEMO), {
      type: 'set',
      field: 'useOffMarket',
      value: true,
    });
    const amount = calculatorReducer(confirmed, { type: 'set', field: 'amount', value: '1000' });
    expect(amount.fields.useOffMarket).toBe(true);
    const rate = calculatorReducer(confirmed, { type: 'set', field: 'competitorRate', value: '1.03' });
    expect(rate.fields.useOffMarket).toBe(false);
    const day = calculatorReducer(confirmed, { type: 'set', field: 'comparisonAt', value: '2026-11-24T14:06:00Z' });
    expect(day.fields.useOffMarket).toBe(false);
  });

  it('resets to the fields it is given, under a new revision (a save after Reset is a new pitch)', () => {
    const shown = calculated(DEMO);
    const reset = calculatorReducer(shown, { type: 'reset', fields: EMPTY_FIELDS });
    expect(reset).toEqual({ fields: EMPTY_FIELDS, result: null, error: null, revision: shown.revision + 1 });
  });
});

describe('Calculate', () => {
  it('gives the shared maths’ result at the pair’s pip, and the parsed numbers a save sends', () => {
    const done = calculate({ ...DEMO, amount: '500,000', marginPips: 20 }, false);
    expect(done).toEqual({
      ok: true,
      result: calculateSavings({
        yourRate: '1.3556',
        competitorRate: '1.3420',
        amount: '500000',
        tradesPerYear: 52,
        marginPips: 20,
        pipSize: '0.0001',
      }),
      // The numbers as parsed: commas gone, trailing zeros too (what the signed-in calculator saves).
      input: { yourRate: '1.3556', competitorRate: '1.342', amount: '500000', tradesPerYear: 52 },
    });
  });

  it('says what is missing before anything else', () => {
    expect(calculate({ ...DEMO, amount: '' }, true)).toEqual({ ok: false, message: FILL_IN_ALL_FIELDS });
  });

  it('refuses an off-market competitor rate until the broker confirms it', () => {
    expect(calculate(DEMO, true)).toEqual({ ok: false, message: OFF_MARKET_CONFIRM_NEEDED });
    expect(calculate({ ...DEMO, useOffMarket: true }, true).ok).toBe(true);
  });
});

describe('a result’s figures', () => {
  it('are the spec’s seven in its order, costs in the currency sold, the annual one under its outcome’s heading', () => {
    const result = calculated(DEMO).result;
    if (!result) throw new Error('no result');
    expect(resultFigures(result, 'GBPUSD')).toEqual([
      ['Price Difference', '-0.0136'],
      ['Pips', '136.0'],
      ['Cost With Competitor', '£372,578.24'],
      ['Cost With Us', '£368,840.37'],
      ['Savings Per Trade', '£3,737.88'],
      ['Annual Savings', '£194,369.53'],
      ['Percentage Savings', '1.00%'],
    ]);
    const worse = calculate({ ...DEMO, competitorRate: '1.3600' }, false);
    if (!worse.ok) throw new Error(worse.message);
    expect(resultFigures(worse.result, 'GBPUSD')[5]?.[0]).toBe('Annual extra cost');
  });

  it('carry a caveat instead of their outcome when off-market (first) or below the mid', () => {
    expect(resultCaveat(false, false)).toBeNull();
    expect(resultCaveat(true, true)).toBe('Off-market rate: not counted');
    expect(resultCaveat(false, true)).toBe('Our rate is below the mid — a loss to you');
  });
});
