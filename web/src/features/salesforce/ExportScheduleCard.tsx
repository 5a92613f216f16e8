import { SALESFORCE_SETTINGS_PATH, SCHEDULE_MESSAGES } from '@pippitch/shared/salesforce';
import { type Cadence, describeCadence, SCHEDULE_DEFAULTS } from '@pippitch/shared/schedules';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { DayOfMonthSelect, HourSelect, WeekdaySelect } from '../../components/ScheduleFields';
import { Segmented } from '../../components/Segmented';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { ExportLog, useExportLog } from './SalesforceSettings';

type Frequency = Cadence['frequency'];

/**
 * The dashboard's export schedule (spec §2, §4 Schedules): none, set (weekly Monday–Friday or monthly 1–28, at a
 * London hour), edited or disabled; where exports go; the last few exports and their outcome.
 */
export function ExportScheduleCard() {
  const utils = trpc.useUtils();
  const status = trpc.salesforce.status.useQuery();
  const schedule = trpc.salesforce.schedule.useQuery();
  const exports = useExportLog();
  const save = trpc.salesforce.saveSchedule.useMutation({ onSettled: () => utils.salesforce.schedule.invalidate() });
  const disable = trpc.salesforce.disableSchedule.useMutation({
    onSettled: () => utils.salesforce.schedule.invalidate(),
  });
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [frequency, setFrequency] = useState<Frequency>('weekly');
  const [dayOfWeek, setDayOfWeek] = useState<number>(SCHEDULE_DEFAULTS.dayOfWeek);
  const [dayOfMonth, setDayOfMonth] = useState<number>(SCHEDULE_DEFAULTS.dayOfMonth);
  const [hour, setHour] = useState<number>(SCHEDULE_DEFAULTS.hour);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const current = schedule.data;
  const active = current?.active === true;

  function openForm() {
    const c = current?.cadence;
    if (c) {
      setFrequency(c.frequency);
      setHour(c.hour);
      if (c.frequency === 'weekly') setDayOfWeek(c.dayOfWeek);
      else setDayOfMonth(c.dayOfMonth);
    }
    setMessage(null);
    setEditing(true);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const cadence: Cadence = frequency === 'weekly' ? { frequency, dayOfWeek, hour } : { frequency, dayOfMonth, hour };
    const creating = !active;
    try {
      await save.mutateAsync(cadence);
      setEditing(false);
      setMessage({ tone: 'success', text: `Export schedule saved: ${describeCadence(cadence)} (London time)` });
    } catch (err) {
      const msg = errorMessage(err, SCHEDULE_MESSAGES.saveFailed);
      setMessage({
        tone: 'error',
        text: creating ? SCHEDULE_MESSAGES.createFailed(msg) : SCHEDULE_MESSAGES.updateFailed(msg),
      });
    }
  }

  async function turnOff() {
    setMessage(null);
    try {
      await disable.mutateAsync();
      setMessage({ tone: 'success', text: 'Export schedule disabled' });
    } catch (err) {
      setMessage({ tone: 'error', text: SCHEDULE_MESSAGES.updateFailed(errorMessage(err, SCHEDULE_MESSAGES.retry)) });
    }
  }

  const destination = status.data?.connected
    ? status.data.broken
      ? 'Salesforce needs reconnecting: exports will fail until you do.'
      : `Exports post to Salesforce Chatter as ${status.data.username}.`
    : 'Salesforce is not connected: exports are kept in the export log.';

  return (
    <section aria-labelledby={headingId}>
      <Card className="h-full">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              Salesforce Export Schedule
            </h2>
            <p className="text-sm text-slate-600">{destination}</p>
          </div>
          <Link to={SALESFORCE_SETTINGS_PATH} className="text-sm font-medium text-brand-700 hover:underline">
            Salesforce settings
          </Link>
        </div>
        {message && (
          <div className="mt-3">
            <Alert tone={message.tone}>{message.text}</Alert>
          </div>
        )}
        {schedule.isPending && <Spinner />}
        {schedule.error && <Alert tone="error">{schedule.error.message}</Alert>}
        {schedule.data !== undefined && !editing && (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 p-4">
            {active && current ? (
              <div>
                <p className="font-medium">
                  <span className="mr-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                    Active
                  </span>
                  {describeCadence(current.cadence)} (London time)
                </p>
                {current.nextRunAt && (
                  <p className="text-sm text-slate-600">
                    Next export: {formatLondonDateTime(new Date(current.nextRunAt))}
                  </p>
                )}
              </div>
            ) : (
              <p className="text-sm text-slate-700">
                {current ? 'The export schedule is disabled.' : 'No export schedule yet.'} Team activity can be sent
                every week or month.
              </p>
            )}
            <div className="flex gap-2">
              <Button variant={active ? 'secondary' : 'primary'} onClick={openForm}>
                {active ? 'Edit' : 'Set Schedule'}
              </Button>
              {active && (
                <Button variant="ghost" onClick={turnOff} disabled={disable.isPending}>
                  {disable.isPending ? 'Disabling...' : 'Disable'}
                </Button>
              )}
            </div>
          </div>
        )}
        {editing && (
          <form onSubmit={submit} className="mt-4 space-y-4 rounded-lg border border-slate-200 p-4">
            <Segmented
              legend="Frequency"
              options={[
                { value: 'weekly', label: 'Weekly' },
                { value: 'monthly', label: 'Monthly' },
              ]}
              value={frequency}
              onChange={(v) => setFrequency(v as Frequency)}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              {frequency === 'weekly' ? (
                <WeekdaySelect value={dayOfWeek} onChange={setDayOfWeek} />
              ) : (
                <DayOfMonthSelect value={dayOfMonth} onChange={setDayOfMonth} />
              )}
              <HourSelect value={hour} onChange={setHour} />
            </div>
            <p className="text-xs text-slate-500">
              Weekly exports cover the seven days up to the export; monthly ones the previous calendar month.
            </p>
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
        <h3 className="mt-5 text-sm font-semibold text-slate-800">Recent exports</h3>
        <ExportLog entries={exports.data} loading={exports.isPending} limit={3} compact />
      </Card>
    </section>
  );
}
