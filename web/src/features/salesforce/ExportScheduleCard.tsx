import { SALESFORCE_SETTINGS_PATH, SCHEDULE_MESSAGES } from '@pippitch/shared/salesforce';
import { type Cadence, describeCadence } from '@pippitch/shared/schedules';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { Link } from '@tanstack/react-router';
import { ScheduleCard, ScheduleForm, ScheduleNotice, ScheduleSummary } from '../../components/ScheduleCardParts';
import { DayOfMonthSelect, HourSelect, WeekdaySelect } from '../../components/ScheduleFields';
import { Segmented } from '../../components/Segmented';
import { Alert, Spinner } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { useScheduleCard } from '../../lib/useScheduleCard';
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
  const current = schedule.data;
  const active = current?.active === true;
  const card = useScheduleCard({
    current: current?.cadence ?? null,
    active,
    save: (cadence) => save.mutateAsync(cadence),
    disable: () => disable.mutateAsync(),
    words: { ...SCHEDULE_MESSAGES, saved: 'Export schedule saved', disabled: 'Export schedule disabled' },
  });
  const { frequency } = card.fields;

  const destination = status.data?.connected
    ? status.data.broken
      ? 'Salesforce needs reconnecting: exports will fail until you do.'
      : `Exports post to Salesforce Chatter as ${status.data.username}.`
    : 'Salesforce is not connected: exports are kept in the export log.';

  return (
    <ScheduleCard
      title="Salesforce Export Schedule"
      subtitle={destination}
      aside={
        <Link to={SALESFORCE_SETTINGS_PATH} className="text-sm font-medium text-brand-700 hover:underline">
          Salesforce settings
        </Link>
      }
    >
      <ScheduleNotice message={card.message} />
      {schedule.isPending && <Spinner />}
      {schedule.error && <Alert tone="error">{schedule.error.message}</Alert>}
      {schedule.data !== undefined && !card.editing && (
        <ScheduleSummary
          active={active && current !== undefined}
          activeText={current && describeCadence(current.cadence)}
          nextRun={current?.nextRunAt && `Next export: ${formatLondonDateTime(new Date(current.nextRunAt))}`}
          idleText={`${current ? 'The export schedule is disabled.' : 'No export schedule yet.'} Team activity can be sent every week or month.`}
          onEdit={card.openForm}
          onDisable={card.turnOff}
          disabling={disable.isPending}
        />
      )}
      {card.editing && (
        <ScheduleForm
          onSubmit={card.submit}
          above={
            <Segmented
              legend="Frequency"
              options={[
                { value: 'weekly', label: 'Weekly' },
                { value: 'monthly', label: 'Monthly' },
              ]}
              value={frequency}
              onChange={(v) => card.fields.setFrequency(v as Frequency)}
            />
          }
          note="Weekly exports cover the seven days up to the export; monthly ones the previous calendar month."
          onCancel={card.cancel}
          saving={save.isPending}
        >
          {frequency === 'weekly' ? (
            <WeekdaySelect value={card.fields.dayOfWeek} onChange={card.fields.setDayOfWeek} />
          ) : (
            <DayOfMonthSelect value={card.fields.dayOfMonth} onChange={card.fields.setDayOfMonth} />
          )}
          <HourSelect value={card.fields.hour} onChange={card.fields.setHour} />
        </ScheduleForm>
      )}
      <h3 className="mt-5 text-sm font-semibold text-slate-800">Recent exports</h3>
      <ExportLog entries={exports.data} loading={exports.isPending} limit={3} compact />
    </ScheduleCard>
  );
}
