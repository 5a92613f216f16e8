/**
 * The cutover from pg-boss 10 (schema `pgboss`) to pg-boss 12 (`pgboss_v12`): migration 0047 moved the jobs that
 * were waiting, but during a rolling deploy a server or worker of the previous release can still queue jobs in the
 * old schema, and a pg-boss 10 worker killed mid-job leaves its job there. Every worker therefore moves what it
 * finds at start and on each reclaim sweep, with the migration's own function (one statement: moved once, however
 * many workers call it). Nothing to do, and one cheap call, once the old schema is gone.
 */
import type { Log } from '@pippitch/sql';
import type { Db } from 'pg-boss';

export async function moveLegacyJobs(db: Db, log: Log): Promise<void> {
  const { rows } = await db.executeSql('SELECT jobs_move_from_pgboss_v10() AS moved', []);
  const moved = Number((rows[0] as { moved: number } | undefined)?.moved ?? 0);
  if (moved > 0) log(`jobs: ${moved} job(s) moved from pg-boss 10's schema to pg-boss 12's`);
}
