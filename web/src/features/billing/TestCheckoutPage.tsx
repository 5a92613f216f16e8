import { TEST_MODE_LABEL } from '@pippitch/shared/checkout';
import { formatGBP } from '@pippitch/shared/format';
import { seatsText } from '@pippitch/shared/plan-price';
import { VAT_LABEL } from '@pippitch/shared/pricing';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { Alert, Button, Card, Logo } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { OrderLine } from './OrderLine';

const route = getRouteApi('/test-checkout/$checkoutId');

/**
 * The built-in checkout that stands in for Stripe's page when no Stripe key is set (never in production).
 * Pay starts the subscription through the same path a Stripe webhook takes; Cancel returns to /checkout.
 */
export function TestCheckoutPage() {
  const { checkoutId } = route.useParams();
  const view = trpc.billing.testCheckout.view.useQuery({ id: checkoutId }, { retry: false });
  const [error, setError] = useState<string | null>(null);
  const go = ({ redirect }: { redirect: string }) => window.location.assign(redirect);
  const pay = trpc.billing.testCheckout.pay.useMutation({ onSuccess: go, onError: (e) => setError(e.message) });
  const cancel = trpc.billing.testCheckout.cancel.useMutation({ onSuccess: go, onError: (e) => setError(e.message) });
  const v = view.data;
  const busy = pay.isPending || cancel.isPending;
  return (
    <div className="min-h-screen bg-slate-100">
      <div className="bg-amber-400 px-4 py-2 text-center text-sm font-bold text-amber-950" role="status">
        {TEST_MODE_LABEL}
      </div>
      <main className="mx-auto max-w-md space-y-6 px-4 py-10">
        <Logo />
        <QueryStatus query={view} />
        {v && (
          <Card className="space-y-4">
            <div>
              <h1 className="text-xl font-bold">Subscription for {v.companyName}</h1>
              <p className="text-sm text-slate-600">
                {v.billing === 'annual' ? 'Annual' : 'Monthly'} plan · {v.adminSeats} admin and {v.brokerSeats} broker
                seats
              </p>
            </div>
            <dl className="space-y-2 text-sm">
              <OrderLine label={seatsText(v.quote.totalSeats)} value={formatGBP(v.quote.seatsTotalForPeriod)} />
              <OrderLine label="Add-ons" value={formatGBP(v.quote.addonsTotalForPeriod)} />
              <OrderLine label={VAT_LABEL} value={formatGBP(v.quote.vat)} />
              <OrderLine
                label={`Total per ${v.billing === 'annual' ? 'year' : 'month'}`}
                value={formatGBP(v.quote.total)}
                strong
              />
            </dl>
            {v.status !== 'open' && (
              <Alert tone="info">
                {v.status === 'complete' ? 'This checkout is already paid.' : 'This checkout was canceled.'}
              </Alert>
            )}
            {error && <Alert tone="error">{error}</Alert>}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                disabled={busy || v.status === 'canceled'}
                onClick={() => pay.mutate({ id: v.id })}
                className="flex-1"
              >
                {pay.isPending ? 'Paying...' : `Pay ${formatGBP(v.quote.total)}`}
              </Button>
              <Button
                variant="secondary"
                disabled={busy || v.status !== 'open'}
                onClick={() => cancel.mutate({ id: v.id })}
                className="flex-1"
              >
                Cancel
              </Button>
            </div>
            <p className="text-xs text-slate-500">No card details are asked for and nothing is charged.</p>
          </Card>
        )}
      </main>
    </div>
  );
}
