import { CANCELLATION_MESSAGES, CANCELLATION_REASONS, type CancellationReason } from '@pippitch/shared/cancellation';
import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { Alert, Button } from '../../components/ui';
import { formatDate } from '../../lib/product';

/**
 * The two-step cancellation dialog (spec §2 Account management): a reason (and, for 'Other reason', words),
 * then a confirmation that repeats them and says exactly what happens to access.
 */
export function CancelDialog({
  trial,
  plan,
  periodEnd,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  trial: boolean;
  plan: 'monthly' | 'annual' | null;
  periodEnd: string | null;
  busy: boolean;
  error: string | null;
  onConfirm(input: { reason: CancellationReason; feedback: string }): void;
  onClose(): void;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [feedback, setFeedback] = useState('');
  const [missing, setMissing] = useState(false);
  // Words typed under 'Other reason' belong to it: another reason chosen afterwards does not carry them.
  const said = reason === 'other' ? feedback.trim() : '';
  const consequence = trial
    ? 'Your free trial ends now and your team loses access at once. Your data is kept for 30 days.'
    : plan === 'annual'
      ? 'Your annual plan ends now, without a refund, and your team loses access at once. Your data is kept for 30 days.'
      : `Your team keeps access until the end of the period you have paid for (${formatDate(periodEnd)}). You can reactivate until then.`;

  const next = () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    setStep(2);
  };

  return (
    <Modal
      title={trial ? 'Cancel your trial' : 'Cancel your subscription'}
      onClose={onClose}
      size="sm"
      footer={
        step === 1 ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Keep my plan
            </Button>
            <Button onClick={next}>Continue</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setStep(1)} disabled={busy}>
              Go Back
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => reason && onConfirm({ reason, feedback: said })}>
              {busy ? 'Cancelling...' : 'Confirm Cancellation'}
            </Button>
          </>
        )
      }
    >
      {step === 1 ? (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Why are you cancelling?</legend>
          {(Object.entries(CANCELLATION_REASONS) as [CancellationReason, string][]).map(([key, label]) => (
            <label key={key} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="cancellation-reason"
                value={key}
                checked={reason === key}
                onChange={() => {
                  setReason(key);
                  setMissing(false);
                }}
              />
              {label}
            </label>
          ))}
          {reason === 'other' && (
            <label className="mt-2 block text-sm">
              <span className="mb-1 block font-medium text-slate-700">Tell us more</span>
              <textarea
                value={feedback}
                onChange={(e) => setFeedback(e.target.value)}
                maxLength={2000}
                rows={3}
                className="block w-full rounded-lg border border-slate-300 px-3 py-2"
              />
            </label>
          )}
          {missing && <Alert tone="error">{CANCELLATION_MESSAGES.reasonRequired}</Alert>}
        </fieldset>
      ) : (
        <div className="space-y-3 text-sm">
          <p>
            <span className="font-medium">Reason:</span> {reason && CANCELLATION_REASONS[reason]}
          </p>
          {said && (
            <p>
              <span className="font-medium">Feedback:</span> {said}
            </p>
          )}
          <p className="text-slate-700">{consequence}</p>
          {error && <Alert tone="error">{error}</Alert>}
        </div>
      )}
    </Modal>
  );
}
