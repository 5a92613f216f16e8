import { TEST_MODE_LABEL } from '@pippitch/shared/checkout';
import { Link } from '@tanstack/react-router';
import { Alert, Button } from '../../components/ui';

// What both checkout flows (a new subscription, a plan change) show under the order summary.

/** The payment provider as the checkout page sees it: test mode is labelled, none at all is said. */
export function ProviderNotes({
  provider,
  testModeNote,
  supportEmail,
}: {
  /** billing.mode's provider; undefined while it loads. */
  provider: string | null | undefined;
  /** What follows the test-mode label for this flow. */
  testModeNote: string;
  supportEmail: string;
}) {
  return (
    <>
      {provider === 'test_mode' && (
        <Alert tone="warning">
          {TEST_MODE_LABEL}
          {testModeNote}
        </Alert>
      )}
      {provider === null && (
        <Alert tone="info">
          Online payment is not available right now. Please contact {supportEmail} to subscribe.
        </Alert>
      )}
    </>
  );
}

/** A flow's one step forward: its words, and others while it works. */
export interface CheckoutAction {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Not possible yet (no provider, or its mode still loading), though not busy. */
  disabled?: boolean;
  run(): void;
}

/** The flow's action (none while a charge waits for its own confirm), then the way back home. */
export function CheckoutButtons({ action }: { action: CheckoutAction | null }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {action && (
        <Button disabled={action.busy || action.disabled} onClick={action.run} className="w-full sm:w-auto">
          {action.busy ? action.busyLabel : action.label}
        </Button>
      )}
      <Link to="/" className="text-sm text-slate-600 underline">
        Back to home
      </Link>
    </div>
  );
}
