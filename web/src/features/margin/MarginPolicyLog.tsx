import { policyChanges } from '@pippitch/shared/margin-policy-diff';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { useState } from 'react';
import { SectionHead } from '../../components/SectionHead';
import { Alert, Button, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/**
 * The margin policy's full log for admins (issue 25 §1: who, when, old → new): every change, newest first, with
 * what it changed per pair and band and in the 'Inflate Your Margin' options. Closed until asked for, then ten
 * changes at a time with 'Show older' (margin.policyLog pages by its index, however long the log grows).
 */
export function MarginPolicyLog() {
  const [open, setOpen] = useState(false);
  const log = trpc.margin.policyLog.useInfiniteQuery(
    { limit: 10 },
    { enabled: open, getNextPageParam: (page) => page.nextCursor },
  );
  const changes = log.data?.pages.flatMap((p) => p.changes) ?? [];
  return (
    <section aria-labelledby="policy-log" className="mt-4 border-t border-slate-200 pt-3">
      <SectionHead
        id="policy-log"
        as="h3"
        className="text-sm"
        actions={
          <Button variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide the log' : 'Show every change'}
          </Button>
        }
      >
        Policy log
      </SectionHead>
      {open && log.isPending && <Spinner label="Loading the policy log..." />}
      {open && log.isError && <Alert tone="error">{errorMessage(log.error, 'Failed to load the policy log')}</Alert>}
      {open && log.data && changes.length === 0 && (
        <p className="text-sm text-slate-600">No changes yet: the default policy is in force.</p>
      )}
      {open && changes.length > 0 && (
        <ol className="mt-2 space-y-3" aria-label="Changes, newest first">
          {changes.map((c) => {
            const lines = policyChanges(c.before, c.after);
            return (
              <li key={c.id} data-testid="policy-change" className="min-w-0 text-sm">
                <p className="break-words font-medium">
                  {formatLondonDateTime(new Date(c.changedAt))} · {c.changedBy}
                </p>
                <ul className="mt-1 list-disc break-words pl-5 text-slate-700">
                  {lines.length === 0 ? <li>Saved with no change</li> : lines.map((l) => <li key={l}>{l}</li>)}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
      {open && log.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-3"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          Show older
        </Button>
      )}
    </section>
  );
}
