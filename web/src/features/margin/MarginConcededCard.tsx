import type { AppRouter } from '@pippitch/server';
import type { ActivityView, DashboardRange } from '@pippitch/shared/activity-periods';
import { concededText, pitchesText } from '@pippitch/shared/margin-conceded-words';
import { isCurrencyPair, pairLabel } from '@pippitch/shared/pairs';
import type { inferRouterOutputs } from '@trpc/server';
import { Alert, Card, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { MarginClientLines } from './MarginClientLines';

type Conceded = inferRouterOutputs<AppRouter>['margin']['conceded'];
type Figures = Conceded['team'];

function FigureLine({ title, f }: { title: string; f: Figures }) {
  return (
    <div className="min-w-0">
      <p className="break-words font-medium">
        {title} · {pitchesText(f.pitches)}
      </p>
      <p className="break-words text-sm text-slate-600">{concededText(f)}</p>
    </div>
  );
}

const pairName = (pair: string) => (isCurrencyPair(pair) ? pairLabel(pair) : pair);

/** A broker's figures per pair, indented under theirs: only when they pitched more than one pair. */
function BrokerPairs({
  pairs,
  label,
  className = '',
}: {
  pairs: (Figures & { pair: string })[];
  label?: string;
  className?: string;
}) {
  if (pairs.length < 2) return null;
  return (
    <ul aria-label={label} className={`space-y-1 border-l-2 border-slate-200 pl-3 ${className}`}>
      {pairs.map((p) => (
        <li key={p.pair}>
          <FigureLine title={pairName(p.pair)} f={p} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Margin conceded for the dashboard's range (issue 25 §3): the team, each pair, then each broker with their pairs —
 * the margin pitched against the mid (ticket-weighted) against the floors of the pitches' time, what it is worth a
 * year at the prospects' stated trades, and the pitches below the floor with what became of their approvals, then
 * per client the margin approved and the pitches and packs under it (issue 32 §4). Its own query, beside the
 * activity's (docs/decisions.md, Margin policy). Stacked lines, never a table: fits 375 px.
 */
export function MarginConcededCard({ range }: { range: DashboardRange }) {
  const query = trpc.margin.conceded.useQuery({ range }, { placeholderData: (previous) => previous });
  const d = query.data;
  return (
    <Card>
      <h3 className="text-lg font-semibold">Margin conceded</h3>
      <p className="mt-1 text-sm text-slate-600">
        Margin against the mid, weighted by each pitch's size in pounds, against the desk's floor when it was pitched.
      </p>
      {query.isPending && <Spinner label="Loading margin..." />}
      {query.isError && <Alert tone="error">{errorMessage(query.error, 'Failed to load margin conceded')}</Alert>}
      {d && d.team.pitches === 0 && <p className="mt-3 text-sm text-slate-600">No pitches in this range.</p>}
      {d && d.team.pitches > 0 && (
        <div className="mt-4 space-y-4" data-testid="margin-conceded">
          <FigureLine title="Team" f={d.team} />
          <ul aria-label="Margin conceded per pair" className="space-y-2 border-t border-slate-200 pt-3">
            {d.pairs.map((p) => (
              <li key={p.pair}>
                <FigureLine title={pairName(p.pair)} f={p} />
              </li>
            ))}
          </ul>
          <ul aria-label="Margin conceded per broker" className="space-y-3 border-t border-slate-200 pt-3">
            {d.brokers.map((b) => (
              <li key={b.userId} data-testid="margin-conceded-broker">
                <FigureLine title={b.name} f={b} />
                <BrokerPairs pairs={b.pairs} className="mt-1" />
              </li>
            ))}
          </ul>
          <MarginClientLines clients={d.clients} range={range} />
        </div>
      )}
    </Card>
  );
}

/** The user activity page's margin conceded: the dashboard card's figures for one member over the page's period. */
export function MemberMarginConceded({ userId, view, date }: { userId: string; view: ActivityView; date?: string }) {
  const query = trpc.margin.concededBy.useQuery(
    { userId, view, ...(date ? { date } : {}) },
    { placeholderData: (previous) => previous, retry: false },
  );
  const b = query.data?.broker;
  return (
    <Card>
      <h2 className="text-lg font-semibold">Margin conceded</h2>
      {query.isError && <Alert tone="error">{errorMessage(query.error, 'Failed to load margin conceded')}</Alert>}
      {query.data && !b && <p className="mt-1 text-sm text-slate-600">No pitches in this period.</p>}
      {b && (
        <div className="mt-3 space-y-2" data-testid="member-margin-conceded">
          <FigureLine title="All pairs" f={b} />
          <BrokerPairs pairs={b.pairs} label="Margin conceded per pair" />
        </div>
      )}
    </Card>
  );
}
