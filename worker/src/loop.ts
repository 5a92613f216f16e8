import type { Log } from '@pippitch/sql';

export interface Loop {
  /** Run as soon as the current run (if any) finishes. */
  now(): void;
  /** No more runs; resolves when the current run (if any) has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `ms`, never twice at once; errors are logged (a warning: the next run tries again) and the loop
 * goes on, so a database outage only delays work.
 */
export function every(ms: number, task: () => Promise<unknown>, log: Log, name: string): Loop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        await task();
      } catch (err) {
        log(`${name} failed: ${(err as Error).message}`, 'warn');
      }
    })();
    await running;
    running = null;
    if (again) {
      again = false;
      void tick();
    }
  };
  const timer = setInterval(tick, ms);
  void tick();
  return {
    now: () => void tick(),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
