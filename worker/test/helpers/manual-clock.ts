import type { Clock } from '../../../core/src/market/live/clock';

/**
 * A clock that moves only when the test says so, so the poller's schedule and the times it writes depend on what
 * the test does, never on how fast a busy machine runs it.
 */
export class ManualClock implements Clock {
  private time: number;
  private readonly sleepers = new Set<{ at: number; wake: () => void }>();

  constructor(start: number) {
    this.time = start;
  }

  now = (): number => this.time;

  sleep = (ms: number, signal: AbortSignal): Promise<void> => {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const sleeper = {
        at: this.time + ms,
        wake: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.sleepers.delete(sleeper);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.sleepers.add(sleeper);
    });
  };

  /** How many sleeps are waiting for time to move. */
  get sleeping(): number {
    return this.sleepers.size;
  }

  /** Moves time forward by `ms`, waking every sleep that is then due (earliest first). */
  advance(ms: number): void {
    this.time += ms;
    const due = [...this.sleepers].filter((s) => s.at <= this.time).sort((a, b) => a.at - b.at);
    for (const s of due) {
      this.sleepers.delete(s);
      s.wake();
    }
  }

  /** Moves time to the earliest pending wake-up (if any); true when a sleep was woken. */
  wakeNext(): boolean {
    let next: number | undefined;
    for (const s of this.sleepers) next = next === undefined ? s.at : Math.min(next, s.at);
    if (next === undefined) return false;
    this.advance(Math.max(0, next - this.time));
    return true;
  }
}
