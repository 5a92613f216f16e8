import { isCurrencyPair, pairLabel } from '@pippitch/shared/pairs';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { useState } from 'react';
import { Alert, Button, Card } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/**
 * The admins' queue on the dashboard (issue 25 §2): each pending request for a pitch below the desk's floor, with
 * the broker's reason; approve or decline with a note. Another admin's decision made meanwhile is said plainly.
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
      </Card>
    );
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold">Pitches below the floor</h2>
      <p className="mt-1 text-sm text-slate-600">
        {queue.data.length} waiting. Approving lets the broker build, share and download the evidence for that pitch.
      </p>
      <ul className="mt-4 space-y-3">
        {queue.data.map((r) => (
          <li key={r.id} className="rounded-xl border border-slate-200 p-4" data-testid="approval-request">
            <p className="font-medium">
              {r.requestedBy} · {r.clientName} · {isCurrencyPair(r.pair) ? pairLabel(r.pair) : r.pair} at {r.marginBps}{' '}
              bps
            </p>
            <p className="text-sm text-slate-600">
              Below the desk's floor of {r.floorBps} bps for {r.floorLabel} · asked{' '}
              {formatLondonDateTime(new Date(r.createdAt))}
            </p>
            <p className="mt-1 text-sm">“{r.reason}”</p>
            <Decide id={r.id} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Decide({ id }: { id: string }) {
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const decide = trpc.margin.decide.useMutation({ onSettled: () => utils.margin.queue.invalidate() });
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
