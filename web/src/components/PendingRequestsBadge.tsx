import { Link } from '@tanstack/react-router';
import { trpc } from '../lib/trpc';

/**
 * The admins' badge (issue 32 §3): how many approval requests wait for a decision, in the top bar of every page,
 * linking to the dashboard's queue. The same query as the queue, so deciding there updates it, and the margin
 * desk's socket re-reads it the moment a broker asks (useMarginDeskLive). Nothing shows while none waits.
 */
export function PendingRequestsBadge() {
  const queue = trpc.margin.queue.useQuery();
  const waiting = queue.data?.length ?? 0;
  if (waiting === 0) return null;
  return (
    <Link
      to="/admin"
      className="rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100"
      data-testid="pending-requests"
      aria-live="polite"
    >
      Requests <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white">{waiting}</span>
      <span className="sr-only"> waiting for approval</span>
    </Link>
  );
}
