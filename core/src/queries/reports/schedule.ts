import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';
import { updateOneRow, upsertOneRow } from '../scoped-writes';

/**
 * The monthly report schedule aggregate (`monthly_report_schedule`, one row a company), always within the scope's
 * company, read beside the company's add-on it needs.
 */
export interface ReportScheduleRecord {
  enabled: boolean;
  dayOfMonth: number;
  hour: number;
}

/** The company's add-on and its schedule (null: none set yet); undefined when the company is gone. */
export async function reportScheduleRecord(
  db: Database,
  scope: Scope,
): Promise<{ clientDataEnabled: boolean; schedule: ReportScheduleRecord | null } | undefined> {
  const row = await db
    .selectFrom('companies as c')
    .leftJoin('monthly_report_schedule as s', 's.company_id', 'c.id')
    .select(['c.client_data_enabled', 's.enabled', 's.day_of_month', 's.hour'])
    .where('c.id', '=', scope.companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  const schedule =
    row.enabled === null || row.day_of_month === null || row.hour === null
      ? null
      : { enabled: row.enabled, dayOfMonth: row.day_of_month, hour: row.hour };
  return { clientDataEnabled: row.client_data_enabled, schedule };
}

/** Writes the company's schedule, enabled from `now`: inserted the first time, replaced after. */
export async function saveReportScheduleRecord(
  db: Database,
  scope: Scope,
  { dayOfMonth, hour, now }: { dayOfMonth: number; hour: number; now: Date },
): Promise<void> {
  const values = { enabled: true, day_of_month: dayOfMonth, hour, active_since: now, updated_at: now };
  await upsertOneRow(db, scope, 'monthly_report_schedule', values);
}

/** Turns the company's schedule off (kept as it was). */
export async function disableReportScheduleRecord(db: Database, scope: Scope, now: Date): Promise<void> {
  await updateOneRow(db, scope, 'monthly_report_schedule', { enabled: false, updated_at: now });
}

/**
 * Every enabled schedule of a company with the add-on and access: the sweep's one read over all companies; each
 * due month is then started within its company's system scope.
 */
export async function listEnabledReportSchedulesOfAllCompanies(
  db: Database,
): Promise<{ companyId: string; dayOfMonth: number; hour: number; activeSince: Date }[]> {
  const rows = await db
    .selectFrom('monthly_report_schedule as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.company_id', 's.day_of_month', 's.hour', 's.active_since'])
    .where('s.enabled', '=', true)
    .where('c.client_data_enabled', '=', true)
    .where('c.account_locked', '=', false)
    .execute();
  return rows.map((r) => ({
    companyId: r.company_id,
    dayOfMonth: r.day_of_month,
    hour: r.hour,
    activeSince: r.active_since,
  }));
}
