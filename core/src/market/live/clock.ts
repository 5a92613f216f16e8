import { pause } from './abortable';

// The poller's sense of time, injected so tests drive it: they move time explicitly and wait for conditions, so a
// busy machine cannot turn a slow poll into a "stale minute" (docs/decisions.md, "Test clock"). Only the schedule
// runs on it (poll interval, backoff, lock retry, reconnect waits) and the times written (poll time, simulated
// ticks). Guards on real I/O (the vendor request timeout, the connect timeout) stay on real time: they bound how
// long the machine waits for a socket, whatever time the poller believes it is.

export interface Clock {
  /** Now, in ms since the epoch. */
  now(): number;
  /** Resolves once `ms` of this clock's time have passed; rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: pause,
};
