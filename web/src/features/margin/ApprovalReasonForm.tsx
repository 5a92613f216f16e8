import { type FormEvent, useId, useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { errorMessage } from '../../lib/failure';

/**
 * The reason and 'Ask for approval' button every place a broker asks from shares (issue 32 §2: the calculator's
 * warning, Calculation Details, the pack form, the pack page and the share dialog): one form, so the words, the
 * limit and the error's wording are the same wherever they stand. `onAsk` sends the reason with what is asked about.
 */
export function ApprovalReasonForm({
  question,
  testId,
  pending,
  error,
  onAsk,
}: {
  question: string;
  testId: string;
  pending: boolean;
  error: unknown;
  onAsk: (reason: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    onAsk(reason);
  }
  return (
    <form onSubmit={submit} className="mt-3 space-y-2" noValidate data-testid={testId}>
      <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-slate-700">
        {question}
      </label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={1000}
        rows={2}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      />
      {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
      <Button type="submit" variant="secondary" disabled={pending}>
        Ask for approval
      </Button>
    </form>
  );
}
