import { formatGBP } from '@pippitch/shared/format';
import { isCurrencyPair, pairLabel } from '@pippitch/shared/pairs';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { useState } from 'react';
import { Alert, Button, Card } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/**
 * The admins' queue on the dashboard (issue 25 §2, issue 32): each pending request for a client, pair and band below
 * the desk's floor, with the figures to decide on (the margin, the floor, the pounds a year at the stated volume)
 * and the broker's reason; approve or decline with a note. Another admin's decision made meanwhile is said plainly.
 * Below it, the approvals still standing, each with 'Withdraw'.
 */
export function ApprovalQueue() {
  const queue = trpc.margin.queue.useQuery();
  if (!queue.data || queue.data.length === 0) {
    return (
      <Card>
        <h2 className="text-lg font-semibold">Pitches below the floor</h2>
        <p className="mt-1 text-sm text-slate-600">
          {queue.error ? queue.error.message : 'No requests waiting for a decision.'}
        </p>
        <StandingApprovals />
      </Card>
    );
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold">Pitches below the floor</h2>
      <p className="mt-1 text-sm text-slate-600">
        {queue.data.length} waiting. Approving lets the broker show that client that margin or more, in that pair and
        band, in pitches, packs, share links and PDFs, until you withdraw it or the floor changes.
      </p>
      <ul className="mt-4 space-y-3">
        {queue.data.map((r) => (
          <li key={r.id} className="rounded-xl border border-slate-200 p-4" data-testid="approval-request">
            <p className="font-medium">
              {r.requestedBy} · {r.clientName} · {isCurrencyPair(r.pair) ? pairLabel(r.pair) : r.pair} at {r.marginBps}{' '}
              bps
            </p>
            <p className="text-sm text-slate-600">
              Below the desk's floor of {r.floorBps} bps for {r.floorLabel}
              {r.gbpPerYear ? ` · ${formatGBP(r.gbpPerYear)} a year at the stated volume` : ''} · asked{' '}
              {formatLondonDateTime(new Date(r.createdAt))}
            </p>
            <p className="mt-1 text-sm">“{r.reason}”</p>
            <Decide id={r.id} />
          </li>
        ))}
      </ul>
      <StandingApprovals />
    </Card>
  );
}

/** What the desk allows below its floors now: each standing approval, which an admin may withdraw. */
function StandingApprovals() {
  const utils = trpc.useUtils();
  const standing = trpc.margin.standing.useQuery();
  const withdraw = trpc.margin.withdraw.useMutation({ onSettled: () => utils.margin.standing.invalidate() });
  if (!standing.data || standing.data.length === 0) return null;
  return (
    <section className="mt-6" aria-label="Approvals standing">
      <h3 className="text-sm font-semibold text-slate-800">Approved below the floor</h3>
      {withdraw.error && <Alert tone="error">{errorMessage(withdraw.error)}</Alert>}
      <ul className="mt-2 divide-y divide-slate-100">
        {standing.data.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              {r.clientName} · {r.floorLabel} down to {r.marginBps} bps (floor {r.floorBps}) · {r.requestedBy}, approved
              by {r.decidedBy}
            </span>
            <Button variant="secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate({ id: r.id })}>
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Decide({ id }: { id: string }) {
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const decide = trpc.margin.decide.useMutation({
    onSettled: () => Promise.all([utils.margin.queue.invalidate(), utils.margin.standing.invalidate()]),
  });
  const noteId = `note-${id}`;
  return (
    <div className="mt-3 space-y-2">
      <label htmlFor={noteId} className="block text-xs font-medium text-slate-700">
        Note to the broker (optional)
      </label>
      <input
        id={noteId}
        value={note}
        maxLength={1000}
        onChange={(e) => setNote(e.target.value)}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      {decide.error && <Alert tone="error">{errorMessage(decide.error, 'The decision was not saved')}</Alert>}
      <div className="flex gap-2">
        <Button disabled={decide.isPending} onClick={() => decide.mutate({ id, decision: 'approved', note })}>
          Approve
        </Button>
        <Button
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id, decision: 'declined', note })}
        >
          Decline
        </Button>
      </div>
    </div>
  );
}
