import { REPORT_MESSAGES, REPORT_STATUS_LABELS, reportPdfPath } from '@pippitch/shared/reports';
import { describeCadence, SCHEDULE_DEFAULTS } from '@pippitch/shared/schedules';
import { formatIsoDate, formatLondonDateTime } from '@pippitch/shared/time';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { DayOfMonthSelect, HourSelect } from '../../components/ScheduleFields';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/**
 * The dashboard's monthly client report card (spec §2, §4 Schedules, §6): 'Premium Feature' without the Client
 * Data Tracking add-on; otherwise the schedule (none, 'Set Schedule', 'Active'), 'Send Test Report' and the last
 * reports to download.
 */
export function MonthlyReportCard() {
  const headingId = useId();
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
  const [editing, setEditing] = useState(false);
  const [dayOfMonth, setDayOfMonth] = useState<number>(SCHEDULE_DEFAULTS.dayOfMonth);
  const [hour, setHour] = useState<number>(SCHEDULE_DEFAULTS.hour);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const s = schedule.data;

  function openForm() {
    if (s?.dayOfMonth) setDayOfMonth(s.dayOfMonth);
    if (s?.hour !== null && s?.hour !== undefined) setHour(s.hour);
    setMessage(null);
    setEditing(true);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const creating = s?.state !== 'active';
    try {
      await save.mutateAsync({ dayOfMonth, hour });
      setEditing(false);
      setMessage({
        tone: 'success',
        text: `Report schedule saved: ${describeCadence({ frequency: 'monthly', dayOfMonth, hour })} (London time)`,
      });
    } catch (err) {
      const msg = errorMessage(err, REPORT_MESSAGES.saveFailed);
      setMessage({
        tone: 'error',
        text: creating ? REPORT_MESSAGES.createFailed(msg) : REPORT_MESSAGES.updateFailed(msg),
      });
    }
  }

  async function turnOff() {
    setMessage(null);
    try {
      await disable.mutateAsync();
      setMessage({ tone: 'success', text: 'Monthly reports disabled' });
    } catch (err) {
      setMessage({ tone: 'error', text: REPORT_MESSAGES.updateFailed(errorMessage(err, REPORT_MESSAGES.retry)) });
    }
  }

  async function test() {
    setMessage(null);
    try {
      await sendTest.mutateAsync();
      setMessage({ tone: 'success', text: REPORT_MESSAGES.testQueued });
    } catch (err) {
      setMessage({ tone: 'error', text: REPORT_MESSAGES.error(errorMessage(err, REPORT_MESSAGES.retry)) });
    }
  }

  return (
    <section aria-labelledby={headingId}>
      <Card className="h-full">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              Monthly Client Reports
            </h2>
            <p className="text-sm text-slate-600">
              A PDF of every client your brokers pitched, e-mailed to your admins each month.
            </p>
          </div>
          {s && !s.available && (
            <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800">
              {REPORT_MESSAGES.premium}
            </span>
          )}
        </div>
        {schedule.isPending && <Spinner />}
        {schedule.error && <Alert tone="error">{schedule.error.message}</Alert>}
        {message && (
          <div className="mt-3">
            <Alert tone={message.tone}>{message.text}</Alert>
          </div>
        )}
        {s && !s.available && (
          <div className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
            <p>Monthly client reports come with the Client Data Tracking add-on.</p>
            <Link
              to="/admin/account"
              className="mt-3 inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Upgrade Now
            </Link>
          </div>
        )}
        {s?.available && !editing && (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 p-4">
            {s.state === 'active' && s.dayOfMonth !== null && s.hour !== null ? (
              <div>
                <p className="font-medium">
                  <span className="mr-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                    Active
                  </span>
                  {describeCadence({ frequency: 'monthly', dayOfMonth: s.dayOfMonth, hour: s.hour })} (London time)
                </p>
                {s.nextRunAt && (
                  <p className="text-sm text-slate-600">
                    Next report: {formatLondonDateTime(new Date(s.nextRunAt))}, covering the previous month
                  </p>
                )}
              </div>
            ) : (
              <p className="text-sm text-slate-700">
                {s.state === 'set' ? 'Monthly reports are disabled.' : 'No report schedule yet.'}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant={s.state === 'active' ? 'secondary' : 'primary'} onClick={openForm}>
                {s.state === 'active' ? 'Edit' : 'Set Schedule'}
              </Button>
              {s.state === 'active' && (
                <Button variant="ghost" onClick={turnOff} disabled={disable.isPending}>
                  {disable.isPending ? 'Disabling...' : 'Disable'}
                </Button>
              )}
            </div>
          </div>
        )}
        {s?.available && editing && (
          <form onSubmit={submit} className="mt-4 space-y-4 rounded-lg border border-slate-200 p-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <DayOfMonthSelect value={dayOfMonth} onChange={setDayOfMonth} />
              <HourSelect value={hour} onChange={setHour} />
            </div>
            <p className="text-xs text-slate-500">Each report covers the previous calendar month.</p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Schedule'}
              </Button>
            </div>
          </form>
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
                        {r.calculations !== null &&
                          ` · ${r.calculations} calculation${r.calculations === 1 ? '' : 's'}`}
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
      </Card>
    </section>
  );
}
