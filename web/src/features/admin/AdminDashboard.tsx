import { ROLE_LABELS } from '@pippitch/shared/access';
import { formatGBP } from '@pippitch/shared/format';
import { addonsIncludedSuffix } from '@pippitch/shared/plan-price';
import { SALESFORCE_SETTINGS_PATH } from '@pippitch/shared/salesforce';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { AppFrame } from '../../components/TopBar';
import { Alert, Card } from '../../components/ui';
import { formatDate } from '../../lib/product';
import { summaryPrice } from '../../lib/summary-price';
import { trpc } from '../../lib/trpc';
import { DashboardActivity } from '../activity/DashboardActivity';
import { BillingBanners } from '../billing/AccountBilling';
import { ApprovalQueue } from '../margin/ApprovalQueue';
import { MarginPolicyCard } from '../margin/MarginPolicyCard';
import { MonthlyReportCard } from '../reports/MonthlyReportCard';
import { ExportScheduleCard } from '../salesforce/ExportScheduleCard';
import { DataStatusCard } from './DataStatusCard';
import { DeskPairsCard } from './DeskPairsCard';
import { MembersTable } from './MembersTable';
import { SuccessBanner } from './SuccessBanner';

const route = getRouteApi('/_app/admin/');

const NAV = [
  { label: 'Home', to: '/' },
  { label: 'Use Calculator', to: '/calculator' },
];

/** The dashboard's links (spec §2); Salesforce settings joins them while the CRM is not connected. */
const LINKS: { label: string; to: string; hint: string }[] = [
  { label: 'Account Management', to: '/admin/account', hint: 'Plan, billing, add-ons and the team' },
  { label: 'Use Calculator', to: '/calculator', hint: 'Pitch a client yourself' },
  { label: 'Invite Members', to: '/admin/invite', hint: 'Add brokers and admins to your team' },
];
const SALESFORCE_LINK = {
  label: 'Salesforce Settings',
  to: SALESFORCE_SETTINGS_PATH,
  hint: 'Connect Salesforce to export team activity',
};

export function AdminDashboard() {
  const { session } = route.useRouteContext();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const summary = trpc.company.summary.useQuery();
  const crm = trpc.salesforce.status.useQuery();
  const links = crm.data && !crm.data.connected ? [...LINKS, SALESFORCE_LINK] : LINKS;
  const s = summary.data;
  const price = s ? summaryPrice(s) : null;
  const banner = search.seats_updated === 1 ? 'seats' : search.checkout === 'success' ? 'checkout' : null;
  const clearBannerParam = useCallback(() => {
    void navigate({ search: {}, replace: true });
  }, [navigate]);
  return (
    <AppFrame session={session} nav={NAV} main="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold">Admin Dashboard</h1>
        <p className="text-sm text-slate-600">
          Signed in as {session.user.fullName} ({ROLE_LABELS[session.user.role]})
        </p>
      </div>
      <SuccessBanner kind={banner} onSeen={clearBannerParam} />
      {/* The plan's state: a scheduled cancellation (date, days remaining, Reactivate) or a failed payment. */}
      <BillingBanners />
      <nav
        aria-label="Admin"
        className={`grid gap-3 sm:grid-cols-2 ${links.length > 3 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
      >
        {links.map((l) => (
          <Link
            key={l.to}
            to={l.to}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 hover:bg-brand-50"
          >
            <span className="block font-semibold text-brand-800">{l.label}</span>
            <span className="block text-xs text-slate-600">{l.hint}</span>
          </Link>
        ))}
      </nav>
      <QueryStatus query={summary} />
      {s && (
        <>
          {s.trialDaysLeft !== null && (
            <Alert tone={s.trialDaysLeft <= 7 ? 'warning' : 'info'}>
              Free trial: <strong>{s.trialDaysLeft} days left</strong> (ends {formatDate(s.trialEndsAt)}).
            </Alert>
          )}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label="Company" value={s.name} sub={s.domain} />
            <Stat
              label="Plan"
              value={
                s.subscriptionStatus === 'trialing' ? 'Free trial' : s.billingPeriod === 'annual' ? 'Annual' : 'Monthly'
              }
              sub={
                s.subscriptionStatus === 'trialing'
                  ? `After trial: ${s.billingPeriod === 'annual' ? 'annual' : 'monthly'} billing`
                  : `Billed ${s.billingPeriod === 'annual' ? 'annually' : 'monthly'}`
              }
            />
            <Stat
              label="Seats"
              value={`${s.activeAdmins + s.activeBrokers} of ${s.totalSeats} used`}
              sub={`${s.adminSeats} admin · ${s.brokerSeats} broker`}
            />
            {price && (
              <Stat
                label="Price"
                value={`${formatGBP(price.inclVat)}/${price.period}`}
                sub={`incl. VAT${addonsIncludedSuffix(price)} · ${formatGBP(price.seatPerMonth)} per seat per month`}
              />
            )}
          </div>
          <div className="flex flex-wrap gap-2 text-sm">
            <AddOn name="Company Finder" enabled={s.companyFinderEnabled} />
            <AddOn name="Client Data Tracking" enabled={s.clientDataEnabled} />
          </div>
        </>
      )}
      <DashboardActivity />
      {/* The desk's cards in two balanced columns from lg up (issue 31 §6): the margin policy (tall) and the requests
          below it (issue 25), the export and monthly report schedules (spec §2), the desk's pairs and their market data
          (issue 34 §3). Rows of two left a ~1,000 px blank beside the policy at 1440 px; columns fill down instead. */}
      <div className="gap-6 lg:columns-2 *:mb-6 *:break-inside-avoid" data-testid="desk-cards">
        <ApprovalQueue />
        <MarginPolicyCard />
        <ExportScheduleCard />
        <MonthlyReportCard />
        <DeskPairsCard />
        <DataStatusCard />
      </div>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Team members</h2>
        <MembersTable />
      </Card>
    </AppFrame>
  );
}

function Stat({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    // min-w-0 and wrapping, never '…': a figure or its note is never cut off, and no card widens a phone's page.
    <Card className="min-w-0 p-5">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 break-words text-lg font-semibold" data-testid={`stat-${label}`}>
        {value}
      </p>
      {sub && <p className="mt-1 break-words text-xs text-slate-500">{sub}</p>}
    </Card>
  );
}

function AddOn({ name, enabled }: { name: string; enabled: boolean }) {
  return (
    <span
      className={`rounded-full px-3 py-1 font-medium ${enabled ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-600'}`}
    >
      {name}: {enabled ? 'enabled' : 'not enabled'}
    </span>
  );
}
