/**
 * Live quotes: 1,000 and 5,000 WebSocket subscribers in a second process; the time from the worker's NOTIFY to
 * receipt by every subscriber, p50/p99, beside the floor measured in the same run: the same number of raw `ws`
 * sockets receiving each NOTIFY as one pre-serialised broadcast (bench/live-server.ts floor). Figures on a shared
 * machine vary 2–5× between runs; the ratio to the floor does not. Target: ≤ 1.5× the floor at 1,000 and 5,000.
 * Servers run as their own processes, as in production, where several server processes behind a load balancer
 * each LISTEN and fan out to their own sockets. Every wait is bounded: a client or server that fails ends its run
 * with a report of what arrived, and the benchmark goes on.
 *   tsx bench/live.ts [5000x2 …]
 */
import { sql } from 'kysely';
import { createClient, signUp, signupInput } from '../server/test/helpers';
import { encodeQuoteNotification, QUOTES_CHANNEL } from '../shared/src/live-quote';
import { createDb, createPool } from '../sql/src/index';
import { type Figures, liveRunner } from './lib/live-runs';
import { benchDatabase, ms } from './lib/stats';

const NOTIFICATIONS = 20;
const database = await benchDatabase('live');
const db = createDb(createPool(database.url, { max: 4 }));
const runner = liveRunner(database.url);
const { startServers, stop } = runner;

/** Quote i: GBP/USD at 1.3 + (i + 1) / 10,000, stamped now (what the client measures from). */
function publish(i: number) {
  const mid = 1.3 + (i + 1) / 10_000;
  const quote = { pair: 'GBPUSD', bid: mid, ask: mid, mid, ts: new Date().toISOString(), source: 'feed' } as const;
  return sql`SELECT pg_notify(${QUOTES_CHANNEL}, ${encodeQuoteNotification(quote)})`.execute(db);
}

const run = (mode: 'app' | 'floor', subscribers: number, serverCount: number, cookie: string) =>
  runner.run(mode, subscribers, serverCount, cookie, NOTIFICATIONS, publish);

const ratio = (x: number, floor: number) => `${(x / floor).toFixed(2)}×`;

async function compare(subscribers: number, serverCount: number, cookie: string): Promise<void> {
  const label = `${subscribers.toLocaleString('en-GB').padStart(5)} subscribers, ${serverCount} server process${serverCount > 1 ? 'es' : ''}`;
  console.log(label);
  const floor: Figures | null = await run('floor', subscribers, serverCount, cookie);
  const app: Figures | null = await run('app', subscribers, serverCount, cookie);
  if (floor) console.log(`  floor (raw ws, one pre-serialised broadcast): p50 ${ms(floor.p50)}, p99 ${ms(floor.p99)}`);
  if (app) {
    const vs = (x: number, f?: number) => (f ? ` (${ratio(x, f)} the floor)` : '');
    console.log(
      `  live socket (/live): ${app.deliveries} deliveries, NOTIFY → receipt p50 ${ms(app.p50)}${vs(app.p50, floor?.p50)}, p99 ${ms(app.p99)}${vs(app.p99, floor?.p99)}`,
    );
  }
}

try {
  // One account for every subscriber (each socket is authenticated by the session cookie).
  const setup = await startServers('app', 1);
  const signup = createClient(setup.urls[0]!);
  await signUp(db, signup, signupInput());
  const cookie = [...signup.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  stop(...setup.procs);

  console.log('\nLive quotes over WebSocket (subscribers in a second process), beside the floor on this machine');
  // `tsx bench/live.ts 5000x2` runs one configuration (subscribers × server processes).
  const only = process.argv.slice(2).map((a) => a.split('x').map(Number) as [number, number]);
  const configs: [number, number][] = only.length
    ? only
    : [
        [1_000, 1],
        [5_000, 1],
        [5_000, 2],
      ];
  for (const [subscribers, servers] of configs) await compare(subscribers, servers, cookie);
  console.log('target: ≤ 1.5× the floor at 1,000 and 5,000 subscribers');
} finally {
  runner.stopAll();
  await db.destroy();
  await database.close();
}
