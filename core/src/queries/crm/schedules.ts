import type { DateSpan } from '@pippitch/shared/activity-periods';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Scope } from '../scope';
import { updateOneRow, upsertOneRow } from '../scoped-writes';

/**
 * The CRM export schedule aggregate (`export_schedules`, one row a company), always within the scope's company,
 * and the exports its slots start.
 */
export interface ExportScheduleRecord {
  id: string;
  companyId: string;
  frequency: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  hour: number;
  isActive: boolean;
  activeSince: Date;
  updatedAt: Date;
}

const SCHEDULE_COLUMNS = [
  's.id',
  's.company_id',
  's.frequency',
  's.day_of_week',
  's.day_of_month',
  's.hour',
  's.is_active',
  's.active_since',
  's.updated_at',
] as const;

/** The one mapping from an `export_schedules` row to the record's words. */
function scheduleOf(r: {
  id: string;
  company_id: string;
  frequency: string;
  day_of_week: number | null;
  day_of_month: number | null;
  hour: number;
  is_active: boolean;
  active_since: Date;
  updated_at: Date;
}): ExportScheduleRecord {
  return {
    id: r.id,
    companyId: r.company_id,
    frequency: r.frequency,
    dayOfWeek: r.day_of_week,
    dayOfMonth: r.day_of_month,
    hour: r.hour,
    isActive: r.is_active,
    activeSince: r.active_since,
    updatedAt: r.updated_at,
  };
}

/** The company's schedule, if it has one. */
export async function exportScheduleRecord(db: Database, scope: Scope): Promise<ExportScheduleRecord | undefined> {
  const row = await db
    .selectFrom('export_schedules as s')
    .select(SCHEDULE_COLUMNS)
    .where('s.company_id', '=', scope.companyId)
    .executeTakeFirst();
  return row && scheduleOf(row);
}

/** Writes the company's schedule: inserted the first time, replaced after. */
export async function saveExportScheduleRecord(
  db: Database,
  scope: Scope,
  s: Pick<ExportScheduleRecord, 'frequency' | 'dayOfWeek' | 'dayOfMonth' | 'hour' | 'isActive' | 'activeSince'> & {
    now: Date;
  },
): Promise<void> {
  const values = {
    frequency: s.frequency,
    day_of_week: s.dayOfWeek,
    day_of_month: s.dayOfMonth,
    hour: s.hour,
    is_active: s.isActive,
    active_since: s.activeSince,
    updated_at: s.now,
  };
  await upsertOneRow(db, scope, 'export_schedules', values);
}

/** Turns the company's schedule off (kept, so it can be turned on again as it was). */
export async function disableExportScheduleRecord(db: Database, scope: Scope, now: Date): Promise<void> {
  await updateOneRow(db, scope, 'export_schedules', { is_active: false, updated_at: now });
}

/**
 * Every active schedule of every company whose access has not ended (a locked company's schedule waits): the
 * sweep's one read over all companies; each due slot is then started within its company's system scope.
 */
export async function listActiveExportSchedulesOfAllCompanies(db: Database): Promise<ExportScheduleRecord[]> {
  const rows = await db
    .selectFrom('export_schedules as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(SCHEDULE_COLUMNS)
    .where('s.is_active', '=', true)
    .where('c.account_locked', '=', false)
    .execute();
  return rows.map(scheduleOf);
}

/**
 * The export of one schedule's slot, of every active member of the company, under the unique (schedule, slot) key:
 * its id, or undefined when the slot already has one.
 */
export async function insertScheduledExport(
  trx: Database,
  scope: Scope,
  { scheduleId, slotKey, span }: { scheduleId: string; slotKey: string; span: DateSpan },
): Promise<string | undefined> {
  const row = await trx
    .insertInto('export_log')
    .columns(['company_id', 'trigger', 'schedule_id', 'slot_key', 'period_start', 'period_end', 'user_ids'])
    .expression((eb) =>
      eb
        .selectFrom('user_profiles')
        // Parameters in a SELECT list have no type of their own: cast each to its column's.
        .select([
          sql<string>`${scope.companyId}::uuid`.as('company_id'),
          sql<string>`'scheduled'`.as('trigger'),
          sql<string>`${scheduleId}::uuid`.as('schedule_id'),
          sql<string>`${slotKey}::text`.as('slot_key'),
          sql<string>`${span.start}::date`.as('period_start'),
          sql<string>`${span.end}::date`.as('period_end'),
          sql<string[]>`coalesce(array_agg(id ORDER BY full_name, id), '{}'::uuid[])`.as('user_ids'),
        ])
        .where('company_id', '=', scope.companyId)
        .where('is_active', '=', true),
    )
    .onConflict((oc) => oc.columns(['schedule_id', 'slot_key']).where('slot_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
