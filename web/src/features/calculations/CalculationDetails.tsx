import { Alert } from '../../components/ui';
import { type CalculationEntry, calculationRows, useCalculations } from '../../lib/calculations';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { PitchMarginNote } from '../margin/PitchMarginNote';
import { EvidenceRecord } from './EvidenceRecord';

type PitchRecord = Parameters<typeof PitchMarginNote>[0]['record'];

function EntryCard({
  entry,
  index,
  count,
  margin,
}: {
  entry: CalculationEntry;
  index: number;
  count: number;
  /** The pitch's margin and any decision on it (issue 25), once loaded. */
  margin: PitchRecord | undefined;
}) {
  const tone = entry.isAdvantage ? 'text-green-700' : 'text-red-700';
  return (
    <li className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <h4 className="mb-3 text-sm font-semibold text-slate-700">
        Calculation {count - index} of {count}
      </h4>
      {entry.offMarket && (
        <p
          className="mb-3 rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-800"
          data-testid="off-market-flag"
        >
          Off-market competitor rate, used anyway: this pitch is kept out of totals and averages.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5 sm:grid-cols-3">
        {calculationRows(entry).map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd
              className={`break-words text-sm font-semibold ${
                label === 'Annual Savings' || label === '% Savings' || label === 'Savings/Trade'
                  ? tone
                  : 'text-slate-900'
              }`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {margin && <PitchMarginNote record={margin} />}
      <EvidenceRecord entry={entry} />
    </li>
  );
}

/** The list of a company's calculations (newest first); also the body of the leads' detail modal. */
export function CalculationDetailsList({ companyName }: { companyName: string }) {
  const query = useCalculations(companyName);
  const name = companyName.trim();
  const margins = trpc.margin.pitchesToClient.useQuery({ companyName: name }, { enabled: name.length > 0 });
  const marginOf = new Map(margins.data?.map((m) => [m.calculationId, m]));
  if (query.isPending) {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-500">
        Loading calculations...
      </p>
    );
  }
  if (query.isError) return <Alert tone="error">{errorMessage(query.error, 'Failed to load calculations')}</Alert>;
  const entries = query.data;
  if (entries.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
        <p className="font-semibold text-slate-800">No calculations yet</p>
        <p className="mt-1 text-sm text-slate-600">
          This company has been added but no calculations have been performed.
        </p>
      </div>
    );
  }
  return (
    <ol className="space-y-3" aria-label="Calculations">
      {entries.map((e, i) => (
        <EntryCard key={e.id} entry={e} index={i} count={entries.length} margin={marginOf.get(e.id)} />
      ))}
    </ol>
  );
}
