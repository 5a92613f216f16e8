import { BILLING_MESSAGES } from '@pippitch/shared/billing-messages';
import { Alert, Button } from '../../components/ui';

export interface ShownCharge {
  sentence: string;
  dueNowPence: number;
  effectiveOn: string | null;
}

/**
 * The confirmation before any charge (issue 20 §3): the provider's amount in words, then Confirm or Cancel.
 * Nothing is charged until Confirm; Cancel charges nothing and leaves the plan as it was.
 */
export function ChargeConfirm({
  charge,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  charge: ShownCharge;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <section aria-label="Confirm the charge" className="space-y-3 rounded-lg border border-brand-600 bg-brand-50 p-4">
      <p className="text-sm font-semibold text-slate-900" data-testid="charge-sentence">
        {charge.sentence}
      </p>
      {charge.effectiveOn && (
        <p className="text-sm text-slate-700">
          The change takes effect on {new Date(charge.effectiveOn).toLocaleDateString('en-GB', { dateStyle: 'long' })},
          at your next renewal; nothing is refunded for the current period.
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button disabled={busy} onClick={onConfirm} className="w-full sm:w-auto">
          {busy ? 'Confirming...' : charge.dueNowPence > 0 ? 'Confirm and pay' : 'Confirm'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel} className="w-full sm:w-auto">
          Cancel
        </Button>
      </div>
    </section>
  );
}

/** The server's refusal in its own words when it says why (4xx), a general line otherwise. */
export function chargeError(e: { message: string; data?: { httpStatus?: number } | null }): string {
  return e.data?.httpStatus && e.data.httpStatus < 500 ? e.message : BILLING_MESSAGES.changeFailed;
}
