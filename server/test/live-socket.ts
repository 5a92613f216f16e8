import { LIVE_PATH, type LiveQuote, parseLiveMessage } from '@pippitch/shared/live-socket';
import WebSocket from 'ws';

/** A browser's live-quote socket, as seen by a test: every message (checked against the shared schema) and the close. */
export interface LiveSocket {
  socket: WebSocket;
  /** Every quote received, in order. */
  received: LiveQuote[];
  /** Every message, as the batch of quotes it carried. */
  messages: LiveQuote[][];
  /** The server's close code and reason, once closed. */
  closed: { code: number; reason: string } | null;
  close(): void;
}

/** Opens LIVE_PATH on the server at `url` (http://…) with `cookie`, from `origin` (this site unless given). */
export function openLive(url: string, cookie: string | null, origin = url): LiveSocket {
  const socket = new WebSocket(`${url.replace('http', 'ws')}${LIVE_PATH}`, {
    headers: { ...(cookie ? { cookie } : {}), origin },
  });
  const live: LiveSocket = {
    socket,
    received: [],
    messages: [],
    closed: null,
    close: () => socket.terminate(),
  };
  socket.on('message', (data) => {
    const batch = parseLiveMessage(String(data));
    live.messages.push(batch);
    live.received.push(...batch);
  });
  socket.on('close', (code, reason) => {
    live.closed = { code, reason: String(reason) };
  });
  socket.on('error', () => {}); // a refused upgrade or a reset: the close (or the test's own check) says what happened
  return live;
}

export function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
