import type { AppRouter } from '@pippitch/server';
import { formatGBP } from '@pippitch/shared/format';
import { belowFloorWarning } from '@pippitch/shared/margin-policy';
import type { inferRouterOutputs } from '@trpc/server';
import { AskPitchApproval } from './AskPitchApproval';

type PitchRecord = inferRouterOutputs<AppRouter>['margin']['pitchesToClient'][number];

const DECISION = { pending: 'Approval requested', approved: 'Approved', declined: 'Declined' } as const;

/** The rule's state of a below-floor pitch, where no request of its own says more. */
const STATE = {
  approved: 'Approved for this client (an approval of this margin or lower)',
  pending: 'Approval requested for this client',
  declined: 'Declined for this client',
  'not asked': 'Not yet asked',
} as const;

/**
 * A pitch's margin against the mid and the floor of its time, with the decision on it (issue 25 §2: the decision is
 * kept with the pitch's record), as one line of Calculation Details.
 */
export function PitchMarginNote({ record }: { record: PitchRecord }) {
  if (!record.margin) return null;
  const { approval } = record;
  return (
    <div
      className={`mt-3 rounded-md px-2 py-1 text-xs ${record.belowFloor ? 'bg-amber-50 text-amber-900' : 'bg-white text-slate-700'}`}
      data-testid="pitch-margin"
    >
      <p>
        Margin against the mid: {record.margin.bps} bps · {formatGBP(record.margin.gbpPerTrade, 0)} per trade
        {record.floor && record.belowFloor ? ` · ${belowFloorWarning(record.floor)}` : ''}
      </p>
      {approval && (
        <p className="mt-0.5 font-medium">
          {DECISION[approval.status]}
          {approval.decidedBy ? ` by ${approval.decidedBy}` : ''}
          {approval.note ? `: ${approval.note}` : ''} (asked: “{approval.reason}”)
        </p>
      )}
      {record.state && record.state !== approval?.status && (
        <p className="mt-0.5 font-medium" data-testid="pitch-approval-state">
          {STATE[record.state]}
        </p>
      )}
      {(record.state === 'not asked' || record.state === 'declined') && (
        <AskPitchApproval calculationId={record.calculationId} />
      )}
    </div>
  );
}
