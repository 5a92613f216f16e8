import { setTimeout as sleep } from 'node:timers/promises';

// Waiting that an AbortSignal can cut short, with its listener removed afterwards: the poller waits twice per poll
// for weeks on end, so nothing may pile up on a long-lived signal.

/** Resolves after `ms`, or rejects with the signal's reason as soon as it is aborted. */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    throw err;
  }
}

/** Settles like `work`, unless the signal is aborted first (then rejects with its reason; `work` is abandoned). */
export function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A signal aborted when any of `signals` is, with that one's reason; `dispose()` detaches it from them. */
export function anySignal(...signals: AbortSignal[]): { signal: AbortSignal; dispose(): void } {
  const combined = new AbortController();
  const listeners = signals.map((s) => {
    const onAbort = () => combined.abort(s.reason);
    if (s.aborted) combined.abort(s.reason);
    else s.addEventListener('abort', onAbort, { once: true });
    return () => s.removeEventListener('abort', onAbort);
  });
  return {
    signal: combined.signal,
    dispose: () => {
      for (const off of listeners) off();
    },
  };
}
