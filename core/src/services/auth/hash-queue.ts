import { availableParallelism } from 'node:os';
import { MESSAGES } from '@pippitch/shared/auth';
import { tooManyRequests } from '../../errors';

/**
 * Password hashing is the one deliberately slow thing a stranger can make the server do (argon2id, ~60 ms of a
 * core and 19 MiB each). Unbounded, a flood of sign-ins queued hundreds of hashes and everyone's sign-in waited
 * behind them (issue 19: ~15 s). So hashes run a few at a time, a short queue waits behind them, and beyond that
 * a request is told to come back (429) at once — a flood degrades into refusals, not into everyone waiting.
 *
 * Fair under a flood (issue 30 §3): the waiting requests are served **round-robin by client**, not first come, so a
 * member waits behind at most one request of each other client instead of behind a flood's whole burst; and
 * sign-ins from a **known device** (services/auth/device-cookie.ts) wait in a lane of their own, served first (three
 * turns in four while strangers wait too, so neither lane can starve the other), with room of its own, so strangers
 * filling their lane never get a member on a known browser refused.
 */
export type HashLane = 'known' | 'unknown';

/** Who is asking: a request's client key, and its lane. */
export interface HashPlace {
  client: string;
  lane: HashLane;
}

export interface HashQueueOptions {
  /** Hashes at once. */
  concurrency: number;
  /** Requests waiting beyond those running, in each lane; more are refused. */
  maxWaiting: number;
  /** Places (running or waiting) one client may hold in a lane. */
  perClient: number;
}

/** While both lanes wait, the known lane takes this many turns before strangers get one. */
const KNOWN_TURNS = 3;

class Lane {
  /** Waiters by client, in the order clients will be served (a Map keeps insertion order). */
  private readonly byClient = new Map<string, (() => void)[]>();
  size = 0;

  add(client: string, go: () => void): void {
    const queue = this.byClient.get(client);
    if (queue) queue.push(go);
    else this.byClient.set(client, [go]);
    this.size++;
  }

  /** The next client's oldest waiter; that client then goes to the back of the round. */
  take(): (() => void) | undefined {
    for (const [client, queue] of this.byClient) {
      const go = queue.shift();
      this.byClient.delete(client);
      if (queue.length > 0) this.byClient.set(client, queue);
      if (go) {
        this.size--;
        return go;
      }
    }
    return undefined;
  }
}

export class HashQueue {
  private running = 0;
  private readonly lanes: Record<HashLane, Lane> = { known: new Lane(), unknown: new Lane() };
  private readonly held = new Map<string, number>();
  private knownTurns = 0;

  constructor(private readonly options: HashQueueOptions) {}

  /**
   * Runs `work` when a place is free. With a `place` (a request) the queue is bounded and a full lane throws 429;
   * without one (the demo seed, tests) the call waits its turn however long the queue, among strangers.
   */
  async run<T>(work: () => Promise<T>, place?: HashPlace | string): Promise<T> {
    const asked = typeof place === 'string' ? { client: place, lane: 'unknown' as const } : place;
    const key = asked ? `${asked.lane}|${asked.client}` : undefined;
    if (asked && key) {
      const held = this.held.get(key) ?? 0;
      const full = this.running >= this.options.concurrency && this.lanes[asked.lane].size >= this.options.maxWaiting;
      if (held >= this.options.perClient || full) throw tooManyRequests(MESSAGES.busy);
      this.held.set(key, held + 1);
    }
    try {
      if (this.running >= this.options.concurrency) {
        await new Promise<void>((go) => this.lanes[asked?.lane ?? 'unknown'].add(asked?.client ?? '', go));
      } else this.running++;
      try {
        return await work();
      } finally {
        // The place passes straight to the next waiter (running stays the same), or is given back.
        const next = this.next();
        if (next) next();
        else this.running--;
      }
    } finally {
      if (key) {
        const held = (this.held.get(key) ?? 1) - 1;
        if (held <= 0) this.held.delete(key);
        else this.held.set(key, held);
      }
    }
  }

  private next(): (() => void) | undefined {
    const { known, unknown } = this.lanes;
    if (known.size > 0 && (unknown.size === 0 || this.knownTurns < KNOWN_TURNS)) {
      if (unknown.size > 0) this.knownTurns++;
      return known.take();
    }
    this.knownTurns = 0;
    return unknown.take();
  }
}

/**
 * Sized from the cores (each server process has its own): a hash per core but one, left to the event loop and the
 * database (docs/benchmarks.md, issue 30); four waiting per core in each lane, two places per client.
 */
export function hashQueueSize(cores: number): HashQueueOptions {
  const concurrency = cores <= 2 ? 1 : cores - 1;
  return { concurrency, maxWaiting: 4 * cores, perClient: 2 };
}

/** The process's one queue for argon2. */
export const hashQueue = new HashQueue(hashQueueSize(availableParallelism()));
