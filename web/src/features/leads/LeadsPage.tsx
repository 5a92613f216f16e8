import { ACCESS_MESSAGES, isAdminRole } from '@pippitch/shared/access';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { FloatingBanner, type Notice } from '../../components/Banner';
import { LockIcon } from '../../components/Icon';
import { TopBar } from '../../components/TopBar';
import { Alert, buttonClass, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { LEADS_NAV } from '../../lib/nav';
import { trpc } from '../../lib/trpc';
import { CompanySearch } from '../finder/CompanySearch';
import { MarginDecisions } from '../margin/MarginDecisions';
import { AlertSettings } from './AlertSettings';
import { LeadsList } from './LeadsList';
import type { LeadStats } from './leadModel';

const route = getRouteApi('/_app');

/** My Leads (spec §2): the Company Finder add-on's pipeline. Without the add-on the page is shown locked. */
export function LeadsPage() {
  const { session } = route.useRouteContext();
  const enabled = session.company.companyFinderEnabled;
  return (
    <div className="min-h-screen">
      <TopBar session={session} items={LEADS_NAV} />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <div className="mb-6">
          <h1 className="text-2xl font-bold">My Leads</h1>
          <p className="text-sm text-slate-600">
            Companies you have pitched or want to pitch, and where each one stands.
          </p>
        </div>
        <MarginDecisions />
        {enabled ? <LeadsWorkspace /> : <LockedLeads isAdmin={isAdminRole(session.user.role)} />}
      </main>
    </div>
  );
}

function LeadsWorkspace() {
  const list = trpc.leads.list.useQuery(undefined, { staleTime: 5_000 });
  const [banner, setBanner] = useState<Notice | null>(null);
  const dismiss = useCallback(() => setBanner(null), []);
  return (
    <div className="space-y-6">
      <CompanySearch />
      <FloatingBanner notice={banner} onDismiss={dismiss} />
      {list.isPending ? (
        <Spinner label="Loading your leads..." />
      ) : list.isError ? (
        <Alert tone="error">{errorMessage(list.error, 'Failed to load your leads. Please try again.')}</Alert>
      ) : (
        <>
          <StatCards stats={list.data.stats} />
          <AlertSettings />
          <LeadsList leads={list.data.leads} onNotice={setBanner} />
        </>
      )}
    </div>
  );
}

const STAT_CARDS: [keyof LeadStats, string, string][] = [
  ['total', 'Total Leads', 'text-slate-900'],
  ['contacted', 'Contacted', 'text-green-700'],
  ['notContacted', 'Not Contacted', 'text-amber-700'],
  ['fromCalculator', 'From Calculator', 'text-violet-700'],
  ['fromSearch', 'From Search', 'text-sky-700'],
];

function StatCards({ stats }: { stats: LeadStats }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {STAT_CARDS.map(([key, label, tone], i) => (
        <div
          key={key}
          className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ${i === 0 ? 'col-span-2 sm:col-span-1' : ''}`}
        >
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className={`mt-1 text-2xl font-bold ${tone}`} data-testid={`stat-${key}`}>
            {stats[key].toLocaleString('en-GB')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const SAMPLE_LEADS = [
  ['Northbridge Logistics Ltd', 'Freight transport by road · Manchester'],
  ['Harlow Components PLC', 'Manufacture of electronic components · Essex'],
  ['Seven Dials Trading Co', 'Wholesale of clothing · London'],
  ['Kestrel Foods Limited', 'Processing of fruit and vegetables · Kent'],
];

/**
 * The page as a locked preview: a picture of what the add-on gives, blurred, inert and hidden from assistive
 * technology, under the 'Feature Locked' notice. No leads procedure is called (they would refuse).
 */
function LockedLeads({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="relative min-h-[32rem]">
      <div
        inert
        aria-hidden="true"
        className="pointer-events-none select-none space-y-6 blur-sm"
        data-testid="locked-preview"
      >
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-lg font-semibold">Find New Companies</p>
          <div className="mt-3 flex gap-2">
            <div className="h-10 flex-1 rounded-lg border border-slate-300 bg-white" />
            <div className="h-10 w-24 rounded-lg bg-brand-700" />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {STAT_CARDS.map(([key, label], i) => (
            <div key={key} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-xs font-medium uppercase text-slate-500">{label}</p>
              <p className="mt-1 text-2xl font-bold">{[24, 15, 9, 11, 13][i]}</p>
            </div>
          ))}
        </div>
        <div className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {SAMPLE_LEADS.map(([name, meta]) => (
            <div key={name} className="flex items-center gap-3 px-5 py-4">
              <div className="h-4 w-4 rounded border border-slate-300" />
              <div className="flex-1">
                <p className="font-semibold">{name}</p>
                <p className="text-xs text-slate-500">{meta}</p>
              </div>
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                Contacted
              </span>
            </div>
          ))}
        </div>
      </div>
      <div className="absolute inset-0 flex items-start justify-center px-2 pt-10 sm:pt-20">
        <section
          aria-labelledby="locked-heading"
          className="w-full max-w-md rounded-2xl border border-slate-200 bg-white/95 p-6 text-center shadow-xl"
        >
          <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <LockIcon />
          </div>
          <h2 id="locked-heading" className="mt-3 text-xl font-bold">
            Feature Locked
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            {isAdmin ? ACCESS_MESSAGES.companyFinderRequiredAdmin : ACCESS_MESSAGES.companyFinderRequired}
          </p>
          {isAdmin && (
            <Link to="/admin/account" className={`mt-5 ${buttonClass()}`}>
              Go to Account Management
            </Link>
          )}
        </section>
      </div>
    </div>
  );
}
