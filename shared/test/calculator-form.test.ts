import { describe, expect, it } from 'vitest';
import { type CalculatorForm, parseCalculatorForm } from '../src/calculator';

const filled: CalculatorForm = { yourRate: '1.2700', competitorRate: '1.2650', amount: '500,000', tradesPerYear: '52' };

describe('parseCalculatorForm', () => {
  it('parses the worked example, thousands commas included', () => {
    expect(parseCalculatorForm(filled)).toEqual({
      ok: true,
      value: { yourRate: '1.27', competitorRate: '1.265', amount: '500000', tradesPerYear: 52 },
    });
  });

  it.each<[string, string, number]>([
    ['12.7', 'truncated like parseInt', 12],
    ['52', 'a whole number', 52],
    [' 4 ', 'surrounding spaces', 4],
    ['1,000', 'thousands commas', 1000],
    ['1.', 'a trailing point', 1],
  ])('trades per year %j (%s) → %i', (tradesPerYear, _why, expected) => {
    const result = parseCalculatorForm({ ...filled, tradesPerYear });
    expect(result).toMatchObject({ ok: true, value: { tradesPerYear: expected } });
  });

  it.each<[string, string]>([
    ['1234567.89', '1234567.89'],
    ['1,234,567.89', '1234567.89'],
    ['.5', '0.5'],
    ['  250000  ', '250000'],
    ['+100', '100'],
  ])('amount %j → %s', (amount, expected) => {
    expect(parseCalculatorForm({ ...filled, amount })).toMatchObject({ ok: true, value: { amount: expected } });
  });

  it.each<[string, Partial<CalculatorForm>, string]>([
    ['empty your rate', { yourRate: '' }, 'Please fill in all fields'],
    ['blank competitor rate', { competitorRate: '   ' }, 'Please fill in all fields'],
    ['zero amount', { amount: '0' }, 'Please fill in all fields'],
    ['zero amount written 0.00', { amount: '0.00' }, 'Please fill in all fields'],
    ['empty trades', { tradesPerYear: '' }, 'Please fill in all fields'],
    ['trades that truncate to zero', { tradesPerYear: '0.5' }, 'Please fill in all fields'],
    ['zero rate', { yourRate: '0.0000' }, 'Please fill in all fields'],
    ['letters in a rate', { yourRate: 'abc' }, 'Your rate must be a number'],
    ['a half-number rate', { competitorRate: '1.26x' }, 'Competitor rate must be a number'],
    ['badly placed commas', { amount: '5,00,000' }, 'Amount to buy must be a number'],
    ['exponent notation', { amount: '5e5' }, 'Amount to buy must be a number'],
    ['a currency symbol', { amount: '£500' }, 'Amount to buy must be a number'],
    ['trades with letters', { tradesPerYear: '12abc' }, 'Trades per year must be a number'],
    ['a lone point', { amount: '.' }, 'Amount to buy must be a number'],
    ['a negative amount', { amount: '-500' }, 'Amount to buy must be greater than zero'],
    ['negative trades', { tradesPerYear: '-3' }, 'Trades per year must be greater than zero'],
  ])('rejects %s', (_name, override, message) => {
    expect(parseCalculatorForm({ ...filled, ...override })).toEqual({ ok: false, message });
  });

  it('names a non-number before complaining about empty fields', () => {
    expect(parseCalculatorForm({ yourRate: '', competitorRate: 'x', amount: '', tradesPerYear: '' })).toEqual({
      ok: false,
      message: 'Competitor rate must be a number',
    });
  });
});
