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
import { sql } from 'kysely';
import { crmExportJob } from '../../jobs/crm';
import { sendJob } from '../../jobs/send';
import type { Actor } from '../actor';
import { upsertCompanyRow } from '../company/row';
import { startDueSlots } from '../schedules/sweep';

export interface ExportSchedule {
  cadence: Cadence;
  active: boolean;
  updatedAt: Date;
  /** The next run, when active. */
  nextRunAt: Date | null;
}

type ScheduleRow = { frequency: string; day_of_week: number | null; day_of_month: number | null; hour: number };

function cadenceOf(row: ScheduleRow): Cadence {
  return row.frequency === 'weekly'
    ? { frequency: 'weekly', dayOfWeek: row.day_of_week ?? 1, hour: row.hour }
    : { frequency: 'monthly', dayOfMonth: row.day_of_month ?? 1, hour: row.hour };
}

export async function exportSchedule(db: Database, actor: Actor, now: Date): Promise<ExportSchedule | null> {
  const row = await db
    .selectFrom('export_schedules')
    .select(['frequency', 'day_of_week', 'day_of_month', 'hour', 'is_active', 'updated_at'])
    .where('company_id', '=', actor.companyId)
    .executeTakeFirst();
  if (!row) return null;
  const cadence = cadenceOf(row);
  return {
    cadence,
    active: row.is_active,
    updatedAt: row.updated_at,
    nextRunAt: row.is_active ? nextSlot(cadence, now).at : null,
  };
}

/** Creates or edits the schedule and makes it active from now (a slot already past today is not run late). */
export async function saveExportSchedule(db: Database, actor: Actor, cadence: Cadence, now: Date): Promise<void> {
  const values = {
    frequency: cadence.frequency,
    day_of_week: cadence.frequency === 'weekly' ? cadence.dayOfWeek : null,
    day_of_month: cadence.frequency === 'monthly' ? cadence.dayOfMonth : null,
    hour: cadence.hour,
    is_active: true,
    active_since: now,
    updated_at: now,
  };
  await upsertCompanyRow(db, 'export_schedules', actor, values);
}

export async function disableExportSchedule(db: Database, actor: Actor, now: Date): Promise<void> {
  await db
    .updateTable('export_schedules')
    .set({ is_active: false, updated_at: now })
    .where('company_id', '=', actor.companyId)
    .execute();
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
  const schedules = await db
    .selectFrom('export_schedules as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id', 's.company_id', 's.frequency', 's.day_of_week', 's.day_of_month', 's.hour', 's.active_since'])
    .where('s.is_active', '=', true)
    .where('c.account_locked', '=', false)
    .execute();
  return startDueSlots(db, now, schedules, cadenceOf, async (trx, schedule, slot) => {
    const span = scheduledSpan(cadenceOf(schedule), slot);
    const row = await trx
      .insertInto('export_log')
      .columns(['company_id', 'trigger', 'schedule_id', 'slot_key', 'period_start', 'period_end', 'user_ids'])
      .expression((eb) =>
        eb
          .selectFrom('user_profiles')
          // Parameters in a SELECT list have no type of their own: cast each to its column's.
          .select([
            sql<string>`${schedule.company_id}::uuid`.as('company_id'),
            sql<string>`'scheduled'`.as('trigger'),
            sql<string>`${schedule.id}::uuid`.as('schedule_id'),
            sql<string>`${slot.key}::text`.as('slot_key'),
            sql<string>`${span.start}::date`.as('period_start'),
            sql<string>`${span.end}::date`.as('period_end'),
            sql<string[]>`coalesce(array_agg(id ORDER BY full_name, id), '{}'::uuid[])`.as('user_ids'),
          ])
          .where('company_id', '=', schedule.company_id)
          .where('is_active', '=', true),
      )
      .onConflict((oc) => oc.columns(['schedule_id', 'slot_key']).where('slot_key', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await sendJob(trx, crmExportJob, { exportId: row.id }, { priority: SCHEDULED_PRIORITY });
    return row !== undefined;
  });
}
