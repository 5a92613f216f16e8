import { BULK_MESSAGES, LEAD_MESSAGES } from '@pippitch/shared/lead-messages';
import { useCallback, useRef, useState } from 'react';
import { type Notice, notice } from '../../components/Banner';
import type { ConfirmRequest } from '../../components/ConfirmDialog';
import { trpc } from '../../lib/trpc';
import type { Lead } from './leadModel';

/** The same function identity on every render, always calling the latest closure (for memoised rows). */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}

function withIds(set: ReadonlySet<string>, ids: readonly string[], on: boolean): ReadonlySet<string> {
  const next = new Set(set);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/**
 * What a broker does to leads: select, mark contacted, delete — one lead at once, or the selection after a
 * confirmation. Each change is applied to the cached list at once; the refetch that follows brings the stats
 * up to date. Busy leads are shown as such while their request runs.
 */
export function useLeadActions(onNotice: (n: Notice) => void) {
  const utils = trpc.useUtils();
  const setContacted = trpc.leads.setContacted.useMutation();
  const remove = trpc.leads.delete.useMutation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const [openLeadId, setOpenLeadId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  function patch(fn: (leads: Lead[]) => Lead[]) {
    utils.leads.list.setData(undefined, (old) => (old ? { ...old, leads: fn(old.leads) } : old));
    void utils.leads.list.invalidate();
  }
  const markBusy = (ids: string[], on: boolean) => setBusyIds((s) => withIds(s, ids, on));
  const dropSelection = (ids: readonly string[]) => setSelected((s) => withIds(s, ids, false));

  const toggleSelect = useStable((id: string) => setSelected((s) => withIds(s, [id], !s.has(id))));
  const openDetails = useStable((id: string) => setOpenLeadId(id));

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

  /** A bulk action: confirmed first, its leads busy while it runs, `failed` said if it throws. */
  function confirmBulk(ids: string[], request: Omit<ConfirmRequest, 'run'>, act: () => Promise<void>, failed: string) {
    if (ids.length === 0) return;
    setConfirm({
      ...request,
      run: async () => {
        markBusy(ids, true);
        try {
          await act();
        } catch (err) {
          console.warn(`bulk '${request.title}' failed`, err);
          onNotice(notice('error', failed));
        } finally {
          markBusy(ids, false);
        }
      },
    });
  }

  const bulkMarkContacted = (ids: string[]) =>
    confirmBulk(
      ids,
      {
        title: 'Mark as Contacted',
        message: BULK_MESSAGES.confirmContacted(ids.length),
        confirmLabel: 'Mark Contacted',
      },
      async () => {
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
      },
      BULK_MESSAGES.updateFailed,
    );

  const bulkDelete = (ids: string[]) =>
    confirmBulk(
      ids,
      {
        title: 'Delete Companies',
        message: BULK_MESSAGES.confirmDelete(ids.length),
        confirmLabel: 'Delete',
        tone: 'danger',
      },
      async () => {
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
      },
      BULK_MESSAGES.deleteFailed,
    );

  return {
    selected,
    selectOnly: (ids: string[]) => setSelected(new Set(ids)),
    busyIds,
    openLeadId,
    closeDetails: () => setOpenLeadId(null),
    confirm,
    closeConfirm: () => setConfirm(null),
    row: { onSelect: toggleSelect, onOpen: openDetails, onToggle: toggleContacted, onDelete: askDelete },
    bulkMarkContacted,
    bulkDelete,
  };
}
