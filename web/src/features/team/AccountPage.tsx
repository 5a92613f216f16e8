import { formatGBP } from '@pippitch/shared/format';
import { addonsIncludedText, periodPriceText, seatPriceText, seatsText } from '@pippitch/shared/plan-price';
import { mayManageSeats } from '@pippitch/shared/roles';
import { getRouteApi, Link } from '@tanstack/react-router';
import { AdminPage } from '../../components/AdminPage';
import { QueryStatus } from '../../components/QueryStatus';
import { buttonClass, Card } from '../../components/ui';
import { formatDate } from '../../lib/product';
import { planOf, summaryPrice } from '../../lib/summary-price';
import { trpc } from '../../lib/trpc';
import { MembersTable } from '../admin/MembersTable';
import { BillingBanners, CancelCard, SeatTiers } from '../billing/AccountBilling';
import { AddonsCard } from '../billing/AddonsCard';
import { CompanyLogoCard } from './CompanyLogoCard';
import { SeatPlan } from './SeatPlan';
import { seatKey } from './SeatsPage';

const route = getRouteApi('/_app/admin/account');

/**
 * /admin/account (spec §2 Account management): the plan's banners (trial, scheduled cancellation, failed
 * payment), the current plan and its seats with the tiers, add-ons, the team, and cancellation.
 */
export function AccountPage() {
  const { session } = route.useRouteContext();
  const summary = trpc.company.summary.useQuery();
  const s = summary.data;
  const seats = trpc.seats.accountOverview.useQuery();
  const price = s ? summaryPrice(s) : null;
  return (
    <AdminPage
      session={session}
      title="Account Management"
      intro={
        <>
          Your plan, seats, add-ons and team.{' '}
          <Link to="/email-preview" className="font-medium text-brand-700 hover:underline">
            See the e-mails we send your admins
          </Link>
        </>
      }
    >
      <QueryStatus query={summary} />
      <BillingBanners />
      {s && price && (
        <>
          {s.trialDaysLeft !== null && (
            <div
              role="status"
              className={`flex flex-col gap-3 rounded-2xl border px-5 py-4 sm:flex-row sm:items-center sm:justify-between ${s.trialDaysLeft <= 7 ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-sky-200 bg-sky-50 text-sky-900'}`}
            >
              <p className="text-sm">
                <strong>
                  Free trial: {s.trialDaysLeft} day{s.trialDaysLeft === 1 ? '' : 's'} left
                </strong>
                <span className="block sm:inline"> Your trial ends on {formatDate(s.trialEndsAt)}.</span>
              </p>
              <Link to="/checkout" className={`shrink-0 ${buttonClass()}`}>
                Upgrade Now
              </Link>
            </div>
          )}
          <Card>
            <h2 className="text-lg font-semibold">Current Plan</h2>
            <p className="mt-2 text-sm text-slate-700">
              {s.subscriptionStatus === 'trialing'
                ? 'Free trial'
                : `${s.billingPeriod === 'annual' ? 'Annual' : 'Monthly'} plan`}{' '}
              · {seatsText(s.totalSeats)} ({s.adminSeats} admin, {s.brokerSeats} broker) · {seatPriceText(price)} ·{' '}
              {periodPriceText(price)}, {addonsIncludedText(planOf(s)).toLowerCase()}
              {s.subscriptionStatus === 'trialing' && ' after the trial'}
            </p>
            {s.subscriptionStatus !== 'trialing' && s.trialEndsAt && new Date(s.trialEndsAt) > new Date() && (
              <p className="mt-1 text-sm text-slate-700">
                Your free trial continues until {formatDate(s.trialEndsAt)}: the first charge of{' '}
                {formatGBP(price.inclVat)} is taken then.
              </p>
            )}
            <p className="mt-1 text-sm text-slate-600">
              {s.activeAdmins + s.activeBrokers} of {seatsText(s.totalSeats)} in use.
              {mayManageSeats(session.user.role) && (
                <>
                  {' '}
                  <Link to="/admin/seats" className="font-medium text-brand-700 hover:underline">
                    Seat management
                  </Link>
                </>
              )}
            </p>
            <SeatTiers />
          </Card>
          {seats.data && <SeatPlan key={seatKey(seats.data)} overview={seats.data} from="account" />}
          <AddonsCard />
        </>
      )}
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Team Members</h2>
        <MembersTable />
      </Card>
      <CompanyLogoCard />
      <CancelCard />
    </AdminPage>
  );
}
