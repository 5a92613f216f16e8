/**
 * The subscriber side of bench/live.ts, in its own process: opens N WebSocket connections to the server,
 * subscribes each to rates.live over the tRPC WebSocket protocol, and reports when every one has its first
 * quotes and then, for each later quote, the delay from the quote's publish time to receipt.
 */
import WebSocket from 'ws';

const [urlList, cookie, countText] = process.argv.slice(2);
// Sockets are spread round-robin over the server processes, as a load balancer would.
const urls = urlList!.split(',');
const count = Number(countText);
const latencies: number[] = [];
let ready = 0;
const sockets: WebSocket[] = [];

function open(index: number): Promise<void> {
  const url = urls[index % urls.length]!;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/trpc`, {
      headers: { cookie: cookie!, origin: url },
      perMessageDeflate: false,
    });
    let first = true;
    ws.on('open', () => {
      ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'rates.live', input: undefined } }));
      resolve();
    });
    ws.on('message', (raw) => {
      const received = Date.now();
      // Read the two fields we need without parsing the whole message: with thousands of sockets in this one
      // process, parsing would be measured as delivery delay.
      const text = String(raw);
      if (!text.includes('"type":"data"')) return;
      if (first) {
        first = false;
        ready++;
        if (ready === count) process.send?.({ type: 'ready' });
        return;
      }
      if (!text.includes('"source":"feed"')) return;
      const at = text.indexOf('"timestamp":');
      if (at >= 0) latencies.push(received - Number.parseInt(text.slice(at + 12, at + 30), 10));
    });
    ws.on('error', reject);
    sockets.push(ws);
  });
}

// Open in small parallel groups: thousands of simultaneous handshakes only measure the accept queue.
for (let i = 0; i < count; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => open(i + j)));
}

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'report') {
    process.send?.({ type: 'latencies', latencies });
    for (const ws of sockets) ws.terminate();
    setTimeout(() => process.exit(0), 100);
  }
});
