import type { AppRouter } from '@pippitch/server';
import { ROLE_LABELS } from '@pippitch/shared/access';
import { EXPORT_PERIOD_LABELS, EXPORT_PERIODS, type ExportPeriod } from '@pippitch/shared/activity-periods';
import type { inferRouterOutputs } from '@trpc/server';
import { CheckList } from '../../components/CheckList';
import { Modal } from '../../components/Modal';
import { Segmented } from '../../components/Segmented';
import { Alert, Button, Spinner, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { type ExportForm, useExportForm, useExportSend } from './useActivityExport';

type ExportMember = inferRouterOutputs<AppRouter>['activity']['exportMembers'][number];

/**
 * Export activity as CSV (dashboard and user activity page): members to include, a period of London days, and
 * 'Export CSV', which downloads the file the server streams, or 'Send to Salesforce', which queues the CRM export
 * (kept in the export log while Salesforce is not connected).
 */
export function ExportModal({ onClose, preselected }: { onClose(): void; preselected?: string }) {
  const members = trpc.activity.exportMembers.useQuery();
  const form = useExportForm(preselected);
  const send = useExportSend(form, onClose);

  return (
    <Modal
      title="Export Activity"
      onClose={onClose}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {send.sent ? 'Close' : 'Cancel'}
          </Button>
          <Button variant="secondary" onClick={send.sendToCrm} disabled={send.sending}>
            {send.sending ? 'Sending...' : 'Send to Salesforce'}
          </Button>
          <Button onClick={send.download} disabled={send.busy}>
            {send.busy ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      }
    >
      <div className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">Users</legend>
          {members.isPending && <Spinner label="Loading members..." />}
          {members.isError && <Alert tone="error">{errorMessage(members.error, 'Failed to load members')}</Alert>}
          {members.data && members.data.length > 0 && <MemberChecklist all={members.data} form={form} />}
        </fieldset>
        <PeriodFields form={form} />
        {form.error && <Alert tone="error">{form.error}</Alert>}
        {send.sent && <Alert tone="success">{send.sent}</Alert>}
      </div>
    </Modal>
  );
}

/** 'Select all', then each member with their email, role and whether they are deactivated. */
function MemberChecklist({ all, form }: { all: ExportMember[]; form: ExportForm }) {
  const allChosen = all.every((m) => form.chosen.has(m.id));
  return (
    <div className="rounded-lg border border-slate-200">
      <label className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={allChosen}
          onChange={() => form.choose(allChosen ? [] : all.map((m) => m.id))}
          className="size-4"
        />
        Select all
      </label>
      <CheckList
        className="max-h-56"
        items={all}
        keyOf={(m) => m.id}
        checked={(m) => form.chosen.has(m.id)}
        onToggle={(m) => form.toggle(m.id)}
        label={(m) => (
          <>
            <span className="min-w-0 flex-1 truncate">
              {m.name} <span className="text-slate-500">({m.email})</span>
            </span>
            <span className="text-xs text-slate-500">
              {ROLE_LABELS[m.role]}
              {!m.isActive && ' · deactivated'}
            </span>
          </>
        )}
      />
    </div>
  );
}

/** The period (today, this week, this month or a custom range), and a custom range's start and end dates. */
function PeriodFields({ form }: { form: ExportForm }) {
  return (
    <>
      <div>
        <p className="mb-2 text-sm font-semibold text-slate-800">Period</p>
        <Segmented
          legend="Period"
          look="card"
          options={EXPORT_PERIODS.map((p) => ({ value: p, label: EXPORT_PERIOD_LABELS[p] }))}
          value={form.period}
          onChange={(v) => form.setPeriod(v as ExportPeriod)}
        />
      </div>
      {form.period === 'custom' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Start date"
            type="date"
            value={form.start}
            onChange={(e) => form.setStart(e.target.value)}
          />
          <TextField
            label="End date"
            type="date"
            value={form.end}
            onChange={(e) => form.setEnd(e.target.value)}
            hint="Includes the whole end day (London time)"
          />
        </div>
      )}
    </>
  );
}
