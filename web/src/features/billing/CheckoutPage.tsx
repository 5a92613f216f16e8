import { isAdminRole } from '@pippitch/shared/access';
import { BILLING_MESSAGES, longDate } from '@pippitch/shared/billing-messages';
import { CHECKOUT_MESSAGES } from '@pippitch/shared/checkout';
import { getRouteApi } from '@tanstack/react-router';
import { TopBar } from '../../components/TopBar';
import { Alert, Spinner } from '../../components/ui';
import { useSupportEmail } from '../../lib/operator';
import { trpc } from '../../lib/trpc';
import { NewSubscriptionCheckout } from './NewSubscriptionCheckout';
import { OrderCards } from './OrderCards';
import { PlanChangeCheckout } from './PlanChangeCheckout';
import { useCheckoutOrder } from './useCheckoutOrder';

const route = getRouteApi('/checkout');

/**
 * Checkout (spec §2): seats, add-ons, plan, the order summary with VAT, then one of two flows — a company without a
 * live subscription pays on the provider's page (NewSubscriptionCheckout), one that pays changes its plan after
 * seeing the amount (PlanChangeCheckout). The figures are pricing.ts's, as everywhere; the server prices the order
 * again and nothing about the company changes until the provider confirms the payment.
 */
export function CheckoutPage() {
  const { session } = route.useRouteContext();
  const { canceled } = route.useSearch();
  const admin = isAdminRole(session.user.role);
  const summary = trpc.company.summary.useQuery();
  const supportEmail = useSupportEmail();
  const mode = trpc.billing.mode.useQuery(undefined, { enabled: admin });
  const s = summary.data;
  const { order, dispatch, choose, setSeats } = useCheckoutOrder(s, canceled);
  const { choice } = order;
  // A company that pays changes its one subscription here (issue 20 §1): the amount first, charged on Confirm.
  const paying = s?.subscriptionStatus === 'active' || s?.subscriptionStatus === 'past_due';
  const provider = mode.data?.provider;

  return (
    <div className="min-h-screen">
      <TopBar session={session} items={[{ label: 'Home', to: '/' }]} />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
        <div>
          <h1 className="text-2xl font-bold">{paying ? 'Change your plan' : 'Checkout'}</h1>
          <p className="text-sm text-slate-600">
            {paying
              ? 'Your subscription is changed, not replaced: you see the amount before anything is charged.'
              : 'Choose your seats, add-ons and plan. Prices exclude VAT until the total.'}
          </p>
        </div>
        {order.changed && (
          <Alert tone="success">
            {BILLING_MESSAGES.planChanged}
            {order.changed.on && ` It takes effect on ${longDate(order.changed.on)}.`}
          </Alert>
        )}
        {canceled && <Alert tone="info">{CHECKOUT_MESSAGES.canceled}</Alert>}
        {!admin && (
          <Alert tone="warning">Only your company's admin can start a subscription. Please ask them to sign in.</Alert>
        )}
        {admin && summary.isLoading && <Spinner />}
        {admin && summary.error && <Alert tone="error">{summary.error.message}</Alert>}
        {admin && choice && s && (
          <OrderCards choice={choice} seatNote={order.seatNote} onSeats={setSeats} onChoose={choose}>
            {paying ? (
              <PlanChangeCheckout
                choice={choice}
                order={order}
                dispatch={dispatch}
                provider={provider}
                supportEmail={supportEmail}
                onChanged={() => void summary.refetch()}
              />
            ) : (
              <NewSubscriptionCheckout
                choice={choice}
                company={s}
                provider={provider}
                modeLoading={mode.isLoading}
                supportEmail={supportEmail}
                error={order.error}
                onFailed={(message) => dispatch({ type: 'failed', message })}
              />
            )}
          </OrderCards>
        )}
      </main>
    </div>
  );
}
