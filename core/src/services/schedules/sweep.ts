import { type Cadence, isDue, latestSlot, type Slot } from '@pippitch/shared/schedules';
import type { Database } from '@pippitch/sql';

/**
 * The sweep of every scheduled run (Salesforce exports, monthly reports), every minute: each schedule's latest
 * slot, when due and not before the schedule became active, goes to `start` in a transaction of its own. `start`
 * inserts the run's row under its unique slot key (ON CONFLICT DO NOTHING) and queues its job in that transaction,
 * answering whether it made one, so two workers or a repeated sweep start a slot once. Returns how many started.
 */
export async function startDueSlots<S extends { active_since: Date }>(
  db: Database,
  now: Date,
  schedules: readonly S[],
  cadenceOf: (schedule: S) => Cadence,
  start: (trx: Database, schedule: S, slot: Slot) => Promise<boolean>,
): Promise<number> {
  let started = 0;
  for (const schedule of schedules) {
    const slot = latestSlot(cadenceOf(schedule), now);
    if (!isDue(slot, schedule.active_since, now)) continue;
    if (await db.transaction().execute((trx) => start(trx, schedule, slot))) started++;
  }
  return started;
}
