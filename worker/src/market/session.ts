import pg from 'pg';

// The poller's own database connection. It carries the session advisory lock that makes this worker the one
// poller, and every write of a poll, so a worker that has lost its connection has lost its lock and its ability
// to write in the same instant: two workers never poll at once for longer than a query that was in flight.

export type SessionTarget = { url: string } | { pool: pg.Pool };

export interface Session {
  client: pg.ClientBase;
  /** Aborted, with the connection's error as reason, when the connection fails or ends. */
  signal: AbortSignal;
  close(): Promise<void>;
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
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return { client, signal: lost.signal, close: () => client.end().catch(() => {}) };
}
