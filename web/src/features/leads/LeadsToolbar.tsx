import { useId } from 'react';
import { SMALL } from './leadButtons';
import type { StatusFilter } from './leadModel';

const STATUS_BUTTONS: [StatusFilter, string][] = [
  ['all', 'All'],
  ['contacted', 'Contacted'],
  ['not_contacted', 'Not Contacted'],
];

/** The list's heading, text filter, status buttons (with their counts) and the bulk actions on the selection. */
export function LeadsToolbar(props: {
  query: string;
  onQuery(query: string): void;
  status: StatusFilter;
  onStatus(status: StatusFilter): void;
  counts: Record<StatusFilter, number>;
  selectedCount: number;
  visibleCount: number;
  onSelectAll(): void;
  onSelectNone(): void;
  onMarkContacted(): void;
  onDelete(): void;
}) {
  const filterId = useId();
  const { status, selectedCount: n } = props;
  return (
    <div className="space-y-3 border-b border-slate-200 p-3 sm:p-5">
      <h2 id="leads-heading" className="text-lg font-semibold">
        Your Leads
      </h2>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="min-w-0 flex-1">
          <label htmlFor={filterId} className="sr-only">
            Filter leads
          </label>
          <input
            id={filterId}
            type="search"
            value={props.query}
            placeholder="Filter by name, industry or location"
            autoComplete="off"
            onChange={(e) => props.onQuery(e.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
        </div>
        <fieldset className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
          <legend className="sr-only">Show</legend>
          {STATUS_BUTTONS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => props.onStatus(value)}
              className={`flex-auto whitespace-nowrap rounded-lg px-1.5 py-2 text-xs font-semibold sm:px-3 sm:text-sm ${
                status === value ? 'bg-white text-brand-800 shadow' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {label} ({props.counts[value].toLocaleString('en-GB')})
            </button>
          ))}
        </fieldset>
      </div>
      <div
        role="toolbar"
        aria-label="Bulk actions"
        className={`flex flex-wrap items-center gap-x-1 gap-y-2 rounded-xl px-3 py-2 text-sm transition-colors ${
          n > 0 ? 'bg-brand-50 ring-1 ring-brand-100' : 'bg-slate-50'
        }`}
      >
        <span className="mr-auto font-medium text-slate-700" aria-live="polite">
          {n > 0 ? `${n.toLocaleString('en-GB')} selected` : 'None selected'}
        </span>
        <button
          type="button"
          className={SMALL.ghost}
          disabled={props.visibleCount === 0 || n === props.visibleCount}
          onClick={props.onSelectAll}
        >
          Select All
        </button>
        <button type="button" className={SMALL.ghost} disabled={n === 0} onClick={props.onSelectNone}>
          Select None
        </button>
        {n > 0 && (
          <div className="flex w-full gap-2 sm:w-auto">
            <button type="button" className={`flex-1 ${SMALL.primary}`} onClick={props.onMarkContacted}>
              Mark Contacted
            </button>
            <button type="button" className={`flex-1 ${SMALL.danger}`} onClick={props.onDelete}>
              Delete
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
