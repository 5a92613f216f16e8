/**
 * Jobs held by a worker that died are handed to another within a minute (issue 19: a killed worker's report
 * waited ~14 minutes, its 10-minute expiry plus pg-boss's 2-minute maintenance plus a retry delay).
 *
 * Every job runs under a short lease (`LEASE.seconds`, pg-boss's `expire_in`), which the worker running it renews
 * (`started_on = now()`) every few seconds while the handler runs. A live worker's job therefore never lapses,
 * however long it legitimately takes (up to its definition's `expireInSeconds`, after which renewal stops); a
 * dead or frozen worker stops renewing, and every worker's reclaimer hands its lapsed jobs back at once — state
 * `retry`, due now, no backoff: the job did not fail, its worker did. pg-boss's next fetch counts the attempt
 * (retry_count + 1), so a job that kills every worker that runs it still ends after its retry limit (pg-boss's own
 * expiry then fails it). Two workers never run it at once: a reclaimed job is fetched with SKIP LOCKED by one.
 */
import { JOBS_SCHEMA, LEASE, type Lease } from '@pippitch/core/jobs';
import type { Log } from '@pippitch/sql';
import type { PgBoss } from 'pg-boss';
import { moveLegacyJobs } from './legacy';

export { LEASE, type Lease };

/** Renews the lease of `ids` (jobs of queue `name` this worker is running) until the returned stop is called. */
export function keepLeases(
  boss: PgBoss,
  running: { name: string; ids: string[]; lease: Lease; maxRunSeconds: number },
) {
  const { name, ids, lease, maxRunSeconds } = running;
  const startedAt = Date.now();
  const timer = setInterval(() => {
    // Past its longest run the job is left to lapse and be retried, as pg-boss's expiry would have done.
    if (Date.now() - startedAt > maxRunSeconds * 1000) {
      clearInterval(timer);
      return;
    }
    boss
      .getDb()
      .executeSql(
        `UPDATE ${JOBS_SCHEMA}.job SET started_on = now()
         WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
        [name, ids],
      )
      .catch(() => {
        // A renewal missed (the database busy or away) is retried on the next tick; the lease has room for it.
      });
  }, lease.renewMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Every `reclaimMs`, hands back the jobs whose lease lapsed (of any queue). Queues with the `stately` policy are
 * left to pg-boss's expiry, which resolves their one-per-state rule itself; none of ours uses it.
 */
export function startReclaimer(boss: PgBoss, lease: Lease, log: Log) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const { rows } = await boss.getDb().executeSql(
        `UPDATE ${JOBS_SCHEMA}.job
         SET state = 'retry', start_after = now(),
           output = jsonb_build_object('message', 'handed back: its worker stopped renewing the lease')
         WHERE state = 'active' AND started_on + expire_seconds * interval '1 second' < now()
           AND retry_count < retry_limit AND policy IS DISTINCT FROM 'stately'
         RETURNING name, id`,
        [],
      );
      for (const row of rows as { name: string; id: string }[]) {
        // Its worker died or froze: handled (it runs again at once), but worth a look.
        log(`job ${row.name} ${row.id} handed back: its worker stopped renewing the lease`, 'warn');
      }
      // During a rolling deploy a pg-boss 10 process may still queue jobs in the old schema: bring them over.
      await moveLegacyJobs(boss.getDb(), log);
    } catch (err) {
      log(`jobs: reclaiming lapsed jobs failed: ${(err as Error).message}`, 'warn');
    } finally {
      running = false;
    }
  }, lease.reclaimMs);
  timer.unref();
  return () => clearInterval(timer);
}
