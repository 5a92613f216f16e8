import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

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
export async function acquireLease(db: Database, holder: string, now: number, leaseMs: number): Promise<Lease | null> {
  try {
    const row = await db
      .insertInto('fx_feed_lease')
      .values({
        name: NAME,
        holder,
        epoch: 1,
        backend_pid: sql<number>`pg_backend_pid()`,
        acquired_at: new Date(now),
        expires_at: new Date(now + leaseMs),
      })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet((eb) => ({
            holder: eb.ref('excluded.holder'),
            epoch: eb('fx_feed_lease.epoch', '+', 1),
            backend_pid: eb.ref('excluded.backend_pid'),
            acquired_at: eb.ref('excluded.acquired_at'),
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where((eb) =>
            eb.or([
              eb('fx_feed_lease.expires_at', '<=', eb.ref('excluded.acquired_at')),
              sql<boolean>`NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = fx_feed_lease.backend_pid)`,
            ]),
          ),
      )
      .returning('epoch')
      .executeTakeFirst();
    return row ? { holder, epoch: Number(row.epoch) } : null;
  } catch (err) {
    // lock_not_available: the holder is inside a write (or frozen in one until idle_in_transaction ends it).
    if ((err as { code?: string }).code === '55P03') return null;
    throw err;
  }
}

/** The lease row while `lease` is still the holder's own. */
function held(db: Database, lease: Lease) {
  return db
    .updateTable('fx_feed_lease')
    .where('name', '=', NAME)
    .where('holder', '=', lease.holder)
    .where('epoch', '=', lease.epoch);
}

/** Extends the lease to now + leaseMs; throws LeaseLost if it is no longer ours. Call inside each write's transaction. */
export async function renewLease(db: Database, lease: Lease, now: number, leaseMs: number): Promise<void> {
  const res = await held(db, lease)
    .set({ expires_at: new Date(now + leaseMs) })
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n) throw new LeaseLost(lease);
}

/** Gives the lease up at once (a clean stop), so a standby takes over at its next try rather than at the expiry. */
export async function releaseLease(db: Database, lease: Lease): Promise<void> {
  await held(db, lease).set({ expires_at: sql<Date>`'-infinity'` }).execute();
}

/** Who holds the lease and until when (readiness, operators). */
export async function readLease(db: Database): Promise<{ holder: string; epoch: number; expiresAt: Date } | null> {
  const row = await db
    .selectFrom('fx_feed_lease')
    .select(['holder', 'epoch', 'expires_at'])
    .where('name', '=', NAME)
    .executeTakeFirst();
  return row ? { holder: row.holder, epoch: Number(row.epoch), expiresAt: row.expires_at } : null;
}
