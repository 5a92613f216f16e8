import { MESSAGES } from '@pippitch/shared/auth';
import { tooManyRequests } from '../../errors';

/**
 * Limits this process has just seen full, remembered for a moment so that a flooding client's next attempts are
 * refused without a statement (issue 30 §3: a closed-loop flood of refusals otherwise kept the database busy and
 * every member's sign-in waited behind it). Only a refusal is remembered, and only briefly: PostgreSQL stays the
 * judge of every attempt that could pass, and a window that frees a slot is seen again within `ttlMs`.
 */
export class RefusalMemo {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Throws 429 at once when one of `keys` was refused less than `ttlMs` ago. */
  check(keys: readonly string[]): void {
    const now = this.clock();
    for (const key of keys) {
      const until = this.until.get(key);
      if (until === undefined) continue;
      if (until > now) throw tooManyRequests(MESSAGES.tooManyAttempts);
      this.until.delete(key);
    }
  }

  remember(key: string): void {
    const now = this.clock();
    // Bounded: a flood from very many clients sweeps the expired entries first.
    if (this.until.size >= 10_000) for (const [k, t] of this.until) if (t <= now) this.until.delete(k);
    if (this.until.size < 10_000) this.until.set(key, now + this.ttlMs);
  }
}

/** Sign-in refusals, per server process. */
export const signInRefusals = new RefusalMemo(10_000);
