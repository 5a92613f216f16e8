import { type Database, dbOnClient } from '@pippitch/sql';
import { sql } from 'kysely';
import pg from 'pg';

// The poller's own database connection. It carries the poller's lease checks (lease.ts) and every write of a
// poll; each write's transaction checks the lease first, so two workers never write as the poller at once. The
// connection is pg's (it is opened, watched and closed here); its statements go through Kysely over it (`db`).

export type SessionTarget = { url: string } | { pool: pg.Pool };

export interface Session {
  /** Kysely on this one connection: the lease and the poll's writes share its session settings. */
  db: Database;
  /** Aborted, with the connection's error as reason, when the connection fails or ends. */
  signal: AbortSignal;
  close(): Promise<void>;
}

// A standby never queues behind the holder's write for the lease row (lease.ts): it tries again later. A poller
// frozen inside a write's transaction (SIGSTOP, a stalled VM) would keep that row locked for as long as it is
// frozen; PostgreSQL ends such a session after 20 s idle in transaction, which releases the row and lets the standby
// take the lease once it has expired.
async function applySettings(db: Database): Promise<void> {
  await sql`SET lock_timeout = '5s'`.execute(db);
  await sql`SET idle_in_transaction_session_timeout = '20s'`.execute(db);
}

export async function openSession(target: SessionTarget, applicationName: string): Promise<Session> {
  const lost = new AbortController();
  const watch = (client: pg.ClientBase) => {
    // Without an 'error' listener a dropped connection (database restart, network cut) would crash the process.
    client.on('error', (err: Error) => lost.abort(err));
    client.on('end', () => lost.abort(new Error('database connection closed')));
  };

  if ('pool' in target) {
    const client = await target.pool.connect();
    watch(client);
    const db = dbOnClient(client);
    await applySettings(db);
    // Destroy rather than return the connection: a pooled connection must not keep (or hand on) the lock.
    return { db, signal: lost.signal, close: async () => client.release(true) };
  }

  const client = new pg.Client({
    connectionString: target.url,
    application_name: applicationName,
    keepAlive: true,
    connectionTimeoutMillis: 10_000,
  });
  watch(client);
  const db = dbOnClient(client);
  try {
    await client.connect();
    await applySettings(db);
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return { db, signal: lost.signal, close: () => client.end().catch(() => {}) };
}
