import { SCHEDULED_PRIORITY } from '@pippitch/shared/on-demand';
import { previousMonthStart } from '@pippitch/shared/schedules';
import { addDays } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { generateMonthlyReportJob } from '../../jobs/reports';
import { sendJob } from '../../jobs/send';
import { startDueSlots } from '../schedules/sweep';

/**
 * Starts each due monthly report once (the sweep, every minute): for every enabled schedule of a company with the
 * add-on and access, the month's slot at its London day and hour; the report row's unique (company, month) key
 * decides in the same transaction as the job, so two workers or a repeated sweep make one. The report covers the
 * previous calendar month. Returns how many were started.
 */
export async function dispatchMonthlyReports(db: Database, now: Date): Promise<number> {
  const schedules = await db
    .selectFrom('monthly_report_schedule as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.company_id', 's.day_of_month', 's.hour', 's.active_since'])
    .where('s.enabled', '=', true)
    .where('c.client_data_enabled', '=', true)
    .where('c.account_locked', '=', false)
    .execute();
  const monthly = (s: (typeof schedules)[number]) => ({
    frequency: 'monthly' as const,
    dayOfMonth: s.day_of_month,
    hour: s.hour,
  });
  return startDueSlots(db, now, schedules, monthly, async (trx, s, slot) => {
    const start = previousMonthStart(slot.date);
    const end = addDays(`${slot.key}-01`, -1);
    const row = await trx
      .insertInto('monthly_reports')
      .values({ company_id: s.company_id, kind: 'monthly', period_start: start, period_end: end, slot_key: slot.key })
      .onConflict((oc) => oc.columns(['company_id', 'slot_key']).where('slot_key', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await sendJob(trx, generateMonthlyReportJob, { reportId: row.id }, { priority: SCHEDULED_PRIORITY });
    return row !== undefined;
  });
}
