import { Kysely, PostgresDialect, type Selectable } from 'kysely';
import pg from 'pg';
import type { DB } from './types.gen';

export type Database = Kysely<DB>;

/** A table's row as a query reads it (`Row<'company_index'>`): the generated types, so no service imports kysely. */
export type Row<Table extends keyof DB> = Selectable<DB[Table]>;

// Postgres `bigint` (count(*), bigserial) arrives as a string by default; every count we read fits in a
// JS number, so parse it once here rather than at each call site. `numeric` stays a string on purpose:
// rates and money are handled as decimals, never as floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// A calendar `date` has no time zone; turning it into a JS Date would shift it by the server's offset.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * How long a connection may wait on the database (issue 19: with none, a frozen database held every request in
 * flight for as long as it was frozen). Three bounds, so nothing waits for ever whatever stops:
 * - `statement_timeout` and `lock_timeout`: PostgreSQL cancels a statement that runs or waits for a lock too long;
 * - `query_timeout`: the client gives up on an answer that never comes (a frozen or unreachable server cannot
 *   cancel anything itself), a little after the statement timeout so a live server's cancel is seen first;
 * - `idle_in_transaction_session_timeout`: a transaction left open by a stuck process does not hold its locks.
 * `request` suits a web request (503 within ~10 s); `job` the worker and tools, whose statements (a data-set
 * load, a month's report) legitimately run for minutes but must not hang for ever either.
 */
export type TimeoutProfile = 'request' | 'job';

export interface Timeouts {
  statementMs: number;
  lockMs: number;
  queryMs: number;
  idleInTransactionMs: number;
  connectMs: number;
}

export const TIMEOUTS: Record<TimeoutProfile, Timeouts> = {
  request: { statementMs: 8_000, lockMs: 5_000, queryMs: 9_000, idleInTransactionMs: 15_000, connectMs: 8_000 },
  job: { statementMs: 600_000, lockMs: 60_000, queryMs: 610_000, idleInTransactionMs: 120_000, connectMs: 10_000 },
};

/** The node-postgres settings for a profile: for our pools and for pg-boss's, which passes them to its own. */
export function poolTimeouts(profile: TimeoutProfile | Timeouts) {
  const t = typeof profile === 'string' ? TIMEOUTS[profile] : profile;
  return {
    statement_timeout: t.statementMs,
    lock_timeout: t.lockMs,
    query_timeout: t.queryMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    connectionTimeoutMillis: t.connectMs,
  };
}

export interface PoolOptions {
  max?: number;
  applicationName?: string;
  /** Where a lost idle connection is reported (the process's log, JSON in production); console.warn by default. */
  warn?: (line: string) => void;
  /** Default `job`: bounded but generous; the server's request pool passes `request`. */
  timeouts?: TimeoutProfile | Timeouts;
}

/** The connections each of our pools has lent out right now, with the address to reach their database again. */
const lent = new WeakMap<pg.Pool, { url: string; clients: Set<pg.PoolClient> }>();

export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'pippitch',
    ...poolTimeouts(options.timeouts ?? 'job'),
  });
  // An idle client that loses its connection (database restart) emits 'error' on the pool; without a
  // listener that would crash the process. The pool discards the client and opens a new one on demand.
  pool.on('error', (err) => {
    (options.warn ?? ((line: string) => console.warn(`[db] ${line}`)))(`idle connection lost: ${err.message}`);
  });
  const clients = new Set<pg.PoolClient>();
  lent.set(pool, { url, clients });
  pool.on('acquire', (client) => clients.add(client));
  pool.on('release', (_err, client) => clients.delete(client));
  pool.on('remove', (client) => clients.delete(client as pg.PoolClient));
  return pool;
}

/**
 * Asks PostgreSQL to cancel whatever the pool's lent-out connections are running (pg_cancel_backend, from a
 * connection of its own), so a stopping process neither waits for a statement that may run for minutes nor leaves
 * it running after it has gone (issue 33: a worker stopped during a blocked job left its statement queued). Each
 * cancelled statement fails in its caller with SQLSTATE 57014; a connection idle in a transaction is left as it is.
 * Returns how many connections were asked; bounded by a short connect and query timeout.
 */
export async function cancelRunningQueries(pool: pg.Pool): Promise<number> {
  const entry = lent.get(pool);
  const pids = [...(entry?.clients ?? [])]
    .map((c) => (c as pg.PoolClient & { processID: number | null }).processID)
    .filter((pid): pid is number => typeof pid === 'number');
  if (!entry || pids.length === 0) return 0;
  const client = new pg.Client({
    connectionString: entry.url,
    application_name: 'pippitch-cancel',
    connectionTimeoutMillis: 3_000,
    query_timeout: 3_000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*) FILTER (WHERE pg_cancel_backend(pid))::int AS n FROM unnest($1::int[]) AS pid',
      [pids],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end().catch(() => {});
  }
}

export function createDb(pool: pg.Pool): Database {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Kysely over one connection the caller holds: the feed poller's own session (its lease and session settings live
 * on that connection) and the data set's COPY transaction (its lock and reads must share the COPY's transaction).
 * Every query and `transaction()` of the result runs on `client`; releasing does nothing, the caller owns it.
 */
export function dbOnClient(client: pg.ClientBase): Database {
  const held = {
    query: client.query.bind(client),
    release: () => {},
    get processID() {
      return (client as pg.ClientBase & { processID?: number | null }).processID ?? undefined;
    },
  };
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: { connect: async () => held, end: async () => {}, options: {} } }),
  });
}
