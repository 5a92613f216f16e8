import type { CalculationResult } from '@pippitch/shared/calculator';
import { type CurrencyPair, DEFAULT_PAIR, type MarginPips } from '@pippitch/shared/pairs';

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
  /** Identifies the current Calculate; a new one is made whenever an input changes. */
  calculationId: string;
  error: string | null;
}

export type Action =
  | { type: 'set'; field: keyof CalculatorFields; value: string | number | boolean }
  | { type: 'calculated'; result: CalculationResult }
  | { type: 'error'; message: string }
  | { type: 'reset' };

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

export function initialState(): CalculatorState {
  return { fields: EMPTY_FIELDS, result: null, calculationId: crypto.randomUUID(), error: null };
}

/**
 * Any change to an input clears the results (spec §4 Calculator) and starts a new Calculate; a change of pair also
 * clears both rates, which were the old pair's.
 */
export function reducer(state: CalculatorState, action: Action): CalculatorState {
  switch (action.type) {
    case 'set':
      if (state.fields[action.field] === action.value) return state;
      return {
        fields: {
          ...state.fields,
          // Rates belong to a pair: a new pair starts without the old pair's rates (and the minute they came from).
          ...(action.field === 'pair' ? { yourRate: '', competitorRate: '', comparisonAt: '' } : {}),
          // A confirmation is for one rate on one day.
          ...(['pair', 'competitorRate', 'comparisonAt'].includes(action.field) ? { useOffMarket: false } : {}),
          [action.field]: action.value,
        },
        result: null,
        calculationId: crypto.randomUUID(),
        error: null,
      };
    case 'calculated':
      return { ...state, result: action.result, error: null };
    case 'error':
      return { ...state, result: null, error: action.message };
    case 'reset':
      return initialState();
  }
}
