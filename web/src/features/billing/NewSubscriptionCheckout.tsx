import { chargeSentence, longDate, pounds } from '@pippitch/shared/billing-messages';
import { CHECKOUT_MESSAGES } from '@pippitch/shared/checkout';
import { planTotalPence } from '@pippitch/shared/plan-price';
import { Alert } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { CheckoutButtons, ProviderNotes } from './CheckoutParts';
import { type Choice, rememberChoice } from './checkout-choice';

/** What the first charge depends on: a trial that still runs is charged at its end, not today. */
export interface TrialFacts {
  subscriptionStatus: string;
  trialEndsAt: string | null;
  trialDaysLeft: number | null;
}

/** The day of the first charge while a trial runs (ISO), null when payment starts today. */
function trialEnd(company: TrialFacts): string | null {
  return company.subscriptionStatus === 'trialing' && (company.trialDaysLeft ?? 0) > 0 ? company.trialEndsAt : null;
}

/**
 * The first flow of /checkout: a company without a live subscription (in trial, or locked) pays for the order on
 * the provider's page. The page it returns to says whether it was paid; a cancelled payment keeps the choice.
 */
export function NewSubscriptionCheckout({
  choice,
  company,
  provider,
  modeLoading,
  supportEmail,
  error,
  onFailed,
}: {
  choice: Choice;
  company: TrialFacts;
  provider: string | null | undefined;
  modeLoading: boolean;
  supportEmail: string;
  error: string | null;
  onFailed(message: string): void;
}) {
  const start = trpc.billing.startCheckout.useMutation({
    onSuccess: ({ url }) => {
      if (!url) return onFailed(CHECKOUT_MESSAGES.noUrl);
      window.location.assign(url);
    },
    onError: (e) =>
      onFailed(
        e.data?.code === 'BAD_REQUEST' || e.data?.code === 'SERVICE_UNAVAILABLE' ? e.message : CHECKOUT_MESSAGES.failed,
      ),
  });
  const firstChargeOn = trialEnd(company);
  const totalPence = planTotalPence(choice);
  return (
    <>
      {firstChargeOn && (
        <Alert tone="info">
          Your free trial continues: nothing is charged today. Your first charge of {pounds(totalPence)} is on{' '}
          {longDate(firstChargeOn)}, when your trial ends.
        </Alert>
      )}
      <p className="text-sm font-semibold text-slate-900">
        {chargeSentence({
          dueNowPence: totalPence,
          recurringPence: totalPence,
          billing: choice.billing,
          firstChargeOn,
          prorated: false,
        })}
      </p>
      <ProviderNotes
        provider={provider}
        testModeNote=": the next page simulates the payment."
        supportEmail={supportEmail}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <CheckoutButtons
        action={{
          label: 'Proceed to Payment',
          busyLabel: 'Redirecting...',
          busy: start.isPending,
          disabled: provider === null || modeLoading,
          run: () => {
            rememberChoice(choice);
            start.mutate(choice);
          },
        }}
      />
    </>
  );
}
