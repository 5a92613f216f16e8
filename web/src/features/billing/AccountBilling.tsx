import { BILLING_MESSAGES, longDate, switchCancelledLine, switchLine } from '@pippitch/shared/billing-messages';
import { CANCELLATION_MESSAGES } from '@pippitch/shared/cancellation';
import { formatGBP } from '@pippitch/shared/format';
import { type Billing, SEAT_TIERS, tierPrices } from '@pippitch/shared/pricing';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert, Button, Card } from '../../components/ui';
import { failureMessage } from '../../lib/failure';
import { useSupportEmail } from '../../lib/operator';
import { formatDate } from '../../lib/product';
import { trpc } from '../../lib/trpc';
import { CancelDialog } from './CancelDialog';

/** The account page's banner after an add-on is enabled lasts 5 s (design.md §3 Banners). */
const _ADDON_BANNER_MS = 5_000;

/**
 * Banners about the plan's state: a scheduled cancellation (with Reactivate), a switch to monthly billing waiting
 * for the end of the paid year (with 'Cancel this change') and a failed payment.
 */
export function BillingBanners() {
  const account = trpc.billing.account.useQuery();
  const supportEmail = useSupportEmail();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reactivate = trpc.billing.reactivate.useMutation({
    onSuccess: async (result) => {
      if (result.requiresPayment) {
        await navigate({ to: '/checkout' });
        return;
      }
      await Promise.all([utils.billing.invalidate(), utils.company.summary.invalidate()]);
      setDone(
        `Your subscription is active again.${result.renewsOn ? ` It renews on ${formatDate(result.renewsOn)} as before.` : ''}`,
      );
    },
    onError: (err) => setError(failureMessage(err, CANCELLATION_MESSAGES.reactivateFailed)),
  });
  const cancelSwitch = trpc.billing.cancelBillingSwitch.useMutation({
    onSuccess: async (result) => {
      await Promise.all([utils.billing.invalidate(), utils.company.summary.invalidate()]);
      setDone(switchCancelledLine(result.renewsOn));
    },
    onError: (err) => setError(failureMessage(err, BILLING_MESSAGES.switchCancelFailed)),
  });
  const a = account.data;
  if (!a) return null;
  return (
    <>
      {a.cancelScheduled && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm">
            <strong>Your subscription is cancelled</strong> and ends on {formatDate(a.scheduledCancellationDate)} (
            {a.daysRemaining} day{a.daysRemaining === 1 ? '' : 's'} remaining). Your team keeps access until then.
          </p>
          <Button onClick={() => reactivate.mutate()} disabled={reactivate.isPending} className="shrink-0">
            {reactivate.isPending ? 'Reactivating...' : 'Reactivate Subscription'}
          </Button>
        </div>
      )}
      {a.billingSwitch && (
        <div
          role="status"
          className="flex flex-col items-start gap-1 rounded-2xl border border-sky-200 bg-sky-50 px-5 py-4 text-sm text-sky-900 sm:flex-row sm:items-center sm:gap-2"
        >
          <SwitchLine billing={a.billingSwitch.billing} onIso={a.billingSwitch.on} />
          {/* The separator only joins the two on one line; on a phone the link sits below the sentence. */}
          <span aria-hidden className="hidden sm:inline">
            ·
          </span>
          <button
            type="button"
            onClick={() => {
              setError(null);
              setDone(null);
              cancelSwitch.mutate();
            }}
            disabled={cancelSwitch.isPending}
            className="min-h-6 font-medium underline underline-offset-2 hover:text-sky-700 disabled:opacity-60"
          >
            {cancelSwitch.isPending ? 'Cancelling...' : 'Cancel this change'}
          </button>
        </div>
      )}
      {a.pastDue && (
        <Alert tone="warning">
          We could not take your last payment. It is retried automatically; please check the card with your bank, or
          contact {supportEmail}. Access continues meanwhile.
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
    </>
  );
}

/** The shared sentence, its date kept on one line (at 375 px it broke between '26' and 'November 2027'). */
function SwitchLine({ billing, onIso }: { billing: Billing; onIso: string }) {
  const line = switchLine(billing, onIso);
  const date = longDate(onIso);
  return (
    <span>
      {line.slice(0, line.length - date.length)}
      <span className="whitespace-nowrap">{date}</span>
    </span>
  );
}

/** Seat tiers as the pricing page states them, for the account page's seat card. */
export function SeatTiers() {
  return (
    <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
      {SEAT_TIERS.map((tier) => (
        <li key={tier.name} className="rounded-lg bg-slate-50 px-3 py-2">
          <span className="block font-medium">{tier.name}</span>
          <span className="text-slate-600">
            {tier.maxSeats === null ? `${tier.minSeats}+ seats` : `${tier.minSeats}–${tier.maxSeats} seats`}:{' '}
            {formatGBP(tier.pricePerSeat)} per seat per month ({formatGBP(tierPrices(tier).annualPerSeatPerMonth)}{' '}
            annually)
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The cancel card: trial, annual (both end at once) or monthly (ends with its paid period). */
export function CancelCard() {
  const account = trpc.billing.account.useQuery();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = trpc.billing.cancel.useMutation({
    onSuccess: async (result) => {
      if (result.accountLocked) {
        // Access has ended: a full load shows the Account Locked page everywhere.
        window.location.assign('/admin');
        return;
      }
      setOpen(false);
      await Promise.all([utils.billing.invalidate(), utils.company.summary.invalidate()]);
    },
    onError: (err) => setError(failureMessage(err, 'Failed to cancel. Please try again.')),
  });
  const a = account.data;
  if (!a || a.cancelScheduled) return null;
  const trial = a.status === 'trialing';
  if (!trial && !a.paid) return null;
  return (
    <Card>
      <h2 className="text-lg font-semibold">{trial ? 'Cancel Trial' : 'Cancel Subscription'}</h2>
      <p className="mt-2 text-sm text-slate-600">
        {trial
          ? 'Ends your free trial now. Your data is kept for 30 days in case you come back.'
          : a.plan === 'annual'
            ? 'Annual plans end at once, without a refund. Your data is kept for 30 days.'
            : `Monthly plans run to the end of the period you have paid for (${formatDate(a.currentPeriodEnd)}).`}
      </p>
      <Button
        variant="secondary"
        className="mt-4"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {trial ? 'Cancel Trial' : 'Cancel Subscription'}
      </Button>
      {open && (
        <CancelDialog
          trial={trial}
          plan={a.plan}
          periodEnd={a.currentPeriodEnd}
          busy={cancel.isPending}
          error={error}
          onConfirm={(input) => cancel.mutate(input)}
          onClose={() => setOpen(false)}
        />
      )}
    </Card>
  );
}
