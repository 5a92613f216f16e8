/** Where pg-boss keeps its tables, and how pg-boss runs its SQL through one of our Kysely handles. */
import type { DB } from '@pippitch/sql';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Db } from 'pg-boss';

/**
 * pg-boss 12's schema, created by sql/migrations/0047_pgboss_v12.sql (pg-boss 10's `pgboss` of 0008 cannot be
 * migrated: see that file); later pg-boss 12 releases upgrade it themselves when the worker starts.
 */
export const JOBS_SCHEMA = 'pgboss_v12';

/** pg-boss's job table, for the read-only figures of readiness and metrics. */
export const JOBS_TABLE = `${JOBS_SCHEMA}.job`;

/** Its queues (one row each, empty or not), so metrics can report an empty queue as 0. */
export const QUEUES_TABLE = `${JOBS_SCHEMA}.queue`;

/** pg-boss's `db` option: its SQL runs through Kysely, inside whatever transaction `db` is. */
export function pgBossExecutor(db: Kysely<DB>): Db {
  return {
    async executeSql(text, values) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as object[] };
    },
  };
}
