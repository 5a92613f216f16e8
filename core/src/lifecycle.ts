/**
 * How a long-running process (server, worker) stops, from its first instruction to its last (issue 33). The entry
 * files (server/src/bin/server.ts, worker/src/bin/worker.ts) import this module alone and call catchStopSignals()
 * before they load anything else, so no SIGTERM or SIGINT ever finds a process without a handler: one that found
 * none died by the signal (2 of 50 servers signalled right after start), and as PID 1 it was ignored.
 *
 * A signal before the process has anything to clean up (configuration, waiting for the database, migrations) ends
 * it at once with exit 0: nothing has begun. From onStop() on, a signal runs that graceful shutdown, at once if the
 * signal came earlier. Either way the parent hears `{ type: 'stopping' }` over IPC first (tests wait for it).
 *
 * No imports, on purpose: under tsx every import is compiled before this module's first line can run.
 */

type Shutdown = (signal: string) => Promise<void>;

let requested: string | undefined;
let shutdown: Shutdown | undefined;
let sayStopping: (line: string) => void = () => {};
const controller = new AbortController();

/** Aborted when a stop signal arrives: start-up work checks it between steps. */
export const stopSignal: AbortSignal = controller.signal;

/** Tells the parent process (a launcher, a test) something over IPC, when there is a channel to tell it on. */
export function tellParent(message: { type: string; [key: string]: unknown }): void {
  // With a callback, a channel closed meanwhile is reported to it instead of being thrown.
  if (process.send && process.connected) process.send(message, undefined, {}, () => {});
}

function stop(signal: string): void {
  // `on`, not `once`: under the launcher Ctrl+C brings SIGINT from the terminal and SIGTERM from the launcher, and
  // a second signal without a handler would kill the process mid-shutdown. The first one decides.
  if (requested) return;
  requested = signal;
  controller.abort();
  tellParent({ type: 'stopping', signal });
  if (shutdown) {
    void shutdown(signal);
    return;
  }
  sayStopping(`${signal} during start-up, before anything began: stopped`);
  process.exit(0);
}

/** Installs the SIGTERM and SIGINT handlers (once) and tells the parent `{ type: 'alive' }`. */
export function catchStopSignals(): void {
  if (process.listeners('SIGTERM').includes(onSigterm)) return;
  process.on('SIGTERM', onSigterm);
  process.on('SIGINT', onSigint);
  tellParent({ type: 'alive' });
}
const onSigterm = () => stop('SIGTERM');
const onSigint = () => stop('SIGINT');

/** Where the line about a stop during start-up goes, once the process has a log. */
export function logStopsWith(log: (line: string) => void): void {
  sayStopping = log;
}

/**
 * From now on a stop signal runs `graceful` (once). If one already came, it runs now. It must end the process
 * itself (process.exit), whatever state start-up reached.
 */
export function onStop(graceful: Shutdown): void {
  shutdown = graceful;
  if (requested) void graceful(requested);
}

/** True once a stop signal has arrived. */
export function stopRequested(): boolean {
  return requested !== undefined;
}
