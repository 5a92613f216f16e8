import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { TopBar } from '../../components/TopBar';
import { Alert, Button, Spinner } from '../../components/ui';
import { CalculatorFieldsForm } from './CalculatorFieldsForm';
import { ResultsColumn } from './ResultsColumn';
import { useCalculator } from './useCalculator';

// The chart (ECharts) is only downloaded when a broker opens the modal.
const HistoricalRateModal = lazy(() => import('../market/HistoricalRateModal'));
// The finder appears once a client is named: its code comes then, not with the page (the 150 KB budget, issue 24).
const FinderPanel = lazy(() => import('../finder/FinderPanel').then((m) => ({ default: m.FinderPanel })));

const route = getRouteApi('/_app');

export const CALCULATOR_NAV = [
  { label: 'Home', to: '/' },
  { label: 'My Leads', to: '/leads' },
  { label: 'Dashboard', to: '/admin', adminOnly: true },
];

export function CalculatorPage() {
  const { session } = route.useRouteContext();
  const [historyOpen, setHistoryOpen] = useState(false);
  const calc = useCalculator(session.margin.marginOptions);
  const { state, form, fields } = calc;

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
            onSubmit={calc.calculate}
            noValidate
            className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-3"
          >
            <CalculatorFieldsForm
              fields={fields}
              quote={calc.quote}
              liveState={calc.live.state}
              marginOptions={session.margin.marginOptions}
              onChange={form.set}
              onOpenHistory={() => setHistoryOpen(true)}
            />
            {state.error && <Alert tone="error">{state.error}</Alert>}
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button type="submit" className="flex-1">
                Calculate Savings
              </Button>
              <Button variant="secondary" onClick={calc.reset}>
                Reset Calculator
              </Button>
            </div>
          </form>
          <ResultsColumn calc={calc} finderEnabled={session.company.companyFinderEnabled} />
        </div>
        {fields.clientName && (
          <div className="mt-6">
            <Suspense fallback={null}>
              <FinderPanel
                key={`${calc.finderGeneration}:${fields.clientName.trim()}`}
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
              calc.takeHistoricalRate(rate, pair, at);
              setHistoryOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
