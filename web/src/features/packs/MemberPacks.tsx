import { formatGBP } from '@pippitch/shared/format';
import { formatIsoDate, formatLondonDate } from '@pippitch/shared/time';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';

/** A broker's evidence packs, on their activity page for the company's admins. */
export function MemberPacks({ userId }: { userId: string }) {
  const packs = trpc.packs.ofMember.useQuery({ userId });
  if (!packs.data?.length) return null;
  return (
    <section aria-labelledby="member-packs" className="space-y-3">
      <h2 id="member-packs" className="text-lg font-semibold">
        Evidence packs ({packs.data.length})
      </h2>
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {packs.data.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
            <Link to="/packs/$packId" params={{ packId: p.id }} className="font-semibold text-brand-700">
              {p.leadName}: {p.totals.trades} trades, {formatIsoDate(p.totals.from)} – {formatIsoDate(p.totals.to)}
            </Link>
            <span className="text-slate-600">
              saving {formatGBP(p.totals.savingGbp)} · made {formatLondonDate(new Date(p.createdAt))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
