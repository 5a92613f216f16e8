import { availableParallelism } from 'node:os';
import { MESSAGES } from '@pippitch/shared/auth';
import { tooManyRequests } from '../../errors';

/**
 * Password hashing is the one deliberately slow thing a stranger can make the server do (argon2id, ~60 ms of a
 * core and 19 MiB each). Unbounded, a flood of sign-ins queued hundreds of hashes and everyone's sign-in waited
 * behind them (issue 19: ~15 s). So hashes run a few at a time, a short queue waits behind them, and beyond that
 * a request is told to come back (429) at once — a flood degrades into refusals, not into everyone waiting. One
 * client may hold at most `perClient` places (running or waiting), so a single address cannot fill the queue.
 */
export interface HashQueueOptions {
  /** Hashes at once: one per core leaves the event loop and the database their share. */
  concurrency: number;
  /** Requests waiting beyond those running; more are refused. */
  maxWaiting: number;
  /** Places (running or waiting) one client may hold. */
  perClient: number;
}

export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly byClient = new Map<string, number>();

  constructor(private readonly options: HashQueueOptions) {}

  /**
   * Runs `work` when a place is free. With a `client` (a request) the queue is bounded and a full one throws 429;
   * without one (the demo seed, tests) the call waits its turn however long the queue.
   */
  async run<T>(work: () => Promise<T>, client?: string): Promise<T> {
    if (client !== undefined) {
      const held = this.byClient.get(client) ?? 0;
      const queueFull = this.running >= this.options.concurrency && this.waiting.length >= this.options.maxWaiting;
      if (held >= this.options.perClient || queueFull) throw tooManyRequests(MESSAGES.busy);
      this.byClient.set(client, held + 1);
    }
    try {
      if (this.running >= this.options.concurrency) await new Promise<void>((go) => this.waiting.push(go));
      else this.running++;
      try {
        return await work();
      } finally {
        // The place passes straight to the next waiter (running stays the same), or is given back.
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      if (client !== undefined) {
        const held = (this.byClient.get(client) ?? 1) - 1;
        if (held <= 0) this.byClient.delete(client);
        else this.byClient.set(client, held);
      }
    }
  }
}

/** The process's one queue for argon2 (each server process has its own cores). */
export const hashQueue = new HashQueue({
  concurrency: Math.max(1, availableParallelism()),
  maxWaiting: 8,
  perClient: 2,
});
