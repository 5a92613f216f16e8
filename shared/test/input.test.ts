import { describe, expect, it } from 'vitest';
import { saveCalculationInput } from '../src/calculation-schema';
import { parseCalculatorForm } from '../src/calculator-form';
import { isoDate, nameText, text } from '../src/input';

describe('text fields', () => {
  const name = text('Company name', 20);
  it.each(['Acme\u0000Ltd', 'a\u0007b', '\u001b[31mred', 'del\u007f'])('refuses control characters in %j', (value) => {
    expect(name.safeParse(value).error?.issues[0]?.message).toBe(
      'Company name contains characters that are not allowed',
    );
  });
  it.each(['Acme Ltd', 'شركة', 'Émile & Fils 🚀', 'tab\there'])('accepts %j', (value) => {
    expect(name.safeParse(value).success).toBe(true);
  });
  it('trims, then counts', () => {
    expect(name.parse('  Acme  ')).toBe('Acme');
    expect(name.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe('Company name must be at most 20 characters');
  });
});

describe('name fields (issue 30)', () => {
  const name = nameText('Company name', 20);
  it.each([
    'Acme\u0000Ltd',
    'Acme\r\nBcc: x',
    'Acme Ltd\n',
    'tab\there',
    'C1\u0085next',
    'C1\u009bcsi',
    'del\u007f',
    'line\u2028sep',
    'para\u2029sep',
    '\u202Egnp.exe',
    'iso\u2066late',
  ])('refuses %j', (value) => {
    expect(name.safeParse(value).error?.issues[0]?.message).toBe(
      'Company name cannot contain line breaks, tabs or other control characters',
    );
  });
  it.each(['Acme Ltd', 'شركة', 'Émile & Fils 🚀', 'O’Brien', 'family 👨\u200d👩\u200d👧'])('accepts %j', (value) => {
    expect(name.safeParse(value).success).toBe(true);
  });
  it('trims, then counts', () => {
    expect(name.parse('  Acme  ')).toBe('Acme');
    expect(name.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe('Company name must be at most 20 characters');
  });
});

describe('dates', () => {
  it.each(['2025-02-30', '9999-99-99', '0000-00-00', '2025-13-01', '2025-1-01', '1899-12-31', ''])(
    'refuses %j',
    (v) => {
      expect(isoDate.safeParse(v).error?.issues[0]?.message).toBe('Use a date like 2025-03-30');
    },
  );
  it.each(['2024-02-29', '2025-03-30', '1999-01-04'])('accepts %j', (v) => {
    expect(isoDate.parse(v)).toBe(v);
  });
});

// One number rule: whatever the form accepts, the server's schema accepts, and the other way round.
describe('the calculator form and the save schema agree', () => {
  const filled = { yourRate: '1.2700', competitorRate: '1.2650', amount: '500000', tradesPerYear: '52' };
  const save = (v: { yourRate: string; competitorRate: string; amount: string; tradesPerYear: number }) =>
    saveCalculationInput.safeParse({
      id: '00000000-0000-4000-8000-000000000000',
      pair: 'GBPUSD',
      marginPips: 0,
      comparisonDate: '2026-11-24',
      ...v,
    });

  it.each<[string, Partial<typeof filled>, string | null]>([
    ['the smallest rate', { yourRate: '0.0001' }, null],
    ['the largest rate', { competitorRate: '10000' }, null],
    ['6 decimals', { yourRate: '1.123456' }, null],
    ['9 decimals', { yourRate: '1.123456789' }, 'Your rate can have at most 6 decimal places'],
    ['a rate below a pip', { competitorRate: '0.00000001' }, 'Competitor rate must be between 0.0001 and 10,000'],
    ['a huge rate', { yourRate: '99999999' }, 'Your rate must be between 0.0001 and 10,000'],
    ['£1bn', { amount: '1,000,000,000' }, null],
    ['over £1bn', { amount: '999999999999' }, 'Amount to buy must be between £0.01 and £1,000,000,000'],
    ['pennies', { amount: '1000.55' }, null],
    ['fractions of a penny', { amount: '1000.555' }, 'Amount to buy can have at most 2 decimal places'],
    ['100,000 trades', { tradesPerYear: '100000' }, null],
    ['a million trades', { tradesPerYear: '1000000' }, 'Trades per year must be between 1 and 100,000'],
  ])('%s', (_why, override, message) => {
    const form = parseCalculatorForm({ ...filled, ...override });
    if (message === null) {
      expect(form.ok).toBe(true);
      if (form.ok) expect(save(form.value).success).toBe(true);
    } else {
      expect(form).toEqual({ ok: false, message });
    }
  });

  it('the server refuses what the form would, with the same words', () => {
    const res = save({ yourRate: '1.123456789', competitorRate: '1.2', amount: '100', tradesPerYear: 1 });
    expect(res.error?.issues[0]?.message).toBe('Your rate can have at most 6 decimal places');
  });
});
