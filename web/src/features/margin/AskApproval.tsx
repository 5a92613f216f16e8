import { formatGBP } from '@pippitch/shared/format';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/** What is asked about: a saved pack (its page, the share dialog), or the pack being built (the pack form). */
export type PackApprovalTarget = { packId: string } | { leadId: string; csv: string; marginBps: number };

/**
 * 'Ask for approval' where the broker stands (issue 32 §2): a reason, sent with the figures the admin decides on
 * (pair, band, margin, floor, pounds a year), no new pitch or pack saved. After sending, the request's state is
 * shown here, and changes here when an admin decides (the requests are re-read when the window regains focus).
 */
export function AskApproval({ target }: { target: PackApprovalTarget }) {
  const id = useId();
  const [reason, setReason] = useState('');
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
  function submit(e: FormEvent) {
    e.preventDefault();
    ask.mutate({ ...target, reason });
  }
  return (
    <form onSubmit={submit} className="mt-3 space-y-2" noValidate data-testid="ask-approval">
      <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-slate-700">
        Why should this margin go below the floor?
      </label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={1000}
        rows={2}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      />
      {ask.error && <Alert tone="error">{errorMessage(ask.error)}</Alert>}
      <Button type="submit" variant="secondary" disabled={ask.isPending}>
        Ask for approval
      </Button>
    </form>
  );
}
