import type { Database } from '@pippitch/sql';
import { listCompaniesOnTrialEnding, lockTrialIfTrialing } from '../../queries/billing/company';
import { systemScope } from '../../queries/scope';
import { type TrialReminderDays, trialReminderEmail } from '../email/billing-emails';
import { noticeAccessEnded, sendNoticeOnce } from './notices';

const DAY_MS = 86_400_000;
/** Data of a company whose access ended is kept this long (design.md §3 After access ends). */
const REMINDERS: readonly TrialReminderDays[] = [30, 7, 1];

export interface TrialRun {
  locked: number;
  reminders: number;
}

/**
 * The trial's end (design.md §3 Trial), run every few minutes by a schedule: trials past their end are locked
 * (the 0007 trigger ends the members' live streams) and their admins told how long the data is kept; trials
 * with 30, 7 or 1 days left get that reminder once. A reminder whose moment passed while no worker ran is
 * skipped in favour of the current one, so nobody gets three e-mails at once. Safe to run twice at once.
 */
export async function runTrialLifecycle(db: Database, now: Date, appUrl: string): Promise<TrialRun> {
  const run: TrialRun = { locked: 0, reminders: 0 };
  const ended = await listCompaniesOnTrialEnding(db, { from: null, to: now });
  for (const company of ended) {
    const scope = systemScope('system:billing', company.id);
    await db.transaction().execute(async (trx) => {
      if (!(await lockTrialIfTrialing(trx, scope, now))) return; // another worker, or a payment, got there first
      run.locked++;
      await noticeAccessEnded(trx, scope, { company, kind: 'trial_ended', lockedAt: now }, { appUrl, now });
    });
  }

  const running = await listCompaniesOnTrialEnding(db, {
    from: now,
    to: new Date(now.getTime() + REMINDERS[0]! * DAY_MS),
  });
  for (const company of running) {
    const endsAt = company.trialEndsAt;
    const daysLeft = Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS);
    // The smallest reminder not yet passed: 30 while 8–30 days are left, 7 for 2–7, 1 for the last day.
    const due = [...REMINDERS].reverse().find((days) => daysLeft <= days);
    if (!due) continue;
    const scope = systemScope('system:billing', company.id);
    const email = trialReminderEmail({ companyName: company.name, daysLeft: due, trialEndsAt: endsAt, appUrl });
    const sent = await db
      .transaction()
      .execute((trx) => sendNoticeOnce(trx, scope, { kind: `trial_reminder_${due}`, email }, now));
    if (sent) run.reminders++;
  }
  return run;
}
