import { formatGBP } from '@pippitch/shared/format';
import { Alert } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { ApprovalReasonForm } from './ApprovalReasonForm';

/** What is asked about: a saved pack (its page, the share dialog), or the pack being built (the pack form). */
export type PackApprovalTarget = { packId: string } | { leadId: string; csv: string; marginBps: number };

/**
 * 'Ask for approval' where the broker stands (issue 32 §2): a reason, sent with the figures the admin decides on
 * (pair, band, margin, floor, pounds a year), no new pitch or pack saved. After sending, the request's state is
 * shown here, and changes here when an admin decides (the margin desk's socket re-reads the requests, as does the
 * window regaining focus).
 */
export function AskApproval({ target }: { target: PackApprovalTarget }) {
  const utils = trpc.useUtils();
  const ask = trpc.margin.requestPackApproval.useMutation({
    onSuccess: () => void utils.margin.myRequests.invalidate(),
  });
  const mine = trpc.margin.myRequests.useQuery(undefined, { enabled: ask.isSuccess, refetchOnWindowFocus: true });
  if (ask.isSuccess) {
    const asked = new Set(ask.data.map((r) => r.id));
    const now = (mine.data ?? ask.data).filter((r) => asked.has(r.id));
    return (
      <div className="mt-3 space-y-2" data-testid="approval-asked">
        {now.map((r) => (
          <Alert key={r.id} tone={r.status === 'declined' ? 'error' : r.status === 'approved' ? 'success' : 'info'}>
            {r.status === 'pending' ? 'Sent to your admins: ' : r.status === 'approved' ? 'Approved: ' : 'Declined: '}
            {r.floorLabel} at {r.marginBps} bps against the floor of {r.floorBps} bps
            {r.gbpPerYear ? ` (${formatGBP(r.gbpPerYear)} a year at the stated volume)` : ''}.
            {r.status === 'pending' ? ' You will be told here and by e-mail.' : ''}
            {r.note ? ` ${r.decidedBy}: “${r.note}”` : ''}
          </Alert>
        ))}
      </div>
    );
  }
  return (
    <ApprovalReasonForm
      question="Why should this margin go below the floor?"
      testId="ask-approval"
      pending={ask.isPending}
      error={ask.error}
      onAsk={(reason) => ask.mutate({ ...target, reason })}
    />
  );
}
