import { ROLE_LABELS } from '@pippitch/shared/access';
import {
  EXPORT_CSV_PATH,
  EXPORT_MESSAGES,
  EXPORT_PERIOD_LABELS,
  EXPORT_PERIODS,
  type ExportPeriod,
} from '@pippitch/shared/activity-periods';
import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { Segmented } from '../../components/Segmented';
import { Alert, Button, Spinner, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/** The file name the server chose (Content-Disposition), or a plain one. */
function fileNameOf(res: Response): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'pippitch-activity.csv';
}

/**
 * Export activity as CSV (dashboard and user activity page): members to include, a period of London days, and
 * 'Export CSV', which downloads the file the server streams, or 'Send to Salesforce', which queues the CRM export
 * (kept in the export log while Salesforce is not connected).
 */
export function ExportModal({ onClose, preselected }: { onClose(): void; preselected?: string }) {
  const members = trpc.activity.exportMembers.useQuery();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(preselected ? [preselected] : []));
  const [period, setPeriod] = useState<ExportPeriod>('week');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const crm = trpc.salesforce.status.useQuery();
  const utils = trpc.useUtils();
  const exportNow = trpc.salesforce.exportNow.useMutation({ onSettled: () => utils.salesforce.exports.invalidate() });

  // A form problem ('select at least one user', the custom dates) goes as soon as the form changes: it said what
  // to do, and once done it must not stay on screen (issue 22).
  const formChanged = () =>
    setError((e) => (e === EXPORT_MESSAGES.noUsers || e === EXPORT_MESSAGES.customDates ? null : e));
  /** A field's setter that is also a change of the form. */
  const edited =
    <T,>(set: (value: T) => void) =>
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
  const all = members.data ?? [];
  const allChosen = all.length > 0 && all.every((m) => chosen.has(m.id));

  /** The form's own checks, before asking the server (which checks again). */
  function problem(): string | null {
    if (chosen.size === 0) return EXPORT_MESSAGES.noUsers;
    if (period === 'custom' && (!start || !end)) return EXPORT_MESSAGES.customDates;
    return null;
  }

  /** Clears the last outcome and says whether the form may be sent, showing why not. */
  function clearedToSend(): boolean {
    setError(null);
    setSent(null);
    const refused = problem();
    if (refused) setError(refused);
    return !refused;
  }

  async function sendToCrm() {
    if (!clearedToSend()) return;
    try {
      await exportNow.mutateAsync({
        userIds: [...chosen],
        period,
        ...(period === 'custom' && { start, end }),
      });
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
      const res = await fetch(`${EXPORT_CSV_PATH}?${params}`, { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        setError(body?.message ?? EXPORT_MESSAGES.failed);
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = fileNameOf(res);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      onClose();
    } catch {
      setError(EXPORT_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Export Activity"
      onClose={onClose}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {sent ? 'Close' : 'Cancel'}
          </Button>
          <Button variant="secondary" onClick={sendToCrm} disabled={exportNow.isPending}>
            {exportNow.isPending ? 'Sending...' : 'Send to Salesforce'}
          </Button>
          <Button onClick={download} disabled={busy}>
            {busy ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      }
    >
      <div className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">Users</legend>
          {members.isPending && <Spinner label="Loading members..." />}
          {members.isError && <Alert tone="error">{errorMessage(members.error, 'Failed to load members')}</Alert>}
          {all.length > 0 && (
            <div className="rounded-lg border border-slate-200">
              <label className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={allChosen}
                  onChange={() => {
                    formChanged();
                    setChosen(allChosen ? new Set() : new Set(all.map((m) => m.id)));
                  }}
                  className="size-4"
                />
                Select all
              </label>
              <ul className="max-h-56 overflow-y-auto">
                {all.map((m) => (
                  <li key={m.id}>
                    <label className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                      <input
                        type="checkbox"
                        checked={chosen.has(m.id)}
                        onChange={() => toggle(m.id)}
                        className="size-4"
                      />
                      <span className="min-w-0 flex-1 truncate">
                        {m.name} <span className="text-slate-500">({m.email})</span>
                      </span>
                      <span className="text-xs text-slate-500">
                        {ROLE_LABELS[m.role]}
                        {!m.isActive && ' · deactivated'}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </fieldset>
        <div>
          <p className="mb-2 text-sm font-semibold text-slate-800">Period</p>
          <Segmented
            legend="Period"
            look="card"
            options={EXPORT_PERIODS.map((p) => ({ value: p, label: EXPORT_PERIOD_LABELS[p] }))}
            value={period}
            onChange={(v) => edited(setPeriod)(v as ExportPeriod)}
          />
        </div>
        {period === 'custom' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Start date"
              type="date"
              value={start}
              onChange={(e) => edited(setStart)(e.target.value)}
            />
            <TextField
              label="End date"
              type="date"
              value={end}
              onChange={(e) => edited(setEnd)(e.target.value)}
              hint="Includes the whole end day (London time)"
            />
          </div>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {sent && <Alert tone="success">{sent}</Alert>}
      </div>
    </Modal>
  );
}
