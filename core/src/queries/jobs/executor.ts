import type { Database } from '@pippitch/sql';
import { CompiledQuery } from 'kysely';
import type { Db } from 'pg-boss';

/**
 * pg-boss's `db` option: its SQL runs through Kysely, inside whatever transaction `db` is. Here because it is the
 * one place the jobs reach Kysely itself; pg-boss's own tables belong to no company, so there is no scope.
 */
export function pgBossExecutor(db: Database): Db {
  return {
    async executeSql(text, values) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as object[] };
    },
  };
}
