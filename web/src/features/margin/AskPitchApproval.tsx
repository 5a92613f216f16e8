import { type FormEvent, useId, useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/**
 * 'Ask for approval' of a saved pitch below the floor, with a reason (issue 32 §2): on the calculator's warning after
 * Calculate and on each pitch of Calculation Details (the calculator's and the lead's details). The request is for
 * the pitch's lead, pair and band at its margin; no pitch is saved to ask. Once sent, the pitch's records are re-read
 * so Calculation Details say 'Approval requested', and later the decision.
 */
export function AskPitchApproval({ calculationId }: { calculationId: string }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const utils = trpc.useUtils();
  const request = trpc.margin.requestApproval.useMutation({
    onSuccess: () => {
      void utils.margin.pitchesToClient.invalidate();
      void utils.margin.myRequests.invalidate();
    },
  });
  if (request.isSuccess) {
    return (
      <div className="mt-3" data-testid="pitch-approval-asked">
        <Alert tone="success">Sent to your admins for approval. You will be told here and by e-mail.</Alert>
      </div>
    );
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    request.mutate({ calculationId, reason });
  }
  return (
    <form onSubmit={submit} className="mt-3 space-y-2" noValidate data-testid="ask-pitch-approval">
      <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-slate-700">
        Why should this pitch go below the floor?
      </label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={1000}
        rows={2}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      />
      {request.error && <Alert tone="error">{errorMessage(request.error)}</Alert>}
      <Button type="submit" variant="secondary" disabled={request.isPending}>
        Ask for approval
      </Button>
    </form>
  );
}
