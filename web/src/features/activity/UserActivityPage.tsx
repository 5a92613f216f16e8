import { ROLE_LABELS } from '@pippitch/shared/access';
import {
  ACTIVITY_VIEW_LABELS,
  ACTIVITY_VIEWS,
  type ActivityView,
  shiftPeriod,
} from '@pippitch/shared/activity-periods';
import { formatGBP } from '@pippitch/shared/format';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Segmented } from '../../components/Segmented';
import { AppFrame } from '../../components/TopBar';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { ADMIN_NAV } from '../../lib/nav';
import { trpc } from '../../lib/trpc';
import { MemberMarginConceded } from '../margin/MarginConcededCard';
import { MemberPacks } from '../packs/MemberPacks';
import { CalculationCard } from './CalculationCard';
import { ExportModal } from './ExportModal';

const route = getRouteApi('/_app/admin/user/$userId');

export const MEMBER_NOT_FOUND_TEXT = 'Member not found';

/** /admin/user/{id}: one member's companies pitched and calculations per London day, week or month. */
export function UserActivityPage() {
  const { session } = route.useRouteContext();
  const { userId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [exporting, setExporting] = useState(false);
  const view: ActivityView = search.view ?? 'daily';
  const query = trpc.activity.user.useQuery(
    { userId, view, ...(search.date ? { date: search.date } : {}) },
    { placeholderData: (previous) => (previous?.member.id === userId ? previous : undefined), retry: false },
  );
  const a = query.data;
  const go = (next: { view?: ActivityView; date?: string | undefined }) =>
    navigate({ search: (prev) => ({ ...prev, ...next }), replace: false });

  return (
    <AppFrame
      session={session}
      nav={ADMIN_NAV}
      main="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6"
      overlay={exporting && <ExportModal onClose={() => setExporting(false)} preselected={userId} />}
    >
      <Link to="/admin" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      {query.isError ? (
        <Alert tone="error">
          {query.error.data?.code === 'NOT_FOUND'
            ? MEMBER_NOT_FOUND_TEXT
            : errorMessage(query.error, 'Failed to load activity')}
        </Alert>
      ) : !a ? (
        <Spinner label="Loading activity..." />
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold">{a.member.name}</h1>
              <p className="truncate text-sm text-slate-600">
                {a.member.email} · {ROLE_LABELS[a.member.role]}
                {!a.member.isActive && ' · deactivated'}
              </p>
            </div>
            <Button variant="secondary" onClick={() => setExporting(true)}>
              Export Activity
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Segmented
              legend="View"
              options={ACTIVITY_VIEWS.map((v) => ({ value: v, label: ACTIVITY_VIEW_LABELS[v] }))}
              value={view}
              onChange={(v) => go({ view: v })}
              className="w-full sm:w-80"
            />
            <div className="flex w-full items-center justify-between gap-2 sm:w-auto">
              <Button variant="secondary" onClick={() => go({ date: shiftPeriod(view, a.period.start, -1) })}>
                Previous
              </Button>
              <p className="min-w-0 px-2 text-center text-sm font-semibold text-slate-800" aria-live="polite">
                {a.period.label}
              </p>
              <Button
                variant="secondary"
                disabled={a.isCurrent}
                onClick={() => go({ date: shiftPeriod(view, a.period.start, 1) })}
              >
                Next
              </Button>
            </div>
          </div>
          <Card className="overflow-hidden p-0!">
            <h2 className="border-b border-slate-100 px-4 py-3 text-lg font-semibold">Companies pitched</h2>
            {a.companies.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-slate-500">No companies found</p>
            ) : (
              <table className="w-full text-left text-sm">
                <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500 max-sm:sr-only">
                  <tr>
                    <th className="px-4 py-2 font-medium">Company</th>
                    <th className="px-4 py-2 text-right font-medium">Calculations</th>
                    <th className="px-4 py-2 text-right font-medium">Savings pitched (GBP)</th>
                    <th className="px-4 py-2 font-medium">Last pitched</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {a.companies.map((c) => (
                    <tr key={c.name} className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-1 max-sm:px-4 max-sm:py-3">
                      <td className="px-4 py-2 font-semibold max-sm:col-span-2 max-sm:p-0">{c.name}</td>
                      <td className="px-4 py-2 text-right tabular-nums max-sm:p-0 max-sm:text-left">
                        <span className="text-xs text-slate-500 sm:hidden">Calculations: </span>
                        {c.calculations}
                      </td>
                      <td className="px-4 py-2 text-right tabular-nums max-sm:p-0 max-sm:text-left">
                        <span className="text-xs text-slate-500 sm:hidden">Savings pitched (GBP): </span>
                        {formatGBP(c.annualSavings, 0)}
                        {(c.losses > 0 || c.excluded > 0) && (
                          <span className="block text-xs font-normal text-slate-600">
                            {[
                              c.losses > 0 && `${c.losses} competitor cheaper`,
                              c.excluded > 0 && `${c.excluded} off-market, not counted`,
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        )}
                      </td>
                      <td className="px-4 py-2 text-slate-600 max-sm:col-span-2 max-sm:p-0">
                        <span className="text-xs text-slate-500 sm:hidden">Last pitched: </span>
                        {formatLondonDateTime(new Date(c.lastPitchedAt))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
          {/* Issue 25 §3: the dashboard card's margin figures for this member and period. */}
          <MemberMarginConceded userId={userId} view={view} date={search.date} />
          <section aria-labelledby="calcs-heading" className="space-y-3">
            <h2 id="calcs-heading" className="text-lg font-semibold">
              Calculations ({a.calculationCount})
            </h2>
            {a.calculations.length === 0 ? (
              <Card className="p-6 text-center text-sm text-slate-500">No calculations found for this period</Card>
            ) : (
              <ol className="space-y-3" aria-label="Calculations">
                {a.calculations.map((c) => (
                  <CalculationCard key={c.id} entry={c} />
                ))}
              </ol>
            )}
            {a.calculations.length < a.calculationCount && (
              <p className="text-xs text-slate-500">
                Showing the newest {a.calculations.length} of {a.calculationCount}; export the period as CSV for all.
              </p>
            )}
          </section>
          <MemberPacks userId={userId} />
        </>
      )}
    </AppFrame>
  );
}
