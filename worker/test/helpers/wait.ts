import type { ManualClock } from './manual-clock';

/**
 * Polls `check` until it returns a truthy value (returned). The deadline is only there so a broken run fails
 * rather than hangs: it is generous, and no test passes or fails by how fast the machine is.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 60_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
}

/**
 * Runs a poller on a manual clock until `check` holds: whenever something sleeps on the clock (the next poll, a
 * backoff, a lock retry, a reconnect wait) time jumps to its wake-up; otherwise the poller is busy with real I/O
 * and we wait for it. Time moves only between steps the code under test has finished.
 */
export async function driveUntil<T>(
  clock: ManualClock,
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 60_000,
): Promise<NonNullable<T>> {
  return waitFor(
    what,
    async () => {
      const value = await check();
      if (!value) clock.wakeNext();
      return value;
    },
    timeoutMs,
  );
}
