import { sessionNote } from '@pippitch/shared/evidence';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { ResultsPanel } from './ResultsPanel';
import type { Calculator } from './useCalculator';

// The margin against the desk's policy (issue 25) comes once a rate and amount are typed: the calculator's first
// load stays within its 150 KB budget (issue 24).
const MarginCard = lazy(() => import('./MarginCard'));

/**
 * The calculator's right-hand column (below the form on a phone): the margin card, the result or what to do to get
 * one, and what the background save said (a failure, or the lead the finder made of the client).
 */
export function ResultsColumn({ calc, finderEnabled }: { calc: Calculator; finderEnabled: boolean }) {
  const { state, fields, live, range, saver, belowMid, calculationId } = calc;
  const resultsRef = useRef<HTMLDivElement>(null);
  // On a phone the results sit below the form: bring them into view when they appear.
  useEffect(() => {
    if (state.result && window.matchMedia('(max-width: 1023px)').matches) {
      resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [state.result]);

  return (
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
      {finderEnabled && saver.state.status === 'saved' && saver.state.lead && state.result && (
        <p className="text-xs text-slate-600" role="status">
          {saver.state.lead.message}
        </p>
      )}
    </div>
  );
}
