/**
 * The company's export schedule (spec §3 export_schedules, §4 Schedules): weekly Monday–Friday or monthly on day
 * 1–28, at a London hour; created, edited and disabled on the dashboard. The sweep (`dispatchScheduledExports`,
 * every minute) starts each due slot's export exactly once: the export row's unique (schedule, slot) key decides,
 * in the same transaction as the job, so two workers or a repeated sweep start one.
 */
import type { DateSpan } from '@pippitch/shared/activity-periods';
import { SCHEDULED_PRIORITY } from '@pippitch/shared/on-demand';
import { type Cadence, nextSlot, previousMonthStart, type Slot } from '@pippitch/shared/schedules';
import { addDays } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { crmExportJob } from '../../jobs/crm';
import { sendJob } from '../../jobs/send';
import {
  disableExportScheduleRecord,
  type ExportScheduleRecord,
  exportScheduleRecord,
  insertScheduledExport,
  listActiveExportSchedulesOfAllCompanies,
  saveExportScheduleRecord,
} from '../../queries/crm/schedules';
import { scopeOf, systemScope } from '../../queries/scope';
import type { Actor } from '../actor';
import { startDueSlots } from '../schedules/sweep';

export interface ExportSchedule {
  cadence: Cadence;
  active: boolean;
  updatedAt: Date;
  /** The next run, when active. */
  nextRunAt: Date | null;
}

type ScheduleRow = Pick<ExportScheduleRecord, 'frequency' | 'dayOfWeek' | 'dayOfMonth' | 'hour'>;

function cadenceOf(row: ScheduleRow): Cadence {
  return row.frequency === 'weekly'
    ? { frequency: 'weekly', dayOfWeek: row.dayOfWeek ?? 1, hour: row.hour }
    : { frequency: 'monthly', dayOfMonth: row.dayOfMonth ?? 1, hour: row.hour };
}

export async function exportSchedule(db: Database, actor: Actor, now: Date): Promise<ExportSchedule | null> {
  const row = await exportScheduleRecord(db, scopeOf(actor));
  if (!row) return null;
  const cadence = cadenceOf(row);
  return {
    cadence,
    active: row.isActive,
    updatedAt: row.updatedAt,
    nextRunAt: row.isActive ? nextSlot(cadence, now).at : null,
  };
}

/** Creates or edits the schedule and makes it active from now (a slot already past today is not run late). */
export async function saveExportSchedule(db: Database, actor: Actor, cadence: Cadence, now: Date): Promise<void> {
  await saveExportScheduleRecord(db, scopeOf(actor), {
    frequency: cadence.frequency,
    dayOfWeek: cadence.frequency === 'weekly' ? cadence.dayOfWeek : null,
    dayOfMonth: cadence.frequency === 'monthly' ? cadence.dayOfMonth : null,
    hour: cadence.hour,
    isActive: true,
    activeSince: now,
    now,
  });
}

export async function disableExportSchedule(db: Database, actor: Actor, now: Date): Promise<void> {
  await disableExportScheduleRecord(db, scopeOf(actor), now);
}

/** A scheduled export's period: weekly, the 7 London days up to the run day; monthly, the previous month. */
export function scheduledSpan(cadence: Cadence, slot: Slot): DateSpan {
  if (cadence.frequency === 'weekly') return { start: addDays(slot.date, -6), end: slot.date };
  const start = previousMonthStart(slot.date);
  return { start, end: addDays(`${slot.date.slice(0, 7)}-01`, -1) };
}

/**
 * Starts every due scheduled export once. Companies whose access has ended are skipped (a locked company's
 * schedule waits). Returns how many exports were started.
 */
export async function dispatchScheduledExports(db: Database, now: Date): Promise<number> {
  // The sweep reads each schedule's start as `active_since`.
  const schedules = (await listActiveExportSchedulesOfAllCompanies(db)).map((s) => ({
    ...s,
    active_since: s.activeSince,
  }));
  return startDueSlots(db, now, schedules, cadenceOf, async (trx, schedule, slot) => {
    const span = scheduledSpan(cadenceOf(schedule), slot);
    const scope = systemScope('system:crm-export', schedule.companyId);
    const id = await insertScheduledExport(trx, scope, { scheduleId: schedule.id, slotKey: slot.key, span });
    if (id) await sendJob(trx, crmExportJob, { exportId: id }, { priority: SCHEDULED_PRIORITY });
    return id !== undefined;
  });
}
