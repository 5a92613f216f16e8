/**
 * The subscriber side of bench/live.ts, in its own process: opens N WebSocket connections to the live-quote path
 * (as browsers do; the floor server accepts any path), tells the parent when every socket has its first message
 * (the snapshot) and when every socket has each later quote, and reports the delay from each quote's publish time
 * to its receipt. A socket that fails is counted, never waited for: the parent asks for `status` to report what
 * arrived.
 */
import WebSocket from 'ws';
import { LIVE_PATH } from '../shared/src/live-quote';

const [urlList, cookie, countText] = process.argv.slice(2);
// Sockets are spread round-robin over the server processes, as a load balancer would.
const urls = urlList!.split(',');
const count = Number(countText);
const latencies: number[] = [];
/** Messages and bytes received after each socket's first (its snapshot), over every socket: the work delivered. */
const delivered = { messages: 0, bytes: 0 };
const sockets: WebSocket[] = [];
const status = {
  opened: 0,
  ready: 0,
  failed: 0,
  closed: 0,
  errors: [] as string[],
  received: {} as Record<number, number>,
};

/** Quote i of the run has mid 1.3 + (i + 1) / 10,000 (bench/live.ts). */
const indexOf = (mid: number) => Math.round((mid - 1.3) * 10_000) - 1;

function open(index: number): Promise<void> {
  const url = urls[index % urls.length]!;
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}${LIVE_PATH}`, {
      headers: { cookie: cookie!, origin: url },
      perMessageDeflate: false,
      handshakeTimeout: 30_000,
    });
    let first = true;
    let settled = false;
    const settle = () => {
      if (!settled) resolve();
      settled = true;
    };
    ws.on('open', () => {
      status.opened++;
      settle();
    });
    ws.on('message', (raw) => {
      const received = Date.now();
      // Read the fields we need without parsing the whole message: with thousands of sockets in this one process,
      // parsing would be measured as delivery delay.
      const text = String(raw);
      if (!first) {
        delivered.messages++;
        delivered.bytes += (raw as Buffer).length;
      }
      if (first) {
        first = false;
        status.ready++;
        if (status.ready === count) process.send?.({ type: 'ready' });
        return;
      }
      // The first fetched quote of the message, measured from its own time: a message may also carry quotes of other
      // sources (a cross with a leg read from storage, in bench pairs), whose times are not this publish's.
      const feedAt = text.indexOf('"source":"feed"');
      if (feedAt < 0) return;
      const at = text.lastIndexOf('"timestamp":', feedAt);
      const midAt = text.lastIndexOf('"mid":', feedAt);
      if (at < 0 || midAt < 0) return;
      latencies.push(received - Number.parseInt(text.slice(at + 12, at + 30), 10));
      const i = indexOf(Number.parseFloat(text.slice(midAt + 6, midAt + 30)));
      status.received[i] = (status.received[i] ?? 0) + 1;
      if (status.received[i] === count) process.send?.({ type: 'delivered', index: i });
    });
    ws.on('error', (err) => {
      if (status.errors.length < 5) status.errors.push(err.message);
      if (!settled) status.failed++;
      settle();
    });
    ws.on('close', () => {
      status.closed++;
      settle();
    });
    sockets.push(ws);
  });
}

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'status') process.send?.({ type: 'status', ...status });
  if (msg.type === 'report') process.send?.({ type: 'latencies', latencies, ...delivered });
});

// Open in small parallel groups: thousands of simultaneous handshakes only measure the accept queue.
for (let i = 0; i < count; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => open(i + j)));
}
process.send?.({ type: 'opened', ...status });
