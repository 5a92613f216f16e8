import pg from 'pg';

// The poller's own database connection. It carries the poller's lease checks (lease.ts) and every write of a
// poll; each write's transaction checks the lease first, so two workers never write as the poller at once.

export type SessionTarget = { url: string } | { pool: pg.Pool };

export interface Session {
  client: pg.ClientBase;
  /** Aborted, with the connection's error as reason, when the connection fails or ends. */
  signal: AbortSignal;
  close(): Promise<void>;
}

// A standby never queues behind the holder's write for the lease row (lease.ts): it tries again later. A poller
// frozen inside a write's transaction (SIGSTOP, a stalled VM) would keep that row locked for as long as it is
// frozen; PostgreSQL ends such a session after 20 s idle in transaction, which releases the row and lets the standby
// take the lease once it has expired.
const SESSION_SETTINGS = "SET lock_timeout = '5s'; SET idle_in_transaction_session_timeout = '20s'";

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
    await client.query(SESSION_SETTINGS);
    // Destroy rather than return the connection: a pooled connection must not keep (or hand on) the lock.
    return { client, signal: lost.signal, close: async () => client.release(true) };
  }

  const client = new pg.Client({
    connectionString: target.url,
    application_name: applicationName,
    keepAlive: true,
    connectionTimeoutMillis: 10_000,
  });
  watch(client);
  try {
    await client.connect();
    await client.query(SESSION_SETTINGS);
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return { client, signal: lost.signal, close: () => client.end().catch(() => {}) };
}
