import { memo, type ReactNode, useId } from 'react';
import { LEAD_SOURCE_LABELS, type Lead, londonDate, londonDateTime } from './leadModel';

const SOURCE_STYLES: Record<Lead['source'], string> = {
  calculator: 'bg-violet-50 text-violet-700 ring-violet-200',
  manual_search: 'bg-sky-50 text-sky-700 ring-sky-200',
  similar_results: 'bg-teal-50 text-teal-700 ring-teal-200',
};

/** A lead's action (described by the lead's name for screen readers), off while the row is busy. */
function RowButton({
  onClick,
  busy,
  about,
  look,
  children,
}: {
  onClick(): void;
  busy: boolean;
  about: string;
  look: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-describedby={about}
      className={`rounded-lg px-2.5 py-1.5 text-xs font-semibold ring-1 disabled:text-slate-400 ${look}`}
    >
      {children}
    </button>
  );
}

/** One lead in the list: select, open details, toggle contacted, delete. Memoised: 50 rows re-render cheaply. */
export const LeadRow = memo(function LeadRow({
  lead,
  selected,
  busy,
  onSelect,
  onOpen,
  onToggle,
  onDelete,
}: {
  lead: Lead;
  selected: boolean;
  busy: boolean;
  onSelect(id: string): void;
  onOpen(id: string): void;
  onToggle(lead: Lead): void;
  onDelete(lead: Lead): void;
}) {
  const nameId = useId();
  const meta = [lead.industry, lead.location, lead.estimatedSize].filter(Boolean).join(' · ');
  return (
    <li data-lead-id={lead.id} className={`flex gap-3 px-4 py-3 sm:px-5 ${selected ? 'bg-brand-50/60' : ''}`}>
      <input
        type="checkbox"
        checked={selected}
        onChange={() => onSelect(lead.id)}
        aria-label={`Select ${lead.name}`}
        className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
      />
      <div className="grid min-w-0 flex-1 gap-2 md:grid-cols-[minmax(0,1fr)_13rem_auto] md:items-center md:gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <button
              type="button"
              id={nameId}
              onClick={() => onOpen(lead.id)}
              className="min-w-0 break-words text-left font-semibold text-slate-900 hover:text-brand-700 hover:underline"
            >
              {lead.name}
            </button>
            <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ${SOURCE_STYLES[lead.source]}`}>
              {LEAD_SOURCE_LABELS[lead.source]}
            </span>
            <span
              className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${
                lead.contacted ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'
              }`}
            >
              {lead.contacted ? 'Contacted' : 'Not Contacted'}
            </span>
          </div>
          {meta && <p className="mt-0.5 break-words text-xs text-slate-500">{meta}</p>}
          {lead.alert && (
            <p className="mt-1 inline-block rounded-md bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
              {lead.alert}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600">
          <dt>Last contacted:</dt>
          <dd title={londonDateTime(lead.lastContactedAt)}>{londonDate(lead.lastContactedAt)}</dd>
          <dt>Last calculated:</dt>
          <dd title={londonDateTime(lead.lastCalculatedAt)}>{londonDate(lead.lastCalculatedAt)}</dd>
        </dl>
        <div className="flex items-center gap-2">
          <RowButton
            onClick={() => onToggle(lead)}
            busy={busy}
            about={nameId}
            look="w-40 text-brand-700 ring-slate-300 hover:bg-slate-50"
          >
            {lead.contacted ? 'Mark Not Contacted' : 'Mark Contacted'}
          </RowButton>
          <RowButton
            onClick={() => onDelete(lead)}
            busy={busy}
            about={nameId}
            look="text-red-700 ring-red-200 hover:bg-red-50"
          >
            Delete
          </RowButton>
        </div>
      </div>
    </li>
  );
});
