import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './types.gen';

export type Database = Kysely<DB>;

// Postgres `bigint` (count(*), bigserial) arrives as a string by default; every count we read fits in a
// JS number, so parse it once here rather than at each call site. `numeric` stays a string on purpose:
// rates and money are handled as decimals, never as floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// A calendar `date` has no time zone; turning it into a JS Date would shift it by the server's offset.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface PoolOptions {
  max?: number;
  applicationName?: string;
}

export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'pippitch',
    connectionTimeoutMillis: 10_000,
  });
  // An idle client that loses its connection (database restart) emits 'error' on the pool; without a
  // listener that would crash the process. The pool discards the client and opens a new one on demand.
  pool.on('error', (err) => {
    console.warn(`[db] idle connection lost: ${err.message}`);
  });
  return pool;
}

export function createDb(pool: pg.Pool): Database {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
