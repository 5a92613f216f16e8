import {
  type CalculationResult,
  type CalculatorFormResult,
  calculateSavings,
  formatSignedRate,
  parseCalculatorForm,
} from '@pippitch/shared/calculator';
import { formatSold } from '@pippitch/shared/money';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { type CurrencyPair, DEFAULT_PAIR, type MarginPips, pipSize } from '@pippitch/shared/pairs';
import { annualHeading, BELOW_MID_WORDS, OFF_MARKET_CONFIRM_NEEDED } from '@pippitch/shared/totals';

// The one calculator core (issue 36 §4): the form's state, what Calculate does with it and the figures a result is
// shown as, for the signed-in calculator (features/calculator) and the landing page's demo (features/marketing).
// Each page keeps only what is its own: where the market rate and the day's range come from, and saving.

export interface CalculatorFields {
  pair: CurrencyPair;
  yourRate: string;
  competitorRate: string;
  clientName: string;
  amount: string;
  tradesPerYear: string;
  marginPips: MarginPips;
  /** ISO instant of a historical rate the broker used (the comparison's moment), or '' for now. */
  comparisonAt: string;
  /** 'Use this rate anyway' for a competitor rate outside the day's range; cleared when the rate or day changes. */
  useOffMarket: boolean;
}

export interface CalculatorState {
  fields: CalculatorFields;
  result: CalculationResult | null;
  error: string | null;
  /**
   * Counts the form's changes (every input, and Reset): a result belongs to one revision, and the signed-in
   * calculator saves each revision under one id, so pressing Calculate again without a change is stored once.
   */
  revision: number;
}

export type CalculatorAction =
  | { type: 'set'; field: keyof CalculatorFields; value: string | number | boolean }
  | { type: 'calculated'; result: CalculationResult }
  | { type: 'error'; message: string }
  | { type: 'reset'; fields: CalculatorFields };

export const EMPTY_FIELDS: CalculatorFields = {
  pair: DEFAULT_PAIR,
  yourRate: '',
  competitorRate: '',
  clientName: '',
  amount: '',
  tradesPerYear: '',
  marginPips: 0,
  comparisonAt: '',
  useOffMarket: false,
};

/** A confirmation is for one rate on one day: these changes take it back. */
const ENDS_CONFIRMATION: readonly (keyof CalculatorFields)[] = ['pair', 'competitorRate', 'comparisonAt'];

export function initialCalculatorState(fields: CalculatorFields): CalculatorState {
  return { fields, result: null, error: null, revision: 0 };
}

/**
 * Any change to an input clears the results (spec §4 Calculator) and starts a new revision; a change of pair also
 * clears both rates, which were the old pair's.
 */
export function calculatorReducer(state: CalculatorState, action: CalculatorAction): CalculatorState {
  switch (action.type) {
    case 'set':
      if (state.fields[action.field] === action.value) return state;
      return {
        fields: {
          ...state.fields,
          // Rates belong to a pair: a new pair starts without the old pair's rates (and the minute they came from).
          ...(action.field === 'pair' ? { yourRate: '', competitorRate: '', comparisonAt: '' } : {}),
          ...(ENDS_CONFIRMATION.includes(action.field) ? { useOffMarket: false } : {}),
          [action.field]: action.value,
        },
        result: null,
        error: null,
        revision: state.revision + 1,
      };
    case 'calculated':
      return { ...state, result: action.result, error: null };
    case 'error':
      return { ...state, result: null, error: action.message };
    case 'reset':
      return { ...initialCalculatorState(action.fields), revision: state.revision + 1 };
  }
}

/** A Calculate's outcome: the result and the parsed numbers it came from (what a save sends), or why there is none. */
export type Calculation =
  | { ok: true; result: CalculationResult; input: Extract<CalculatorFormResult, { ok: true }>['value'] }
  | { ok: false; message: string };

/**
 * Calculate (spec §5): the four numbers parsed, an off-market competitor rate refused until the broker's 'Use this
 * rate anyway' (issue 22 §2), then the shared maths at the pair's pip. `offMarket`: the rate is known to be outside
 * the day's range (the live one signed in, the demo's sample one on the landing page).
 */
export function calculate(fields: CalculatorFields, offMarket: boolean): Calculation {
  const parsed = parseCalculatorForm(fields);
  if (!parsed.ok) return parsed;
  if (offMarket && !fields.useOffMarket) return { ok: false, message: OFF_MARKET_CONFIRM_NEEDED };
  try {
    const result = calculateSavings({ ...parsed.value, marginPips: fields.marginPips, pipSize: pipSize(fields.pair) });
    return { ok: true, result, input: parsed.value };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : 'An error occurred during calculation' };
  }
}

/**
 * Why a result is no saving to claim, in the words its panel shows instead of its outcome: an off-market competitor
 * rate, or our rate (with its margin) on the client's side of the mid (issue 31 §5). Null for an ordinary result.
 */
export function resultCaveat(offMarket: boolean, belowMid: boolean): string | null {
  if (offMarket) return 'Off-market rate: not counted';
  return belowMid ? `Our rate is ${BELOW_MID_WORDS}` : null;
}

/**
 * A result's figures in the spec's order (§2 Results panel), labelled as shown: the rate difference at the pair's
 * decimals, costs and savings in the currency the client sells, the annual figure under its outcome's heading.
 */
export function resultFigures(result: CalculationResult, pair: CurrencyPair): [label: string, value: string][] {
  return [
    ['Price Difference', formatSignedRate(result.priceDifference, pairInfo(pair).decimals)],
    ['Pips', result.differenceInPips],
    ['Cost With Competitor', formatSold(result.costWithCompetitor, pair)],
    ['Cost With Us', formatSold(result.costWithUs, pair)],
    ['Savings Per Trade', formatSold(result.savingsPerTrade, pair)],
    [annualHeading(result.outcome), formatSold(result.annualSavings, pair)],
    ['Percentage Savings', `${result.percentageSavings}%`],
  ];
}
