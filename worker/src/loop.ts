export interface Loop {
  /** Run as soon as the current run (if any) finishes. */
  now(): void;
  stop(): void;
}

/**
 * Runs `task` every `ms`, never twice at once; errors are logged and the loop goes on, so a database
 * outage only delays work.
 */
export function every(ms: number, task: () => Promise<unknown>, log: (line: string) => void, name: string): Loop {
  let running = false;
  let again = false;
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await task();
    } catch (err) {
      log(`${name} failed: ${(err as Error).message}`);
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      void tick();
    }
  };
  const timer = setInterval(tick, ms);
  void tick();
  return {
    now: () => void tick(),
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
