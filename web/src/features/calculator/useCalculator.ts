import { calculateSavings, parseCalculatorForm } from '@pippitch/shared/calculator';
import { isBelowMid } from '@pippitch/shared/margin';
import { type CurrencyPair, type MarginPips, pipSize } from '@pippitch/shared/pairs';
import { londonClockTime, londonDateOf } from '@pippitch/shared/time';
import { OFF_MARKET_CONFIRM_NEEDED } from '@pippitch/shared/totals';
import { type FormEvent, useReducer, useState } from 'react';
import { initialState, reducer } from './calculatorState';
import { useRangeCheck } from './RangeCheck';
import { useLiveQuotes } from './useLiveQuotes';
import { useSaveCalculation } from './useSaveCalculation';

/** What a save says about the comparison's moment: today, or the London date and minute of a historical rate. */
function comparisonMoment(comparisonAt: string): { comparisonDate: string; comparisonTime?: string } {
  if (!comparisonAt) return { comparisonDate: londonDateOf(new Date()) };
  const at = new Date(comparisonAt);
  return { comparisonDate: londonDateOf(at), comparisonTime: londonClockTime(at) };
}

/** Everything the calculator page draws, and what its buttons do (one instance per page). */
export type Calculator = ReturnType<typeof useCalculator>;

/**
 * The calculator page's state: the fields, the live quotes, the range-of-day check, the background save, and
 * Calculate, Reset and 'use this historical rate'. `marginOptions` are the desk's allowed 'Inflate Your Margin'
 * choices (issue 25).
 */
export function useCalculator(marginOptions: MarginPips[]) {
  const [state, dispatch] = useReducer(reducer, undefined, initialState);
  // Bumped by Reset Calculator: the Company Finder panel starts again (list, counters, exhausted flag).
  const [finderGeneration, setFinderGeneration] = useState(0);
  const live = useLiveQuotes();
  const saver = useSaveCalculation();
  // Only the desk's options are drawn (they come with the session, so the first load fetches nothing more): a
  // choice it no longer allows, or None when None is not allowed, reads as its lowest.
  const fields = marginOptions.includes(state.fields.marginPips)
    ? state.fields
    : { ...state.fields, marginPips: marginOptions[0] ?? state.fields.marginPips };
  const quote = live.quotes[fields.pair];
  const range = useRangeCheck(fields.pair, fields.competitorRate, fields.comparisonAt || null);
  // The mid the server will store: its live quote now, the minute's mid for a historical comparison.
  const midNow = fields.comparisonAt
    ? range.day?.found
      ? (range.day.mid?.rate ?? null)
      : null
    : (quote?.mid.toFixed(6) ?? null);
  const belowMid = isBelowMid({
    pair: fields.pair,
    yourRate: fields.yourRate,
    marginPips: fields.marginPips,
    mid: midNow,
  });

  function calculate(e?: FormEvent) {
    e?.preventDefault();
    const parsed = parseCalculatorForm(fields);
    if (!parsed.ok) {
      dispatch({ type: 'error', message: parsed.message });
      return;
    }
    // An off-market competitor rate needs the broker's explicit 'Use this rate anyway' (issue 22 §2).
    if (range.outside && !fields.useOffMarket) {
      dispatch({ type: 'error', message: OFF_MARKET_CONFIRM_NEEDED });
      return;
    }
    let result: ReturnType<typeof calculateSavings>;
    try {
      result = calculateSavings({ ...parsed.value, marginPips: fields.marginPips, pipSize: pipSize(fields.pair) });
    } catch (err) {
      dispatch({ type: 'error', message: err instanceof Error ? err.message : 'An error occurred during calculation' });
      return;
    }
    // The result is shown at once; saving happens in the background. Pressing Calculate (or Enter) again
    // without changing anything repeats the same id, which the server stores only once.
    dispatch({ type: 'calculated', result });
    void saver.save({
      id: state.calculationId,
      pair: fields.pair,
      yourRate: parsed.value.yourRate,
      competitorRate: parsed.value.competitorRate,
      amount: parsed.value.amount,
      tradesPerYear: parsed.value.tradesPerYear,
      marginPips: fields.marginPips,
      clientName: fields.clientName.trim() || undefined,
      ...(range.outside && fields.useOffMarket ? { useOffMarketRate: true } : {}),
      ...comparisonMoment(fields.comparisonAt),
    });
  }

  function reset() {
    dispatch({ type: 'reset' });
    saver.reset();
    setFinderGeneration((g) => g + 1);
  }

  /** A rate picked on the historical chart: the comparison is then about that minute (range check, saved record). */
  function takeHistoricalRate(rate: string, pair: CurrencyPair, at: string) {
    if (pair !== fields.pair) dispatch({ type: 'set', field: 'pair', value: pair });
    dispatch({ type: 'set', field: 'yourRate', value: rate });
    dispatch({ type: 'set', field: 'comparisonAt', value: at });
  }

  return {
    state,
    dispatch,
    fields,
    live,
    quote,
    range,
    belowMid,
    saver,
    finderGeneration,
    calculate,
    reset,
    takeHistoricalRate,
  };
}
