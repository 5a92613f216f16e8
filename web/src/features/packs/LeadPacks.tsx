import { formatGBP } from '@pippitch/shared/format';
import { formatIsoDate } from '@pippitch/shared/time';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui';
import { trpc } from '../../lib/trpc';

/** A lead's evidence packs in its details, and the way to make one from the prospect's past trades. */
export function LeadPacks({ leadId }: { leadId: string }) {
  const packs = trpc.packs.forLead.useQuery({ leadId });
  return (
    <section aria-label="Evidence packs" className="mt-5">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-800">Evidence packs{packs.data ? ` (${packs.data.length})` : ''}</h3>
        <Link to="/packs/new" search={{ lead: leadId }} className={buttonClass('primary', 'sm')}>
          New evidence pack
        </Link>
      </div>
      {packs.data?.length ? (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {packs.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <Link to="/packs/$packId" params={{ packId: p.id }} className="font-semibold text-brand-700">
                {p.totals.trades} trades, {formatIsoDate(p.totals.from)} – {formatIsoDate(p.totals.to)}
              </Link>
              <span className="text-slate-600">saving {formatGBP(p.totals.savingGbp)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          Price the prospect's past trades against the market at each trade's minute, and share the result.
        </p>
      )}
    </section>
  );
}
