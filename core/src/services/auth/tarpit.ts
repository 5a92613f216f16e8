/**
 * Holds back the answer to a refused sign-in for a moment (issue 30 §3). A flooding client re-sends as soon as it
 * is answered, so answering refusals at once let a closed loop of cheap refusals fill both cores: with 10 or 40
 * addresses flooding, a member's sign-in from a known device took 12–17× its time alone. Holding each refusal for a
 * second turns that loop into a trickle (a client with 4 sign-ins in flight sends 4 a second), at no cost to anyone
 * who is not refused. Each wait is between one and two delays, at random: answers held exactly alike would come
 * back together and a flood would arrive in step, a burst every second. At most `maxHeld` answers wait at once: beyond that a refusal is answered at once, so a flood
 * that does not wait for answers cannot make the server keep sockets and timers without bound (that flood is the
 * edge proxy's to limit, docs/operations.md).
 */
export class Tarpit {
  private held = 0;

  constructor(
    private readonly delayMs: number,
    private readonly maxHeld: number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
    private readonly random: () => number = Math.random,
  ) {}

  /** Answers waiting now (for tests and metrics). */
  get waiting(): number {
    return this.held;
  }

  /** Waits `delayMs` to twice that, unless nothing is to be held or `maxHeld` answers already wait. */
  async hold(): Promise<void> {
    if (this.delayMs <= 0 || this.held >= this.maxHeld) return;
    this.held++;
    try {
      await this.sleep(Math.round(this.delayMs * (1 + this.random())));
    } finally {
      this.held--;
    }
  }
}

/** A refused sign-in's answer waits this long (tests use 0 unless they test the tarpit itself). */
export const SIGN_IN_REFUSAL_DELAY_MS = 1_000;
/** Answers held at once, at most, per server process. */
export const SIGN_IN_REFUSALS_HELD = 2_000;
