import type pg from 'pg';

// The feed poller's leadership: a lease row (migration 0040) rather than a session advisory lock. A session lock is
// held as long as the connection lives, and a frozen process (SIGSTOP, a stalled VM, a partition that leaves the TCP
// connection half-open) keeps its connection: the standby never took over. A lease expires unless renewed, so a
// poller that stops renewing is replaced once its expiry has passed, and each takeover raises the epoch: the old
// holder's next write checks (holder, epoch) in its own transaction, finds it gone, rolls back and stands by. The
// row lock taken by that check orders a write and a takeover: a write commits before a takeover sees the row, or
// fails after it.
//
// Times are the poller's clock (injected in tests, the system clock otherwise), as are the poll times it writes:
// the workers' hosts must agree on the time within a small fraction of the lease (NTP). A holder whose database
// session has ended (crash, kill -9, network cut that PostgreSQL noticed) is replaced at once, without waiting for
// the expiry: its backend pid is no longer in pg_stat_activity.

const NAME = 'fx-feed';

export interface Lease {
  holder: string;
  epoch: number;
}

/** The lease was taken over by another poller (or released): this one must stop writing and stand by. */
export class LeaseLost extends Error {
  constructor(lease: Lease) {
    super(`lease ${lease.epoch} of ${lease.holder} was taken over`);
  }
}

/**
 * Takes the lease if it is free, expired, or its holder's session is gone; null if another poller holds it (or is
 * writing under it right now: the row lock is not waited for beyond the session's lock_timeout).
 */
export async function acquireLease(
  client: pg.ClientBase,
  holder: string,
  now: number,
  leaseMs: number,
): Promise<Lease | null> {
  try {
    const res = await client.query<{ epoch: string }>(
      `INSERT INTO fx_feed_lease AS l (name, holder, epoch, backend_pid, acquired_at, expires_at)
       VALUES ($1, $2, 1, pg_backend_pid(), $3, $4)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, epoch = l.epoch + 1,
         backend_pid = excluded.backend_pid, acquired_at = excluded.acquired_at, expires_at = excluded.expires_at
       WHERE l.expires_at <= excluded.acquired_at
          OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = l.backend_pid)
       RETURNING epoch`,
      [NAME, holder, new Date(now), new Date(now + leaseMs)],
    );
    const row = res.rows[0];
    return row ? { holder, epoch: Number(row.epoch) } : null;
  } catch (err) {
    // lock_not_available: the holder is inside a write (or frozen in one until idle_in_transaction ends it).
    if ((err as { code?: string }).code === '55P03') return null;
    throw err;
  }
}

/** Extends the lease to now + leaseMs; throws LeaseLost if it is no longer ours. Call inside each write's transaction. */
export async function renewLease(client: pg.ClientBase, lease: Lease, now: number, leaseMs: number): Promise<void> {
  const res = await client.query(
    `UPDATE fx_feed_lease SET expires_at = $4 WHERE name = $1 AND holder = $2 AND epoch = $3`,
    [NAME, lease.holder, lease.epoch, new Date(now + leaseMs)],
  );
  if (res.rowCount !== 1) throw new LeaseLost(lease);
}

/** Gives the lease up at once (a clean stop), so a standby takes over at its next try rather than at the expiry. */
export async function releaseLease(client: pg.ClientBase, lease: Lease): Promise<void> {
  await client.query(
    `UPDATE fx_feed_lease SET expires_at = '-infinity' WHERE name = $1 AND holder = $2 AND epoch = $3`,
    [NAME, lease.holder, lease.epoch],
  );
}

/** Who holds the lease and until when (readiness, operators). */
export async function readLease(
  client: pg.ClientBase,
): Promise<{ holder: string; epoch: number; expiresAt: Date } | null> {
  const res = await client.query<{ holder: string; epoch: string; expires_at: Date }>(
    'SELECT holder, epoch, expires_at FROM fx_feed_lease WHERE name = $1',
    [NAME],
  );
  const row = res.rows[0];
  return row ? { holder: row.holder, epoch: Number(row.epoch), expiresAt: row.expires_at } : null;
}
