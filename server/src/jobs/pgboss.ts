/** Where pg-boss keeps its tables, and how pg-boss runs its SQL through one of our Kysely handles. */
import type { DB } from '@pippitch/sql';
import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';

/** Created by sql/migrations/0008_pgboss.sql; pg-boss upgrades it itself when the worker starts. */
export const JOBS_SCHEMA = 'pgboss';

/** pg-boss's `db` option: its SQL runs through Kysely, inside whatever transaction `db` is. */
export function pgBossExecutor(db: Kysely<DB>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as object[] };
    },
  };
}
