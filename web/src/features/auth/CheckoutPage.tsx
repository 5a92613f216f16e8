import { isAdminRole } from '@pippitch/shared/access';
import { formatGBP } from '@pippitch/shared/format';
import { ANNUAL_DISCOUNT_PERCENTAGE, type Billing, quote, VAT_LABEL } from '@pippitch/shared/pricing';
import { SUPPORT_EMAIL } from '@pippitch/shared/product';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Segmented } from '../../components/Segmented';
import { TopBar } from '../../components/TopBar';
import { Alert, Card, Spinner } from '../../components/ui';
import { trpc } from '../../lib/trpc';

const route = getRouteApi('/checkout');

/**
 * The order summary for the company's current seats. Online card payment arrives with the billing
 * work; until then the page gives the exact figures and how to activate.
 */
export function CheckoutPage() {
  const { session } = route.useRouteContext();
  const { canceled } = route.useSearch();
  const summary = trpc.company.summary.useQuery();
  const [billing, setBilling] = useState<Billing>('monthly');
  const s = summary.data;
  const q = s
    ? quote({
        adminSeats: s.adminSeats,
        brokerSeats: s.brokerSeats,
        billing,
        addons: { companyFinder: s.companyFinderEnabled, clientData: s.clientDataEnabled },
      })
    : null;
  return (
    <div className="min-h-screen">
      <TopBar session={session} items={[{ label: 'Home', to: '/' }]} />
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-10">
        <h1 className="text-2xl font-bold">Checkout</h1>
        {canceled && <Alert tone="info">Payment was canceled. You can try again when ready.</Alert>}
        {!isAdminRole(session.user.role) && (
          <Alert tone="warning">Only your company's admin can start a subscription. Please ask them to sign in.</Alert>
        )}
        {summary.isLoading && <Spinner />}
        {s && q && (
          <Card className="space-y-4">
            <Segmented<Billing>
              legend="Plan"
              look="card"
              value={billing}
              onChange={setBilling}
              options={[
                { value: 'monthly', label: 'Monthly', hint: 'Billed monthly' },
                { value: 'annual', label: 'Annual', hint: `${ANNUAL_DISCOUNT_PERCENTAGE}% off, billed yearly` },
              ]}
            />
            <dl className="space-y-2 text-sm">
              <Row
                label={`${q.totalSeats} seats (${s.adminSeats} admin, ${s.brokerSeats} broker) at ${formatGBP(q.pricePerSeat)}`}
                value={formatGBP(q.seatsTotalForPeriod)}
              />
              <Row label="Add-ons" value={formatGBP(q.addonsTotalForPeriod)} />
              <Row label="Subtotal" value={formatGBP(q.subtotal)} />
              <Row label={VAT_LABEL} value={formatGBP(q.vat)} />
              <Row label={`Total per ${billing === 'monthly' ? 'month' : 'year'}`} value={formatGBP(q.total)} strong />
            </dl>
            <Alert tone="info">
              Online card payment is being set up. To activate your subscription now, e-mail{' '}
              <a
                className="font-semibold underline"
                href={`mailto:${SUPPORT_EMAIL}?subject=Activate ${encodeURIComponent(s.name)}`}
              >
                {SUPPORT_EMAIL}
              </a>{' '}
              and we will switch your account on the same day.
            </Alert>
            <Link to="/" className="inline-block text-sm text-slate-600 underline">
              Back to home
            </Link>
          </Card>
        )}
      </main>
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-slate-200 pt-2 text-base font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
