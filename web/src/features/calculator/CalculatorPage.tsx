import { isBelowMid } from '@pippitch/shared/below-mid';
import { sessionNote } from '@pippitch/shared/evidence';
import { londonClockTime, londonDateOf } from '@pippitch/shared/time';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { TopBar } from '../../components/TopBar';
import { Alert, Button, Spinner } from '../../components/ui';
import { EMPTY_FIELDS } from '../../lib/calculator-core';
import { useCalculatorForm } from '../../lib/useCalculatorForm';
import { CalculatorFieldsForm } from './CalculatorFieldsForm';
import { useRangeCheck } from './RangeCheck';
import { ResultsPanel } from './ResultsPanel';
import { useLiveQuotes } from './useLiveQuotes';
import { useCalculationId, useSaveCalculation } from './useSaveCalculation';

// The chart (ECharts) is only downloaded when a broker opens the modal.
const HistoricalRateModal = lazy(() => import('../market/HistoricalRateModal'));
// The finder appears once a client is named: its code comes then, not with the page (the 150 KB budget, issue 24).
const FinderPanel = lazy(() => import('../finder/FinderPanel').then((m) => ({ default: m.FinderPanel })));
// The margin against the desk's policy (issue 25) comes once a rate and amount are typed, for the same budget.
const MarginCard = lazy(() => import('./MarginCard'));

const route = getRouteApi('/_app');

export const CALCULATOR_NAV = [
  { label: 'Home', to: '/' },
  { label: 'My Leads', to: '/leads' },
  { label: 'Dashboard', to: '/admin', adminOnly: true },
];

/** What a save says about the comparison's moment: today, or the London date and minute of a historical rate. */
function comparisonMoment(comparisonAt: string): { comparisonDate: string; comparisonTime?: string } {
  if (!comparisonAt) return { comparisonDate: londonDateOf(new Date()) };
  const at = new Date(comparisonAt);
  return { comparisonDate: londonDateOf(at), comparisonTime: londonClockTime(at) };
}

export function CalculatorPage() {
  const { session } = route.useRouteContext();
  const form = useCalculatorForm(EMPTY_FIELDS);
  const { state } = form;
  const calculationId = useCalculationId(state.revision);
  const [historyOpen, setHistoryOpen] = useState(false);
  // Bumped by Reset Calculator: the Company Finder panel starts again (list, counters, exhausted flag).
  const [finderGeneration, setFinderGeneration] = useState(0);
  const live = useLiveQuotes();
  const saver = useSaveCalculation();
  const resultsRef = useRef<HTMLDivElement>(null);
  // On a phone the results sit below the form: bring them into view when they appear.
  useEffect(() => {
    if (state.result && window.matchMedia('(max-width: 1023px)').matches) {
      resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [state.result]);
  // Only the desk's 'Inflate Your Margin' options are drawn (issue 25; they come with the session, so the first load
  // fetches nothing more): a choice it no longer allows, or None when None is not allowed, reads as its lowest.
  const allowed = session.margin.marginOptions;
  const fields = allowed.includes(state.fields.marginPips)
    ? state.fields
    : { ...state.fields, marginPips: allowed[0] ?? state.fields.marginPips };
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

  return (
    <div className="min-h-screen">
      <TopBar session={session} items={CALCULATOR_NAV} />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <div className="mb-6">
          <h1 className="text-2xl font-bold">FX Savings Calculator</h1>
          <p className="text-sm text-slate-600">
            Compare your rate with the client's current provider and show the saving.
          </p>
        </div>
        <div className="grid gap-6 lg:grid-cols-5">
          <form
            onSubmit={calculate}
            noValidate
            className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-3"
          >
            <CalculatorFieldsForm
              fields={fields}
              quote={quote}
              liveState={live.state}
              marginOptions={allowed}
              onChange={form.set}
              onOpenHistory={() => setHistoryOpen(true)}
            />
            {state.error && <Alert tone="error">{state.error}</Alert>}
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button type="submit" className="flex-1">
                Calculate Savings
              </Button>
              <Button variant="secondary" onClick={reset}>
                Reset Calculator
              </Button>
            </div>
          </form>
          <div ref={resultsRef} className="scroll-mt-4 space-y-4 lg:col-span-2">
            {/* Loaded once there is a pitch to measure, so the page's first load is unchanged. */}
            {fields.yourRate && fields.amount && (
              <Suspense fallback={null}>
                <MarginCard
                  fields={fields}
                  quotes={live.quotes}
                  day={range.day}
                  savedCalculationId={saver.state.status === 'saved' && state.result ? calculationId : null}
                />
              </Suspense>
            )}
            {state.result ? (
              <ResultsPanel
                result={state.result}
                pair={fields.pair}
                offMarket={range.outside && fields.useOffMarket}
                checkedAgainst={range.check ? sessionNote(range.check) : null}
                belowMid={belowMid}
              />
            ) : (
              <div className="rounded-2xl border border-dashed border-slate-300 p-6 text-sm text-slate-500">
                Enter the rates, amount and trades per year, then press Calculate Savings (or Enter).
              </div>
            )}
            {saver.state.status === 'failed' && state.result && (
              <p className="text-xs text-amber-700">{saver.state.message}</p>
            )}
            {session.company.companyFinderEnabled &&
              saver.state.status === 'saved' &&
              saver.state.lead &&
              state.result && (
                <p className="text-xs text-slate-600" role="status">
                  {saver.state.lead.message}
                </p>
              )}
          </div>
        </div>
        {fields.clientName && (
          <div className="mt-6">
            <Suspense fallback={null}>
              <FinderPanel
                key={`${finderGeneration}:${fields.clientName.trim()}`}
                clientName={fields.clientName}
                enabled={session.company.companyFinderEnabled}
              />
            </Suspense>
          </div>
        )}
      </main>
      {historyOpen && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/30">
              <Spinner label="Loading chart data..." />
            </div>
          }
        >
          <HistoricalRateModal
            initialPair={fields.pair}
            onClose={() => setHistoryOpen(false)}
            onUseRate={(rate, pair, at) => {
              if (pair !== fields.pair) form.set('pair', pair);
              form.set('yourRate', rate);
              // The comparison is then about that minute: the range check and the saved record use it.
              form.set('comparisonAt', at);
              setHistoryOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
