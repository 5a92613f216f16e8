import { REPORT_MESSAGES, REPORT_STATUS_LABELS, reportPdfPath } from '@pippitch/shared/reports';
import { describeCadence } from '@pippitch/shared/schedules';
import { formatIsoDate, formatLondonDateTime } from '@pippitch/shared/time';
import { Link } from '@tanstack/react-router';
import { ScheduleCard, ScheduleForm, ScheduleNotice, ScheduleSummary } from '../../components/ScheduleCardParts';
import { DayOfMonthSelect, HourSelect } from '../../components/ScheduleFields';
import { Alert, Button, buttonClass, Spinner } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { useScheduleCard } from '../../lib/useScheduleCard';

/**
 * The dashboard's monthly client report card (spec §2, §4 Schedules, §6): 'Premium Feature' without the Client
 * Data Tracking add-on; otherwise the schedule (none, 'Set Schedule', 'Active'), 'Send Test Report' and the last
 * reports to download.
 */
export function MonthlyReportCard() {
  const utils = trpc.useUtils();
  const schedule = trpc.reports.schedule.useQuery();
  const available = schedule.data?.available === true;
  const reports = trpc.reports.list.useQuery(undefined, {
    enabled: available,
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'pending') ? 2000 : false),
  });
  const refresh = () => Promise.all([utils.reports.schedule.invalidate(), utils.reports.list.invalidate()]);
  const save = trpc.reports.setSchedule.useMutation({ onSettled: refresh });
  const disable = trpc.reports.disable.useMutation({ onSettled: refresh });
  const sendTest = trpc.reports.sendTest.useMutation({ onSettled: refresh });
  const s = schedule.data;
  const active = s?.state === 'active' && s.dayOfMonth !== null && s.hour !== null;
  const card = useScheduleCard({
    current: s?.dayOfMonth && s.hour !== null ? { frequency: 'monthly', dayOfMonth: s.dayOfMonth, hour: s.hour } : null,
    active: s?.state === 'active',
    save: (cadence) =>
      save.mutateAsync({ dayOfMonth: cadence.frequency === 'monthly' ? cadence.dayOfMonth : 1, hour: cadence.hour }),
    disable: () => disable.mutateAsync(),
    words: { ...REPORT_MESSAGES, saved: 'Report schedule saved', disabled: 'Monthly reports disabled' },
  });
  const test = () => card.act(() => sendTest.mutateAsync(), REPORT_MESSAGES.testQueued, REPORT_MESSAGES.error);

  return (
    <ScheduleCard
      title="Monthly Client Reports"
      subtitle="A PDF of every client your brokers pitched, e-mailed to your admins each month."
      aside={
        s &&
        !s.available && (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800">
            {REPORT_MESSAGES.premium}
          </span>
        )
      }
    >
      {schedule.isPending && <Spinner />}
      {schedule.error && <Alert tone="error">{schedule.error.message}</Alert>}
      <ScheduleNotice message={card.message} />
      {s && !s.available && (
        <div className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          <p>Monthly client reports come with the Client Data Tracking add-on.</p>
          <Link to="/admin/account" className={`mt-3 ${buttonClass()}`}>
            Upgrade Now
          </Link>
        </div>
      )}
      {s?.available && !card.editing && (
        <ScheduleSummary
          active={active}
          activeText={
            s.dayOfMonth !== null &&
            s.hour !== null &&
            describeCadence({ frequency: 'monthly', dayOfMonth: s.dayOfMonth, hour: s.hour })
          }
          nextRun={
            s.nextRunAt && `Next report: ${formatLondonDateTime(new Date(s.nextRunAt))}, covering the previous month`
          }
          idleText={s.state === 'set' ? 'Monthly reports are disabled.' : 'No report schedule yet.'}
          onEdit={card.openForm}
          onDisable={card.turnOff}
          disabling={disable.isPending}
        />
      )}
      {s?.available && card.editing && (
        <ScheduleForm
          onSubmit={(e) => card.submit(e, 'monthly')}
          note="Each report covers the previous calendar month."
          onCancel={card.cancel}
          saving={save.isPending}
        >
          <DayOfMonthSelect value={card.fields.dayOfMonth} onChange={card.fields.setDayOfMonth} />
          <HourSelect value={card.fields.hour} onChange={card.fields.setHour} />
        </ScheduleForm>
      )}
      {s?.available && (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-800">Recent reports</h3>
            <Button variant="secondary" onClick={test} disabled={sendTest.isPending}>
              {sendTest.isPending ? 'Sending...' : 'Send Test Report'}
            </Button>
          </div>
          {reports.isPending ? (
            <Spinner />
          ) : !reports.data || reports.data.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No reports yet</p>
          ) : (
            <ul aria-label="Recent reports" className="mt-2 divide-y divide-slate-100 text-sm">
              {reports.data.map((r) => (
                <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                  <span>
                    {r.kind === 'test' ? 'Test report' : 'Monthly report'} · {formatIsoDate(r.periodStart)} –{' '}
                    {formatIsoDate(r.periodEnd)}
                    <span className="block text-xs text-slate-500">
                      {formatLondonDateTime(new Date(r.createdAt))}
                      {r.calculations !== null && ` · ${r.calculations} calculation${r.calculations === 1 ? '' : 's'}`}
                      {r.error && ` · ${r.error}`}
                    </span>
                  </span>
                  {r.status === 'ready' ? (
                    <a
                      href={reportPdfPath(r.id)}
                      download
                      className="font-semibold text-brand-700 hover:underline"
                      aria-label={`Download the report for ${formatIsoDate(r.periodStart)} – ${formatIsoDate(r.periodEnd)}`}
                    >
                      Download
                    </a>
                  ) : (
                    <span className={r.status === 'failed' ? 'font-medium text-red-700' : 'text-slate-600'}>
                      {REPORT_STATUS_LABELS[r.status]}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </ScheduleCard>
  );
}
