import { isAdminRole } from '@pippitch/shared/access';
import { BILLING_MESSAGES, chargeSentence, longDate } from '@pippitch/shared/billing-messages';
import { CHECKOUT_MESSAGES, TEST_MODE_LABEL } from '@pippitch/shared/checkout';
import { formatGBP } from '@pippitch/shared/format';
import { planPrice, seatPriceText, seatsText } from '@pippitch/shared/plan-price';
import { ANNUAL_DISCOUNT_PERCENTAGE, type Billing, quote, VAT_LABEL } from '@pippitch/shared/pricing';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AddonChoices } from '../../components/AddonChoices';
import { Segmented } from '../../components/Segmented';
import { Stepper } from '../../components/Stepper';
import { TopBar } from '../../components/TopBar';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { useSupportEmail } from '../../lib/operator';
import { trpc } from '../../lib/trpc';
import { ChargeConfirm, chargeError, type ShownCharge } from './ChargeConfirm';
import { type Choice, rememberChoice, rememberedChoice } from './checkout-choice';
import { OrderLine } from './OrderLine';

const route = getRouteApi('/checkout');

/**
 * Checkout (spec §2): seats, add-ons, plan, the order summary with VAT, then the payment provider's page.
 * The figures are pricing.ts's, as everywhere; the server prices the order again and nothing about the
 * company changes until the provider confirms the payment.
 */
export function CheckoutPage() {
  const { session } = route.useRouteContext();
  const { canceled } = route.useSearch();
  const admin = isAdminRole(session.user.role);
  const summary = trpc.company.summary.useQuery();
  const supportEmail = useSupportEmail();
  const mode = trpc.billing.mode.useQuery(undefined, { enabled: admin });
  const [choice, setChoice] = useState<Choice | null>(null);
  const [seatNote, setSeatNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = trpc.billing.startCheckout.useMutation({
    onSuccess: ({ url }) => {
      if (!url) return setError(CHECKOUT_MESSAGES.noUrl);
      window.location.assign(url);
    },
    onError: (e) =>
      setError(
        e.data?.code === 'BAD_REQUEST' || e.data?.code === 'SERVICE_UNAVAILABLE' ? e.message : CHECKOUT_MESSAGES.failed,
      ),
  });

  const s = summary.data;
  // A company that pays changes its one subscription here (issue 20 §1): the amount first, charged on Confirm.
  const paying = s?.subscriptionStatus === 'active' || s?.subscriptionStatus === 'past_due';
  const [shown, setShown] = useState<(ShownCharge & { prorationDate: string }) | null>(null);
  const [changed, setChanged] = useState(false);
  // A change made at the next renewal (fewer seats, annual → monthly): the day it takes effect, said once done.
  const [changedOn, setChangedOn] = useState<string | null>(null);
  const preview = trpc.billing.planChange.preview.useMutation({
    onSuccess: (q) => setShown(q),
    onError: (e) => setError(chargeError(e)),
  });
  const confirm = trpc.billing.planChange.confirm.useMutation({
    onSuccess: (result) => {
      if (result.status === 'requires_payment') return window.location.assign(result.url);
      setChangedOn(shown?.effectiveOn ?? null);
      setShown(null);
      setChanged(true);
      void summary.refetch();
    },
    onError: (e) => setError(chargeError(e)),
  });
  useEffect(() => {
    if (s && !choice) {
      // Back from a cancelled payment: the choices made before it, not the stored plan's.
      const kept = canceled ? rememberedChoice() : null;
      if (kept) return setChoice(kept);
      setChoice({
        adminSeats: Math.max(s.adminSeats, s.activeAdmins, 1),
        brokerSeats: Math.max(s.brokerSeats, s.activeBrokers),
        billing: s.billingPeriod === 'annual' ? 'annual' : 'monthly',
        addons: { companyFinder: s.companyFinderEnabled, clientData: s.clientDataEnabled },
      });
    }
  }, [s, choice, canceled]);

  const update = (patch: Partial<Choice>) => {
    setError(null);
    setShown(null);
    setChanged(false);
    setChoice((c) => (c ? { ...c, ...patch } : c));
  };
  const setSeats = (role: 'admin' | 'broker', n: number) => {
    if (!s) return;
    const active = role === 'admin' ? s.activeAdmins : s.activeBrokers;
    if (n < active) {
      setSeatNote(`You have ${active} active ${role}(s). You cannot reduce below this number.`);
      return;
    }
    setSeatNote(null);
    update(role === 'admin' ? { adminSeats: n } : { brokerSeats: n });
  };
  const q = choice ? quote(choice) : null;
  const period = choice?.billing === 'annual' ? 'year' : 'month';
  const noProvider = mode.data?.provider === null;

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
        {changed && (
          <Alert tone="success">
            {BILLING_MESSAGES.planChanged}
            {changedOn && ` It takes effect on ${longDate(changedOn)}.`}
          </Alert>
        )}
        {canceled && <Alert tone="info">{CHECKOUT_MESSAGES.canceled}</Alert>}
        {!admin && (
          <Alert tone="warning">Only your company's admin can start a subscription. Please ask them to sign in.</Alert>
        )}
        {admin && summary.isLoading && <Spinner />}
        {admin && summary.error && <Alert tone="error">{summary.error.message}</Alert>}
        {admin && choice && q && (
          <>
            <Card className="space-y-4">
              <h2 className="text-lg font-semibold">Seats</h2>
              <div className="grid gap-4 sm:grid-cols-2">
                <Stepper label="Admin seats" value={choice.adminSeats} min={1} onChange={(n) => setSeats('admin', n)} />
                <Stepper
                  label="Broker seats"
                  value={choice.brokerSeats}
                  min={0}
                  onChange={(n) => setSeats('broker', n)}
                />
              </div>
              {seatNote && <Alert tone="warning">{seatNote}</Alert>}
              <p className="text-sm text-slate-600">
                {seatsText(q.totalSeats)} at {seatPriceText(planPrice(choice))} ({q.tierName}).
              </p>
              {q.cheaperWithOneMore && (
                <p className="text-sm text-amber-800">
                  Tip: one more seat moves you to a cheaper tier and lowers your total.
                </p>
              )}
            </Card>

            <Card className="space-y-3">
              <h2 className="text-lg font-semibold">Add-ons</h2>
              <AddonChoices billing={choice.billing} value={choice.addons} onChange={(addons) => update({ addons })} />
            </Card>

            <Card className="space-y-4">
              <h2 className="text-lg font-semibold">Plan</h2>
              <Segmented<Billing>
                legend="Plan"
                look="card"
                value={choice.billing}
                onChange={(billing) => update({ billing })}
                options={[
                  { value: 'monthly', label: 'Monthly', hint: 'Billed monthly, cancel any time' },
                  { value: 'annual', label: 'Annual', hint: `${ANNUAL_DISCOUNT_PERCENTAGE}% off, billed yearly` },
                ]}
              />
              <h2 className="text-lg font-semibold">Order summary</h2>
              <dl className="space-y-2 text-sm">
                <OrderLine
                  label={`${seatsText(q.totalSeats)} (${choice.adminSeats} admin, ${choice.brokerSeats} broker)`}
                  value={formatGBP(q.seatsTotalForPeriod)}
                />
                <OrderLine label="Add-ons" value={formatGBP(q.addonsTotalForPeriod)} />
                <OrderLine label="Subtotal" value={formatGBP(q.subtotal)} />
                <OrderLine label={VAT_LABEL} value={formatGBP(q.vat)} />
                <OrderLine label={`Total per ${period}`} value={formatGBP(q.total)} strong />
              </dl>
              {!paying && s?.subscriptionStatus === 'trialing' && s.trialEndsAt && (s.trialDaysLeft ?? 0) > 0 && (
                <Alert tone="info">
                  Your free trial continues: nothing is charged today. Your first charge of {formatGBP(q.total)} is on{' '}
                  {longDate(s.trialEndsAt)}, when your trial ends.
                </Alert>
              )}
              {!paying && s && (
                <p className="text-sm font-semibold text-slate-900">
                  {chargeSentence({
                    dueNowPence: Math.round(Number(q.total) * 100),
                    recurringPence: Math.round(Number(q.total) * 100),
                    billing: choice.billing,
                    firstChargeOn:
                      s.subscriptionStatus === 'trialing' && (s.trialDaysLeft ?? 0) > 0 ? s.trialEndsAt : null,
                    prorated: false,
                  })}
                </p>
              )}
              {mode.data?.provider === 'test_mode' && (
                <Alert tone="warning">
                  {TEST_MODE_LABEL}
                  {paying ? '.' : ': the next page simulates the payment.'}
                </Alert>
              )}
              {noProvider && (
                <Alert tone="info">
                  Online payment is not available right now. Please contact {supportEmail} to subscribe.
                </Alert>
              )}
              {error && !shown && <Alert tone="error">{error}</Alert>}
              {paying && shown && (
                <ChargeConfirm
                  charge={shown}
                  busy={confirm.isPending}
                  error={error}
                  onConfirm={() =>
                    confirm.mutate({
                      ...choice,
                      confirmation: { prorationDate: shown.prorationDate, dueNowPence: shown.dueNowPence },
                    })
                  }
                  onCancel={() => {
                    setShown(null);
                    setError(null);
                  }}
                />
              )}
              <div className="flex flex-wrap items-center gap-3">
                {paying ? (
                  !shown && (
                    <Button
                      disabled={preview.isPending}
                      onClick={() => {
                        setError(null);
                        preview.mutate(choice);
                      }}
                      className="w-full sm:w-auto"
                    >
                      {preview.isPending ? 'Working out the amount...' : 'Review change'}
                    </Button>
                  )
                ) : (
                  <Button
                    disabled={start.isPending || noProvider || mode.isLoading}
                    onClick={() => {
                      rememberChoice(choice);
                      start.mutate(choice);
                    }}
                    className="w-full sm:w-auto"
                  >
                    {start.isPending ? 'Redirecting...' : 'Proceed to Payment'}
                  </Button>
                )}
                <Link to="/" className="text-sm text-slate-600 underline">
                  Back to home
                </Link>
              </div>
            </Card>
          </>
        )}
      </main>
    </div>
  );
}
