/**
 * Queues that cannot starve each other (issue 33). Every job handler draws its connections from one pool
 * (pools.ts, 12); 12 blocked export and report jobs once held all of them and an unrelated job waited 29.9 s for
 * one. Now each queue may hold at most its share of the pool at once, and two connections are kept for maintenance
 * (housekeeping, the billing lifecycles, the dispatch sweeps: a definition's `lane`), so a slow queue takes at most
 * its share and maintenance always finds a connection.
 *
 * - A standard queue: at most half of the pool's unreserved connections (5 of 10), or its batch size if smaller.
 * - A maintenance queue: at most 2 (its batch size if smaller), from the unreserved ones while any is free, else
 *   from the two reserved for it.
 * A job's handler asks for connections as usual; the pool (patched here) first waits for a slot of the job's queue,
 * known from the async context the runner sets around each handler. Work outside a job (start-up, the market
 * poller's own session) is not counted. A slot waited for longer than the pool's connection timeout fails as a pool
 * wait would ('timeout exceeded when trying to connect').
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { JobLane } from '@pippitch/core/jobs';
import type pg from 'pg';

export const RESERVED_FOR_MAINTENANCE = 2;

export interface QueueShare {
  /** Connections the queue's running jobs may hold at once. */
  connections: number;
  maintenance: boolean;
}

/** Each queue's share of a job pool of `poolSize` connections. */
export function queueShares(
  definitions: readonly { name: string; batchSize: number; lane: JobLane }[],
  poolSize: number,
): Map<string, QueueShare> {
  const shares = new Map<string, QueueShare>();
  for (const { name, batchSize, lane } of definitions) {
    const maintenance = lane === 'maintenance';
    const cap = maintenance ? RESERVED_FOR_MAINTENANCE : standardShare(poolSize);
    shares.set(name, { connections: Math.max(1, Math.min(batchSize, cap)), maintenance });
  }
  return shares;
}

function standardShare(poolSize: number): number {
  return Math.max(1, Math.floor((poolSize - RESERVED_FOR_MAINTENANCE) / 2));
}

const currentQueue = new AsyncLocalStorage<string>();

/** Runs `work` (a job's handler) as work of `queue`: the connections it asks for count against that queue's share. */
export function runForQueue<T>(queue: string, work: () => T): T {
  return currentQueue.run(queue, work);
}

type Slot = 'general' | 'reserved';

class Slots {
  private readonly held = new Map<string, number>();
  private general = 0;
  private reserved = 0;
  private readonly waiting: { queue: string; grant: (slot: Slot) => void }[] = [];

  constructor(
    private readonly shares: Map<string, QueueShare>,
    private readonly poolSize: number,
  ) {}

  private share(queue: string): QueueShare {
    return this.shares.get(queue) ?? { connections: standardShare(this.poolSize), maintenance: false };
  }

  private take(queue: string): Slot | null {
    const share = this.share(queue);
    const held = this.held.get(queue) ?? 0;
    if (held >= share.connections) return null;
    let slot: Slot | null = null;
    if (this.general < this.poolSize - RESERVED_FOR_MAINTENANCE) slot = 'general';
    else if (share.maintenance && this.reserved < RESERVED_FOR_MAINTENANCE) slot = 'reserved';
    if (!slot) return null;
    if (slot === 'general') this.general++;
    else this.reserved++;
    this.held.set(queue, held + 1);
    return slot;
  }

  async acquire(queue: string, timeoutMs: number): Promise<() => void> {
    const taken = this.take(queue);
    const slot =
      taken ??
      (await new Promise<Slot>((resolve, reject) => {
        const waiter = {
          queue,
          grant: (s: Slot) => {
            clearTimeout(timer);
            resolve(s);
          },
        };
        const timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new Error(`timeout exceeded when trying to connect (queue ${queue} holds its share of connections)`));
        }, timeoutMs);
        timer.unref();
        this.waiting.push(waiter);
      }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held.set(queue, (this.held.get(queue) ?? 1) - 1);
      if (slot === 'general') this.general--;
      else this.reserved--;
      this.wake();
    };
  }

  /** Grants freed slots to waiters in order, skipping those whose queue is still at its share. */
  private wake(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const waiter = this.waiting[i]!;
      const slot = this.take(waiter.queue);
      if (!slot) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      waiter.grant(slot);
    }
  }
}

/**
 * Makes `pool` give a job's handler a connection only within its queue's share (the pool itself is unchanged for
 * everyone else). The slot is returned with the connection.
 */
export function shareConnections(pool: pg.Pool, shares: Map<string, QueueShare>, poolSize: number): void {
  const slots = new Slots(shares, poolSize);
  const timeoutMs = pool.options.connectionTimeoutMillis || 60_000;
  const slotOf = new WeakMap<pg.PoolClient, () => void>();
  pool.on('release', (_err, client) => {
    slotOf.get(client)?.();
    slotOf.delete(client);
  });
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const shared = async (queue: string): Promise<pg.PoolClient> => {
    const release = await slots.acquire(queue, timeoutMs);
    try {
      const client = await connect();
      slotOf.set(client, release);
      return client;
    } catch (err) {
      release();
      throw err;
    }
  };
  type Done = (err?: Error) => void;
  type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: Done) => void;
  // pool.query() calls connect(callback) on the pool itself, so both forms go through here.
  const patched = (callback?: Callback) => {
    const queue = currentQueue.getStore();
    const client = queue === undefined ? connect() : shared(queue);
    if (!callback) return client;
    client.then(
      (c) => callback(undefined, c, c.release),
      (err: Error) => callback(err),
    );
    return undefined;
  };
  Object.assign(pool, { connect: patched });
}
