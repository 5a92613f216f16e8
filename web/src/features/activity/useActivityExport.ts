import { EXPORT_CSV_PATH, EXPORT_MESSAGES, type ExportPeriod } from '@pippitch/shared/activity-periods';
import { useState } from 'react';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/** The file name the server chose (Content-Disposition), or a plain one. */
function fileNameOf(res: Response): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'pippitch-activity.csv';
}

/** Downloads the CSV the server streams for this query; the server's refusal if it refuses, null once saved. */
async function saveCsv(params: URLSearchParams): Promise<string | null> {
  const res = await fetch(`${EXPORT_CSV_PATH}?${params}`, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? EXPORT_MESSAGES.failed;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}

export type ExportForm = ReturnType<typeof useExportForm>;

/**
 * The export form: the members chosen, the period and its custom dates, and the form's own checks (the server checks
 * again). Every setter is a change of the form.
 */
export function useExportForm(preselected: string | undefined) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(preselected ? [preselected] : []));
  const [period, setPeriod] = useState<ExportPeriod>('week');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);

  // A form problem ('select at least one user', the custom dates) goes as soon as the form changes: it said what
  // to do, and once done it must not stay on screen (issue 22).
  const formChanged = () =>
    setError((e) => (e === EXPORT_MESSAGES.noUsers || e === EXPORT_MESSAGES.customDates ? null : e));
  /** A field's setter that is also a change of the form. */
  const edited =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      formChanged();
      set(value);
    };
  const toggle = (id: string) => {
    formChanged();
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  /** The form's own checks, before asking the server (which checks again). */
  function problem(): string | null {
    if (chosen.size === 0) return EXPORT_MESSAGES.noUsers;
    if (period === 'custom' && (!start || !end)) return EXPORT_MESSAGES.customDates;
    return null;
  }

  return {
    chosen,
    period,
    start,
    end,
    error,
    setError,
    toggle,
    choose: edited((ids: string[]) => setChosen(new Set(ids))),
    setPeriod: edited(setPeriod),
    setStart: edited(setStart),
    setEnd: edited(setEnd),
    problem,
  };
}

/**
 * The export's two ways out: 'Export CSV' downloads the file the server streams and closes the modal; 'Send to
 * Salesforce' queues the CRM export (kept in the export log while Salesforce is not connected) and says which.
 */
export function useExportSend(form: ExportForm, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const crm = trpc.salesforce.status.useQuery();
  const utils = trpc.useUtils();
  const exportNow = trpc.salesforce.exportNow.useMutation({ onSettled: () => utils.salesforce.exports.invalidate() });
  const { chosen, period, start, end, setError } = form;

  /** Clears the last outcome and says whether the form may be sent, showing why not. */
  function clearedToSend(): boolean {
    setError(null);
    setSent(null);
    const refused = form.problem();
    if (refused) setError(refused);
    return !refused;
  }

  async function sendToCrm() {
    if (!clearedToSend()) return;
    try {
      await exportNow.mutateAsync({ userIds: [...chosen], period, ...(period === 'custom' && { start, end }) });
      setSent(
        crm.data?.connected && !crm.data.broken
          ? 'Export started: it will appear in Salesforce Chatter in a moment.'
          : 'Salesforce is not connected, so the export is kept in the export log (Salesforce settings).',
      );
    } catch (err) {
      setError(errorMessage(err, EXPORT_MESSAGES.failed));
    }
  }

  async function download() {
    if (!clearedToSend()) return;
    const params = new URLSearchParams({ users: [...chosen].join(','), period });
    if (period === 'custom') {
      params.set('start', start);
      params.set('end', end);
    }
    setBusy(true);
    try {
      const refused = await saveCsv(params);
      if (refused) setError(refused);
      else onClose();
    } catch {
      setError(EXPORT_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  return { busy, sent, sending: exportNow.isPending, sendToCrm, download };
}
