import { useId } from 'react';
import type { AddableCompany, AddState } from './useAddToList';

/**
 * One company as the finder and the search show it: name, industry, location, size, the 'UK Subsidiary' badge,
 * the reasoning quote (similar companies only) and 'Add to List', which becomes '✓ Added'. A similar company's
 * industry is that of the SIC code its reasoning cites (`sicCode`), shown beside it so the two visibly agree.
 */
export function CompanyCardView({
  company,
  sicCode,
  reasoning,
  state,
  onAdd,
}: {
  company: AddableCompany;
  sicCode?: string;
  reasoning?: string;
  state: AddState;
  onAdd(): void;
}) {
  const nameId = useId();
  const industry = company.industry && sicCode ? `${company.industry} (SIC ${sicCode})` : company.industry;
  const facts: [string, string | null][] = [
    ['Industry', industry],
    ['Location', company.location],
    ['Size', company.size],
  ];
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4 id={nameId} className="break-words font-semibold text-slate-900">
            {company.name}
          </h4>
          {company.isSubsidiary && (
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-200">
              UK Subsidiary
            </span>
          )}
        </div>
        <dl className="mt-1.5 grid gap-x-4 gap-y-0.5 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="sr-only sm:not-sr-only sm:text-xs sm:font-medium sm:uppercase sm:leading-5 sm:tracking-wide sm:text-slate-500">
                {label}
              </dt>
              <dd className="min-w-0 break-words">
                {value ?? <span className="text-slate-400">{label} not listed</span>}
              </dd>
            </div>
          ))}
        </dl>
        {reasoning && (
          <blockquote className="mt-2 border-l-4 border-brand-500 bg-brand-50/60 px-3 py-1.5 text-sm italic text-slate-700">
            “{reasoning}”
          </blockquote>
        )}
      </div>
      <button
        type="button"
        onClick={onAdd}
        disabled={state !== 'idle'}
        aria-describedby={nameId}
        className={`shrink-0 rounded-lg px-4 py-2 text-sm font-semibold transition-colors sm:self-center ${
          state === 'added'
            ? 'cursor-default bg-green-50 text-green-700 ring-1 ring-green-200'
            : 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-200 disabled:text-slate-600'
        }`}
      >
        {state === 'added' ? '✓ Added' : state === 'adding' ? 'Adding...' : 'Add to List'}
      </button>
    </li>
  );
}
