import { isBelowMid } from '@pippitch/shared/below-mid';
import type { CurrencyPair, MarginPips } from '@pippitch/shared/pairs';
import { londonClockTime, londonDateOf } from '@pippitch/shared/time';
import { type FormEvent, useState } from 'react';
import { EMPTY_FIELDS } from '../../lib/calculator-core';
import { useCalculatorForm } from '../../lib/useCalculatorForm';
import { useRangeCheck } from './RangeCheck';
import { useLiveQuotes } from './useLiveQuotes';
import { useCalculationId, useSaveCalculation } from './useSaveCalculation';

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
  const form = useCalculatorForm(EMPTY_FIELDS);
  const { state } = form;
  const calculationId = useCalculationId(state.revision);
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
    const done = form.calculate(fields, range.outside);
    if (!done.ok) return;
    // The result is shown at once; saving happens in the background. Pressing Calculate (or Enter) again
    // without changing anything repeats the same id, which the server stores only once.
    void saver.save({
      id: calculationId,
      pair: fields.pair,
      ...done.input,
      marginPips: fields.marginPips,
      clientName: fields.clientName.trim() || undefined,
      ...(range.outside && fields.useOffMarket ? { useOffMarketRate: true } : {}),
      ...comparisonMoment(fields.comparisonAt),
    });
  }

  function reset() {
    form.reset();
    saver.reset();
    setFinderGeneration((g) => g + 1);
  }

  /** A rate picked on the historical chart: the comparison is then about that minute (range check, saved record). */
  function takeHistoricalRate(rate: string, pair: CurrencyPair, at: string) {
    if (pair !== fields.pair) form.set('pair', pair);
    form.set('yourRate', rate);
    form.set('comparisonAt', at);
  }

  return {
    state,
    form,
    calculationId,
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
