import { useDeferredValue, useMemo, useState } from 'react';
import type { Notice } from '../../components/Banner';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LeadDetailModal } from './LeadDetailModal';
import { LeadRow } from './LeadRow';
import { LeadsPager } from './LeadsPager';
import { LeadsToolbar } from './LeadsToolbar';
import { filterLeads, LEADS_PAGE_SIZE, type Lead, type StatusFilter, searchTextOf } from './leadModel';
import { useLeadActions } from './useLeadActions';

/**
 * The broker's leads: text filter and status buttons (in memory), 50 per page, selection with bulk actions
 * (confirmed first), a contacted toggle and delete per lead, and the detail modal.
 */
export function LeadsList({ leads, onNotice }: { leads: Lead[]; onNotice(n: Notice): void }) {
  const actions = useLeadActions(onNotice);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(0);

  const text = useMemo(() => searchTextOf(leads), [leads]);
  const filtered = useMemo(() => filterLeads(leads, text, deferredQuery, status), [leads, text, deferredQuery, status]);
  const counts = useMemo(() => {
    let contacted = 0;
    for (const l of leads) if (l.contacted) contacted++;
    return { all: leads.length, contacted, not_contacted: leads.length - contacted };
  }, [leads]);
  // Bulk actions act on what is selected and still in view (a filter hides nothing from an action silently).
  const { selected } = actions;
  const selectedIds = useMemo(() => filtered.filter((l) => selected.has(l.id)).map((l) => l.id), [filtered, selected]);

  const pageCount = Math.max(1, Math.ceil(filtered.length / LEADS_PAGE_SIZE));
  const current = Math.min(page, pageCount - 1);
  const rows = filtered.slice(current * LEADS_PAGE_SIZE, (current + 1) * LEADS_PAGE_SIZE);
  const openLead = actions.openLeadId ? leads.find((l) => l.id === actions.openLeadId) : undefined;

  return (
    <section aria-labelledby="leads-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <LeadsToolbar
        query={query}
        onQuery={(q) => {
          setQuery(q);
          setPage(0);
        }}
        status={status}
        onStatus={(s) => {
          setStatus(s);
          setPage(0);
        }}
        counts={counts}
        selectedCount={selectedIds.length}
        visibleCount={filtered.length}
        onSelectAll={() => actions.selectOnly(filtered.map((l) => l.id))}
        onSelectNone={() => actions.selectOnly([])}
        onMarkContacted={() => actions.bulkMarkContacted(selectedIds)}
        onDelete={() => actions.bulkDelete(selectedIds)}
      />

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
              busy={actions.busyIds.has(lead.id)}
              {...actions.row}
            />
          ))}
        </ul>
      )}

      {filtered.length > 0 && (
        <LeadsPager total={filtered.length} page={current} pageCount={pageCount} onPage={setPage} />
      )}

      {openLead && <LeadDetailModal lead={openLead} onClose={actions.closeDetails} />}
      <ConfirmDialog request={actions.confirm} onClose={actions.closeConfirm} />
    </section>
  );
}
