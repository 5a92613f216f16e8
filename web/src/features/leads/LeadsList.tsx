import { BULK_MESSAGES, LEAD_MESSAGES } from '@pippitch/shared/lead-messages';
import { useCallback, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { type Notice, notice } from '../../components/Banner';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { trpc } from '../../lib/trpc';
import { LeadDetailModal } from './LeadDetailModal';
import { LeadRow } from './LeadRow';
import { filterLeads, LEADS_PAGE_SIZE, type Lead, type StatusFilter, searchTextOf } from './leadModel';

/** Compact buttons for the toolbar and pager (the shared Button's padding is for forms). */
const SMALL = {
  ghost:
    'rounded-lg px-2 py-1.5 text-xs font-semibold text-slate-700 hover:bg-white disabled:text-slate-400 sm:text-sm',
  primary: 'whitespace-nowrap rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800',
  danger: 'rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700',
  secondary:
    'rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
} as const;

/** The same function identity on every render, always calling the latest closure (for memoised rows). */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}

/**
 * The broker's leads: text filter and status buttons (in memory), 50 per page, selection with bulk actions
 * (confirmed first), a contacted toggle and delete per lead, and the detail modal.
 */
export function LeadsList({ leads, onNotice }: { leads: Lead[]; onNotice(n: Notice): void }) {
  const utils = trpc.useUtils();
  const setContacted = trpc.leads.setContacted.useMutation();
  const remove = trpc.leads.delete.useMutation();
  const filterId = useId();

  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const [openLeadId, setOpenLeadId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const text = useMemo(() => searchTextOf(leads), [leads]);
  const filtered = useMemo(() => filterLeads(leads, text, deferredQuery, status), [leads, text, deferredQuery, status]);
  const counts = useMemo(() => {
    let contacted = 0;
    for (const l of leads) if (l.contacted) contacted++;
    return { all: leads.length, contacted, not_contacted: leads.length - contacted };
  }, [leads]);
  // Bulk actions act on what is selected and still in view (a filter hides nothing from an action silently).
  const selectedVisible = useMemo(() => filtered.filter((l) => selected.has(l.id)), [filtered, selected]);

  const pageCount = Math.max(1, Math.ceil(filtered.length / LEADS_PAGE_SIZE));
  const current = Math.min(page, pageCount - 1);
  const rows = filtered.slice(current * LEADS_PAGE_SIZE, (current + 1) * LEADS_PAGE_SIZE);
  const openLead = openLeadId ? leads.find((l) => l.id === openLeadId) : undefined;

  /** Applies a change to the cached list at once; the refetch that follows brings the stats up to date. */
  function patch(fn: (leads: Lead[]) => Lead[]) {
    utils.leads.list.setData(undefined, (old) => (old ? { ...old, leads: fn(old.leads) } : old));
    void utils.leads.list.invalidate();
  }
  function markBusy(ids: string[], on: boolean) {
    setBusyIds((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }
  function dropSelection(ids: readonly string[]) {
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) next.delete(id);
      return next;
    });
  }

  const toggleSelect = useStable((id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    }),
  );

  const toggleContacted = useStable(async (lead: Lead) => {
    const contacted = !lead.contacted;
    markBusy([lead.id], true);
    try {
      const res = await setContacted.mutateAsync({ ids: [lead.id], contacted });
      if (res.updated < 1) throw new Error('not updated');
      const now = new Date().toISOString();
      patch((all) =>
        all.map((l) =>
          l.id === lead.id ? { ...l, contacted, lastContactedAt: contacted ? now : l.lastContactedAt } : l,
        ),
      );
      onNotice(
        notice('success', contacted ? LEAD_MESSAGES.contacted(lead.name) : LEAD_MESSAGES.notContacted(lead.name)),
      );
    } catch (err) {
      console.warn('set contacted failed', err);
      onNotice(notice('error', LEAD_MESSAGES.updateFailed(lead.name)));
    } finally {
      markBusy([lead.id], false);
    }
  });

  const askDelete = useStable((lead: Lead) =>
    setConfirm({
      title: 'Remove Company',
      message: LEAD_MESSAGES.confirmRemove(lead.name),
      confirmLabel: 'Delete',
      tone: 'danger',
      run: async () => {
        try {
          const res = await remove.mutateAsync({ ids: [lead.id] });
          if (res.deleted < 1) throw new Error('not deleted');
          patch((all) => all.filter((l) => l.id !== lead.id));
          dropSelection([lead.id]);
          setOpenLeadId((open) => (open === lead.id ? null : open));
          onNotice(notice('success', LEAD_MESSAGES.removed(lead.name)));
        } catch (err) {
          console.warn('delete failed', err);
          onNotice(notice('error', LEAD_MESSAGES.removeFailed(lead.name)));
        }
      },
    }),
  );

  const openDetails = useStable((id: string) => setOpenLeadId(id));

  function bulkMarkContacted() {
    const ids = selectedVisible.map((l) => l.id);
    if (ids.length === 0) return;
    setConfirm({
      title: 'Mark as Contacted',
      message: BULK_MESSAGES.confirmContacted(ids.length),
      confirmLabel: 'Mark Contacted',
      run: async () => {
        markBusy(ids, true);
        try {
          const res = await setContacted.mutateAsync({ ids, contacted: true });
          const now = new Date().toISOString();
          const wanted = new Set(ids);
          patch((all) => all.map((l) => (wanted.has(l.id) ? { ...l, contacted: true, lastContactedAt: now } : l)));
          if (res.updated < res.requested) {
            onNotice(notice('error', BULK_MESSAGES.updateFailed));
          } else {
            dropSelection(ids);
            onNotice(notice('success', BULK_MESSAGES.updated(res.updated)));
          }
        } catch (err) {
          console.warn('bulk update failed', err);
          onNotice(notice('error', BULK_MESSAGES.updateFailed));
        } finally {
          markBusy(ids, false);
        }
      },
    });
  }

  function bulkDelete() {
    const ids = selectedVisible.map((l) => l.id);
    if (ids.length === 0) return;
    setConfirm({
      title: 'Delete Companies',
      message: BULK_MESSAGES.confirmDelete(ids.length),
      confirmLabel: 'Delete',
      tone: 'danger',
      run: async () => {
        markBusy(ids, true);
        try {
          const res = await remove.mutateAsync({ ids });
          if (res.deleted < res.requested) {
            // Some went: the refetch shows which.
            void utils.leads.list.invalidate();
            onNotice(notice('error', BULK_MESSAGES.deleteFailed));
          } else {
            const gone = new Set(ids);
            patch((all) => all.filter((l) => !gone.has(l.id)));
            dropSelection(ids);
            onNotice(notice('success', BULK_MESSAGES.deleted(res.deleted)));
          }
        } catch (err) {
          console.warn('bulk delete failed', err);
          onNotice(notice('error', BULK_MESSAGES.deleteFailed));
        } finally {
          markBusy(ids, false);
        }
      },
    });
  }

  const statusButtons: [StatusFilter, string][] = [
    ['all', 'All'],
    ['contacted', 'Contacted'],
    ['not_contacted', 'Not Contacted'],
  ];
  const nSelected = selectedVisible.length;
  const first = filtered.length === 0 ? 0 : current * LEADS_PAGE_SIZE + 1;
  const last = Math.min(filtered.length, (current + 1) * LEADS_PAGE_SIZE);

  return (
    <section aria-labelledby="leads-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
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
              value={query}
              placeholder="Filter by name, industry or location"
              autoComplete="off"
              onChange={(e) => {
                setQuery(e.target.value);
                setPage(0);
              }}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
          </div>
          <fieldset className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
            <legend className="sr-only">Show</legend>
            {statusButtons.map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={status === value}
                onClick={() => {
                  setStatus(value);
                  setPage(0);
                }}
                className={`flex-auto whitespace-nowrap rounded-lg px-1.5 py-2 text-xs font-semibold sm:px-3 sm:text-sm ${
                  status === value ? 'bg-white text-brand-800 shadow' : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                {label} ({counts[value].toLocaleString('en-GB')})
              </button>
            ))}
          </fieldset>
        </div>
        <div
          role="toolbar"
          aria-label="Bulk actions"
          className={`flex flex-wrap items-center gap-x-1 gap-y-2 rounded-xl px-3 py-2 text-sm transition-colors ${
            nSelected > 0 ? 'bg-brand-50 ring-1 ring-brand-100' : 'bg-slate-50'
          }`}
        >
          <span className="mr-auto font-medium text-slate-700" aria-live="polite">
            {nSelected > 0 ? `${nSelected.toLocaleString('en-GB')} selected` : 'None selected'}
          </span>
          <button
            type="button"
            className={SMALL.ghost}
            disabled={filtered.length === 0 || nSelected === filtered.length}
            onClick={() => setSelected(new Set(filtered.map((l) => l.id)))}
          >
            Select All
          </button>
          <button
            type="button"
            className={SMALL.ghost}
            disabled={nSelected === 0}
            onClick={() => setSelected(new Set())}
          >
            Select None
          </button>
          {nSelected > 0 && (
            <div className="flex w-full gap-2 sm:w-auto">
              <button type="button" className={`flex-1 ${SMALL.primary}`} onClick={bulkMarkContacted}>
                Mark Contacted
              </button>
              <button type="button" className={`flex-1 ${SMALL.danger}`} onClick={bulkDelete}>
                Delete
              </button>
            </div>
          )}
        </div>
      </div>

      {filtered.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-slate-600">
          {leads.length === 0
            ? 'No leads yet. Calculate for a client, or add companies from Find New Companies.'
            : 'No leads match this filter.'}
        </p>
      ) : (
        <ul aria-label="Leads" className="divide-y divide-slate-100">
          {rows.map((lead) => (
            <LeadRow
              key={lead.id}
              lead={lead}
              selected={selected.has(lead.id)}
              busy={busyIds.has(lead.id)}
              onSelect={toggleSelect}
              onOpen={openDetails}
              onToggle={toggleContacted}
              onDelete={askDelete}
            />
          ))}
        </ul>
      )}

      {filtered.length > 0 && (
        <nav
          aria-label="Pages"
          className="flex flex-col items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:flex-row"
        >
          <span>
            Showing {first.toLocaleString('en-GB')}–{last.toLocaleString('en-GB')} of{' '}
            {filtered.length.toLocaleString('en-GB')}
          </span>
          {pageCount > 1 && (
            <div className="flex items-center gap-2">
              <button
                type="button"
                className={SMALL.secondary}
                disabled={current === 0}
                onClick={() => setPage(current - 1)}
              >
                Previous
              </button>
              <span aria-current="page">
                Page {current + 1} of {pageCount}
              </span>
              <button
                type="button"
                className={SMALL.secondary}
                disabled={current >= pageCount - 1}
                onClick={() => setPage(current + 1)}
              >
                Next
              </button>
            </div>
          )}
        </nav>
      )}

      {openLead && <LeadDetailModal lead={openLead} onClose={() => setOpenLeadId(null)} />}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
