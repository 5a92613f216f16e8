import { SCHEDULED_PRIORITY } from '@pippitch/shared/on-demand';
import { previousMonthStart } from '@pippitch/shared/schedules';
import { addDays } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { generateMonthlyReportJob } from '../../jobs/reports';
import { sendJob } from '../../jobs/send';
import { insertMonthlyReport } from '../../queries/reports/rows';
import { listEnabledReportSchedulesOfAllCompanies } from '../../queries/reports/schedule';
import { systemScope } from '../../queries/scope';
import { startDueSlots } from '../schedules/sweep';

/**
 * Starts each due monthly report once (the sweep, every minute): for every enabled schedule of a company with the
 * add-on and access, the month's slot at its London day and hour; the report row's unique (company, month) key
 * decides in the same transaction as the job, so two workers or a repeated sweep make one. The report covers the
 * previous calendar month. Returns how many were started.
 */
export async function dispatchMonthlyReports(db: Database, now: Date): Promise<number> {
  // The sweep reads each schedule's start as `active_since`.
  const schedules = (await listEnabledReportSchedulesOfAllCompanies(db)).map((s) => ({
    ...s,
    active_since: s.activeSince,
  }));
  const monthly = (s: (typeof schedules)[number]) => ({
    frequency: 'monthly' as const,
    dayOfMonth: s.dayOfMonth,
    hour: s.hour,
  });
  return startDueSlots(db, now, schedules, monthly, async (trx, s, slot) => {
    const start = previousMonthStart(slot.date);
    const end = addDays(`${slot.key}-01`, -1);
    const scope = systemScope('system:reports', s.companyId);
    const id = await insertMonthlyReport(trx, scope, { start, end, slotKey: slot.key });
    if (id) await sendJob(trx, generateMonthlyReportJob, { reportId: id }, { priority: SCHEDULED_PRIORITY });
    return id !== undefined;
  });
}
