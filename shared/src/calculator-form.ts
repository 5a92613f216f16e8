import { CALCULATOR_FIELD_NAMES, calculatorNumberProblem } from './calculator-limits';
import { Dec } from './decimal';

// Turns the calculator's four text fields into calculator input (spec §5: "Calculate needs your rate, competitor
// rate, amount and trades per year non-empty and non-zero ('Please fill in all fields'); trades per year parsed as
// integer, the others decimal").

export interface CalculatorForm {
  yourRate: string;
  competitorRate: string;
  amount: string;
  tradesPerYear: string;
}

export type CalculatorFormResult =
  | { ok: true; value: { yourRate: string; competitorRate: string; amount: string; tradesPerYear: number } }
  | { ok: false; message: string };

export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

const FIELD_NAMES = CALCULATOR_FIELD_NAMES;

// Plain decimals, optionally with correctly placed thousands commas ('500,000', '1,234.5'). No exponents, no
// currency symbols: what a person types into an amount box, and nothing a float parser would half-accept.
const DECIMAL_TEXT = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d*)?$/;

type Parsed = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'number'; value: Dec };

function parseDecimalText(raw: string): Parsed {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  if (!DECIMAL_TEXT.test(text) || !/\d/.test(text)) return { kind: 'invalid' };
  return { kind: 'number', value: new Dec(text.replaceAll(',', '').replace(/^\+/, '').replace(/\.$/, '')) };
}

export function parseCalculatorForm(raw: CalculatorForm): CalculatorFormResult {
  const parsed = {
    yourRate: parseDecimalText(raw.yourRate),
    competitorRate: parseDecimalText(raw.competitorRate),
    amount: parseDecimalText(raw.amount),
    tradesPerYear: parseDecimalText(raw.tradesPerYear),
  };
  const keys = Object.keys(parsed) as (keyof CalculatorForm)[];

  // Text that is not a number gets its own message first: 'Please fill in all fields' would puzzle someone who has.
  for (const key of keys) {
    if (parsed[key].kind === 'invalid') return { ok: false, message: `${FIELD_NAMES[key]} must be a number` };
  }

  const values = {} as Record<keyof CalculatorForm, Dec>;
  for (const key of keys) {
    const field = parsed[key];
    if (field.kind !== 'number') return { ok: false, message: FILL_IN_ALL_FIELDS };
    // Trades per year are whole trades; '12.7' counts as 12, as parseInt would read it.
    values[key] = key === 'tradesPerYear' ? field.value.toDecimalPlaces(0, Dec.ROUND_DOWN) : field.value;
  }

  for (const key of keys) {
    if (values[key].isZero()) return { ok: false, message: FILL_IN_ALL_FIELDS };
  }
  for (const key of keys) {
    if (values[key].isNegative()) return { ok: false, message: `${FIELD_NAMES[key]} must be greater than zero` };
  }
  // The bounds the server saves under (calculator-limits.ts): a result on screen can always be saved.
  for (const key of keys) {
    const problem = calculatorNumberProblem(key, values[key]);
    if (problem) return { ok: false, message: problem };
  }

  return {
    ok: true,
    value: {
      yourRate: values.yourRate.toFixed(),
      competitorRate: values.competitorRate.toFixed(),
      amount: values.amount.toFixed(),
      tradesPerYear: values.tradesPerYear.toNumber(),
    },
  };
}
