import { DASHBOARD_RANGE_LABELS, DASHBOARD_RANGES, type DashboardRange } from '@pippitch/shared/activity-periods';
import { formatGBP } from '@pippitch/shared/format';
import { GBP_TOTALS_NOTE } from '@pippitch/shared/money';
import { formatIsoDate } from '@pippitch/shared/time';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { SectionHead } from '../../components/SectionHead';
import { Segmented } from '../../components/Segmented';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { MarginConcededCard } from '../margin/MarginConcededCard';
import { ExportModal } from './ExportModal';
import { type DashboardData, growthClass } from './figures';

const ActivityChart = lazy(() => import('./ActivityChart'));

/** The dashboard's activity: a range, team totals against the previous range, the chart and each broker's row. */
export function DashboardActivity() {
  const [range, setRange] = useState<DashboardRange>('last7');
  const [exporting, setExporting] = useState(false);
  const query = trpc.activity.dashboard.useQuery({ range }, { placeholderData: (previous) => previous });
  const d = query.data;
  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <SectionHead
        id="activity-heading"
        className="text-lg"
        actions={
          <Button variant="secondary" onClick={() => setExporting(true)}>
            Export Activity
          </Button>
        }
      >
        Team activity
      </SectionHead>
      <Segmented
        legend="Date range"
        options={DASHBOARD_RANGES.map((r) => ({ value: r, label: DASHBOARD_RANGE_LABELS[r] }))}
        value={range}
        onChange={(v) => setRange(v as DashboardRange)}
        className="max-w-xl"
      />
      {query.isPending && <Spinner label="Loading activity..." />}
      {query.isError && <Alert tone="error">{errorMessage(query.error, 'Failed to load activity')}</Alert>}
      {d && (
        <>
          <p className="text-xs text-slate-500">
            {formatIsoDate(d.current.start)}
            {d.current.end !== d.current.start && ` – ${formatIsoDate(d.current.end)}`} (London), compared with{' '}
            {formatIsoDate(d.previous.start)}
            {d.previous.end !== d.previous.start && ` – ${formatIsoDate(d.previous.end)}`}
          </p>
          <Totals totals={d.totals} />
          <Card className="p-4">
            <h3 className="mb-2 text-sm font-semibold text-slate-700">Calculations per day</h3>
            <Chart chart={d.chart} />
          </Card>
          <BrokerTable brokers={d.brokers} />
        </>
      )}
      {/* Issue 25 §3: the same range's margin conceded, from its own query beside the activity's. */}
      <MarginConcededCard range={range} />
      {exporting && <ExportModal onClose={() => setExporting(false)} />}
    </section>
  );
}

function Totals({ totals }: { totals: DashboardData['totals'] }) {
  const cards: [string, DashboardData['totals']['calculations'], (v: string) => string][] = [
    ['Calculations', totals.calculations, (v) => v],
    ['Clients pitched', totals.clients, (v) => v],
    ['Savings pitched', totals.savings, (v) => formatGBP(v, 0)],
    ['Average pips', totals.averagePips, (v) => v],
    ['Competitor cheaper', totals.losses, (v) => v],
    ['Not counted (off-market or below the mid)', totals.excluded, (v) => v],
  ];
  return (
    <div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        {cards.map(([label, fig, show]) => (
          <Card key={label} className="min-w-0 p-4">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
            {/* Never cut off: a long figure wraps at its commas rather than ending in '…' on a phone. */}
            <p
              className="mt-1 break-words text-lg font-semibold tabular-nums sm:text-xl"
              data-testid={`total-${label}`}
            >
              {show(fig.current)}
            </p>
            <p className="mt-0.5 text-xs text-slate-500">
              <span className={`font-semibold ${growthClass(fig.growth)}`}>{fig.growth}</span> vs previous (
              {show(fig.previous)})
            </p>
          </Card>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-600" data-testid="totals-note">
        Savings pitched counts only pitches where we are cheaper; {GBP_TOTALS_NOTE.charAt(0).toLowerCase()}
        {GBP_TOTALS_NOTE.slice(1)} Average pips leave out off-market rates.
      </p>
    </div>
  );
}

function Chart({ chart }: { chart: DashboardData['chart'] }) {
  const narrow = useMediaQuery('(max-width: 767px)');
  const height = narrow ? 220 : 280;
  if (chart.series.length === 0) {
    return <p className="py-8 text-center text-sm text-slate-500">No calculations in this period</p>;
  }
  return (
    <Suspense fallback={<div style={{ height }} className="animate-pulse rounded-lg bg-slate-100" />}>
      <ActivityChart days={chart.days} series={chart.series} height={height} />
    </Suspense>
  );
}

function BrokerTable({ brokers }: { brokers: DashboardData['brokers'] }) {
  if (brokers.length === 0) {
    return (
      <Card className="p-6 text-center text-sm text-slate-600">
        No active brokers yet: invite your team from Invite Members above.
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden p-0!">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Activity per broker</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500 max-md:sr-only">
          <tr>
            <th className="px-4 py-3 font-medium">Broker</th>
            <th className="px-4 py-3 text-right font-medium">Calculations</th>
            <th className="px-4 py-3 text-right font-medium">Clients pitched</th>
            <th className="px-4 py-3 text-right font-medium">Savings pitched</th>
            <th className="px-4 py-3 text-right font-medium">Avg pips</th>
            <th className="px-4 py-3 font-medium">Last active</th>
            <th className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {brokers.map((b) => (
            <tr key={b.id} className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-1 max-md:p-4">
              <td className="px-4 py-3 max-md:col-span-2 max-md:p-0">
                <p className="font-semibold text-slate-900">{b.name}</p>
                <p className="truncate text-xs text-slate-500">{b.email}</p>
              </td>
              <Cell label="Calculations">
                {b.calculations.current}{' '}
                <span className={`text-xs font-semibold ${growthClass(b.calculations.growth)}`}>
                  {b.calculations.growth}
                </span>
              </Cell>
              <Cell label="Clients pitched">{b.clients.current}</Cell>
              <Cell label="Savings pitched">{formatGBP(b.savings.current, 0)}</Cell>
              <Cell label="Avg pips">{b.averagePips.current}</Cell>
              <td className="px-4 py-3 text-slate-700 max-md:p-0" data-testid="last-active">
                <span className="text-xs text-slate-500 md:hidden">Last active: </span>
                {b.lastActive}
              </td>
              <td className="px-4 py-3 text-right max-md:col-span-2 max-md:p-0 max-md:pt-2 max-md:text-left">
                <Link
                  to="/admin/user/$userId"
                  params={{ userId: b.id }}
                  className="whitespace-nowrap text-sm font-semibold text-brand-700 hover:underline"
                  aria-label={`View Activity of ${b.name}`}
                >
                  View Activity
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <td className="px-4 py-3 text-right tabular-nums max-md:p-0 max-md:text-left">
      <span className="text-xs text-slate-500 md:hidden">{label}: </span>
      {children}
    </td>
  );
}
