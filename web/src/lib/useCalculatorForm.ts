import { useReducer } from 'react';
import {
  type Calculation,
  type CalculatorFields,
  calculate,
  calculatorReducer,
  initialCalculatorState,
} from './calculator-core';

/**
 * The calculator's form as both calculators hold it (lib/calculator-core.ts has the rules): its fields, the result
 * or error of the last Calculate, and the revision a save is keyed by. `start` is the form as first shown and as
 * Reset leaves it.
 */
export function useCalculatorForm(start: CalculatorFields) {
  const [state, dispatch] = useReducer(calculatorReducer, start, initialCalculatorState);
  return {
    state,
    set(field: keyof CalculatorFields, value: string | number | boolean) {
      dispatch({ type: 'set', field, value });
    },
    /**
     * Calculate on `fields` (the page's view of the form: the signed-in calculator reads a margin its desk no longer
     * allows as its lowest) with the competitor rate `offMarket` or not; shows the result or the error, and returns it.
     */
    calculate(fields: CalculatorFields, offMarket: boolean): Calculation {
      const done = calculate(fields, offMarket);
      dispatch(done.ok ? { type: 'calculated', result: done.result } : { type: 'error', message: done.message });
      return done;
    },
    reset() {
      dispatch({ type: 'reset', fields: start });
    },
  };
}
