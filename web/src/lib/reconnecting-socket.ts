/** Waits before each reconnection after a failure, the last repeated: bounded, so a restart is picked up soon. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface ReconnectingSocketHandlers {
  /** Each message; true when it shows the socket healthy, so the next failure waits the first wait again. */
  onMessage(data: string): boolean;
  /** The socket closed: 'stop' ends it for good (signed out, no access), 'reconnect' opens it again after a wait. */
  onClose(event: CloseEvent): 'stop' | 'reconnect';
}

/**
 * The app's own WebSocket at `path` (the live quotes, the margin desk), reconnected after a failure with a
 * bounded backoff until the handlers say stop. Handlers are not called once the returned stop has run (an
 * unmounted page). Returns that stop, for an effect's cleanup.
 */
export function openReconnectingSocket(path: string, handlers: ReconnectingSocketHandlers): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const connect = () => {
    const ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${path}`);
    socket = ws;
    ws.onmessage = (event: MessageEvent<string>) => {
      if (stopped) return;
      if (handlers.onMessage(event.data)) failures = 0;
    };
    ws.onclose = (event) => {
      socket = null;
      if (stopped || handlers.onClose(event) === 'stop') return;
      retry = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      failures++;
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    const open = socket;
    if (!open) return;
    // Closing a socket still connecting makes the browser log an error: close it once it is open instead.
    if (open.readyState === WebSocket.CONNECTING) open.onopen = () => open.close();
    else open.close();
  };
}
