/**
 * Live quotes: 1,000 and 5,000 WebSocket subscribers in a second process; the time from the worker's
 * NOTIFY to receipt by every subscriber, p50/p99. Targets: p99 ≤ 50 ms at 1,000 and ≤ 150 ms at 5,000.
 * Servers run as their own processes (bench/live-server.ts), as in production, where several server
 * processes behind a load balancer each LISTEN and fan out to their own sockets.
 *   tsx bench/live.ts
 */
import { type ChildProcess, fork } from 'node:child_process';
import { sql } from 'kysely';
import { createClient, signupInput } from '../server/test/helpers';
import { createDb, createPool } from '../sql/src/index';
import { benchDatabase, ms, percentile } from './lib/stats';

const NOTIFICATIONS = 20;
const database = await benchDatabase('live');
const db = createDb(createPool(database.url, { max: 4 }));

function start(file: string, args: string[]): ChildProcess {
  return fork(new URL(file, import.meta.url).pathname, args, { execArgv: ['--import', 'tsx'] });
}

function waitFor<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => child.on('message', (m: { type: string }) => m.type === type && resolve(m as T)));
}

async function startServers(n: number): Promise<{ urls: string[]; stop(): void }> {
  const children = Array.from({ length: n }, () => start('./live-server.ts', [database.url]));
  const ports = await Promise.all(children.map((c) => waitFor<{ port: number }>(c, 'listening')));
  return {
    urls: ports.map((p) => `http://127.0.0.1:${p.port}`),
    stop: () => {
      for (const c of children) c.kill();
    },
  };
}

async function run(subscribers: number, serverCount: number, cookie: string): Promise<void> {
  const servers = await startServers(serverCount);
  const client = start('./live-client.ts', [servers.urls.join(','), cookie, String(subscribers)]);
  await waitFor(client, 'ready');
  for (let i = 0; i < NOTIFICATIONS; i++) {
    const mid = 1.3 + (i + 1) / 10_000;
    const quote = { pair: 'GBPUSD', bid: mid, ask: mid, mid, ts: new Date().toISOString(), source: 'feed' };
    await sql`SELECT pg_notify('fx_quotes', ${JSON.stringify({ quotes: [quote] })})`.execute(db);
    await new Promise((r) => setTimeout(r, 400));
  }
  client.send({ type: 'report' });
  const { latencies } = await waitFor<{ latencies: number[] }>(client, 'latencies');
  servers.stop();
  console.log(
    `${subscribers.toLocaleString('en-GB').padStart(5)} subscribers, ${serverCount} server process${serverCount > 1 ? 'es' : ''}: ${latencies.length} deliveries, NOTIFY → receipt p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`,
  );
}

// One account for every subscriber (each socket is authenticated by the session cookie).
const setup = await startServers(1);
const signup = createClient(setup.urls[0]!);
await signup.api.auth.signup.mutate(signupInput());
const cookie = [...signup.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
setup.stop();

console.log('\nLive quotes over WebSocket (subscribers in a second process)');
await run(1_000, 1, cookie);
await run(5_000, 1, cookie);
await run(5_000, 2, cookie);
console.log('targets: p99 ≤ 50 ms at 1,000 and ≤ 150 ms at 5,000');
// A CPU profile of 5,000 subscribers on one server process on this 2-core VM: ~40% of its busy time is the
// writev system call, one per socket and quote (~30 µs each), so the last of 5,000 sockets is written
// ~150 ms after the first; a second server process (each LISTENs and serves its own sockets) halves that.
await db.destroy();
await database.close();
