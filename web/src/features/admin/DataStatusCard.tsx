import {
  backfillText,
  lastTickText,
  DATA_STATUS_MESSAGES as M,
  type PairDataStatus,
  realSpanText,
} from '@pippitch/shared/data-status';
import { useId } from 'react';
import { Alert, Card, Spinner } from '../../components/ui';
import { trpc } from '../../lib/trpc';

/**
 * The dashboard's data-status card (issue 21 §3): per pair where its minutes come from (real from … to …, or
 * simulated), the backfill's progress and the last feed tick; the live feed's health; the ECB's last fix.
 */
export function DataStatusCard() {
  const headingId = useId();
  const status = trpc.market.dataStatus.useQuery(undefined, { refetchInterval: 60_000 });
  const s = status.data;
  return (
    <section aria-labelledby={headingId} data-testid="data-status">
      <Card className="p-5">
        <h2 id={headingId} className="text-lg font-semibold">
          {M.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{M.intro}</p>
        {status.isPending && <Spinner />}
        {status.error && <Alert tone="error">{status.error.message}</Alert>}
        {s && (
          <div className="mt-3 space-y-3 text-sm">
            {s.feed &&
              (s.feed.failing ? (
                <Alert tone="error">{M.feedFailing(s.feed.name, s.feed.lastError, s.feed.nextTryAt)}</Alert>
              ) : (
                <p className="text-slate-700">{M.feedOk(s.feed.name, s.feed.lastSuccessAt)}</p>
              ))}
            {s.history?.lastError && (
              <Alert tone="warning">
                {M.historyError(s.history.description, s.history.lastError, s.history.nextTryAt)}
              </Alert>
            )}
            <ul className="divide-y divide-slate-100">
              {s.pairs.map((p) => (
                <PairRow key={p.pair} p={p} />
              ))}
            </ul>
            <p className="text-slate-700">{M.ecb(s.ecb.lastDate)}</p>
            {s.ecb.lastError && <Alert tone="warning">{M.ecbError(s.ecb.lastError, s.ecb.nextTryAt)}</Alert>}
          </div>
        )}
      </Card>
    </section>
  );
}

function PairRow({ p }: { p: PairDataStatus }) {
  const real = Boolean(p.realFrom);
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-slate-900">{`${p.pair.slice(0, 3)}/${p.pair.slice(3)}`}</span>
        <span className={real ? 'text-green-800' : 'text-amber-800'}>{realSpanText(p)}</span>
      </div>
      <p className="text-xs text-slate-600">
        {backfillText(p)} · {lastTickText(p)}
      </p>
      {p.lastError && <p className="text-xs text-red-700">{M.pairError(p.lastError, p.nextTryAt)}</p>}
    </li>
  );
}
