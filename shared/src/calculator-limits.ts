import { Dec } from './decimal';

// The one number rule for the calculator's fields, used by the form (calculator-form.ts) and by the server's save
// schema (calculation-schema.ts), so a result the broker sees can always be saved. The bounds are what a real FX
// trade can be, and what the calculation columns hold: at £1,000,000,000 × 100,000 trades between rates of 0.0001
// and 10,000, every saved figure fits numeric(22, 2) (migration 0009).

export type CalculatorNumberField = 'yourRate' | 'competitorRate' | 'amount' | 'tradesPerYear';

export const CALCULATOR_FIELD_NAMES: Readonly<Record<CalculatorNumberField, string>> = {
  yourRate: 'Your rate',
  competitorRate: 'Competitor rate',
  amount: 'Amount to buy',
  tradesPerYear: 'Trades per year',
};

interface Limit {
  min: string;
  max: string;
  decimals: number;
  /** How the bounds read in a message. */
  range: string;
}

const RATE: Limit = { min: '0.0001', max: '10000', decimals: 6, range: 'between 0.0001 and 10,000' };

export const CALCULATOR_LIMITS: Readonly<Record<CalculatorNumberField, Limit>> = {
  yourRate: RATE,
  competitorRate: RATE,
  amount: { min: '0.01', max: '1000000000', decimals: 2, range: 'between £0.01 and £1,000,000,000' },
  tradesPerYear: { min: '1', max: '100000', decimals: 0, range: 'between 1 and 100,000' },
};

/** Why a positive number cannot go in this field, or null when it can. */
export function calculatorNumberProblem(field: CalculatorNumberField, value: Dec): string | null {
  const limit = CALCULATOR_LIMITS[field];
  const name = CALCULATOR_FIELD_NAMES[field];
  if (value.lessThan(limit.min) || value.greaterThan(limit.max)) return `${name} must be ${limit.range}`;
  if (value.decimalPlaces() > limit.decimals) {
    return limit.decimals === 0
      ? `${name} must be a whole number`
      : `${name} can have at most ${limit.decimals} decimal places`;
  }
  return null;
}

/** Canonical decimal text as the form sends it: digits, an optional fraction, no sign, commas or exponent. */
export const CANONICAL_DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;

/** The same rule for text that reached the server: canonical form first, then the bounds. */
export function calculatorTextProblem(field: CalculatorNumberField, text: string): string | null {
  if (!CANONICAL_DECIMAL.test(text)) return `${CALCULATOR_FIELD_NAMES[field]} must be a number`;
  return calculatorNumberProblem(field, new Dec(text));
}
