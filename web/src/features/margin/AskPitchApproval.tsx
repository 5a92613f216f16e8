import { Alert } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { ApprovalReasonForm } from './ApprovalReasonForm';

/**
 * 'Ask for approval' of a saved pitch below the floor, with a reason (issue 32 §2): on the calculator's warning after
 * Calculate and on each pitch of Calculation Details (the calculator's and the lead's details). The request is for
 * the pitch's lead, pair and band at its margin; no pitch is saved to ask. Once sent, the pitch's records are re-read
 * so Calculation Details say 'Approval requested', and later the decision.
 */
export function AskPitchApproval({ calculationId }: { calculationId: string }) {
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
  return (
    <ApprovalReasonForm
      question="Why should this pitch go below the floor?"
      testId="ask-pitch-approval"
      pending={request.isPending}
      error={request.error}
      onAsk={(reason) => request.mutate({ calculationId, reason })}
    />
  );
}
