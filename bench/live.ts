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
import { type ChildProcess, fork } from 'node:child_process';
import { sql } from 'kysely';
import { createClient, signUp, signupInput } from '../server/test/helpers';
import { encodeQuoteNotification, QUOTES_CHANNEL } from '../shared/src/live-quote';
import { createDb, createPool } from '../sql/src/index';
import { benchDatabase, ms, percentile } from './lib/stats';

const NOTIFICATIONS = 20;
/** The longest any one step may take (servers up, every socket subscribed, one quote to every socket). */
const STEP_MS = 60_000;
const database = await benchDatabase('live');
const db = createDb(createPool(database.url, { max: 4 }));
const children = new Set<ChildProcess>();

function start(file: string, args: string[]): ChildProcess {
  const child = fork(new URL(file, import.meta.url).pathname, args, { execArgv: ['--import', 'tsx'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function stop(...procs: ChildProcess[]): void {
  for (const c of procs) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/** The child's next message of `type` (matching `accept`), or a rejection naming `what` on timeout or exit. */
function next<T extends { type: string }>(
  child: ChildProcess,
  type: string,
  what: string,
  accept: (m: T) => boolean = () => true,
  timeoutMs = STEP_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: T) => {
      if (m.type !== type || !accept(m)) return;
      done();
      resolve(m);
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`${what}: the process exited (code ${code})`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${what}: nothing after ${STEP_MS / 1000} s`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function startServers(mode: 'app' | 'floor', n: number): Promise<{ urls: string[]; procs: ChildProcess[] }> {
  const procs = Array.from({ length: n }, () => start('./live-server.ts', [mode, database.url]));
  try {
    const ports = await Promise.all(
      procs.map((c) => next<{ type: string; port: number }>(c, 'listening', `${mode} server to listen`)),
    );
    return { urls: ports.map((p) => `http://127.0.0.1:${p.port}`), procs };
  } catch (err) {
    stop(...procs);
    throw err;
  }
}

interface Figures {
  deliveries: number;
  p50: number;
  p99: number;
}

interface Status {
  opened: number;
  ready: number;
  failed: number;
  closed: number;
  errors: string[];
  received: Record<number, number>;
}

function describe(status: Status | null, subscribers: number): string {
  if (!status) return 'the client did not answer';
  const quotes = Object.entries(status.received)
    .map(([i, n]) => `#${Number(i) + 1} ${n}`)
    .join(', ');
  return [
    `${status.opened}/${subscribers} sockets open, ${status.ready} with their first quote, ${status.failed} failed, ${status.closed} closed`,
    `quotes received per socket count: ${quotes || 'none'}`,
    status.errors.length ? `errors: ${status.errors.join('; ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

async function run(mode: 'app' | 'floor', subscribers: number, serverCount: number, cookie: string) {
  let servers: { urls: string[]; procs: ChildProcess[] } | undefined;
  let client: ChildProcess | undefined;
  try {
    servers = await startServers(mode, serverCount);
    client = start('./live-client.ts', [servers.urls.join(','), cookie, String(subscribers)]);
    await next(client, 'ready', `every subscriber's first quote`);
    for (let i = 0; i < NOTIFICATIONS; i++) {
      const mid = 1.3 + (i + 1) / 10_000;
      const ts = new Date().toISOString();
      const quote = { pair: 'GBPUSD', bid: mid, ask: mid, mid, ts, source: 'feed' } as const;
      // Listening before sending: the last socket may have it before the NOTIFY's query returns.
      const delivered = next<{ type: string; index: number }>(
        client,
        'delivered',
        `quote ${i + 1} at every socket`,
        (m) => m.index === i,
      );
      await sql`SELECT pg_notify(${QUOTES_CHANNEL}, ${encodeQuoteNotification(quote)})`.execute(db);
      // The next quote goes once every socket has this one: runs never overlap, and no fixed pause is needed.
      await delivered;
    }
    client.send({ type: 'report' });
    const { latencies } = await next<{ type: string; latencies: number[] }>(client, 'latencies', 'the report');
    return { deliveries: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } catch (err) {
    let status: Status | null = null;
    if (client?.connected) {
      client.send({ type: 'status' });
      status = await next<Status & { type: string }>(client, 'status', 'status', undefined, 10_000).catch(() => null);
    }
    console.log(`  ${mode}: FAILED: ${(err as Error).message}. Arrived: ${describe(status, subscribers)}`);
    return null;
  } finally {
    if (client) stop(client);
    if (servers) stop(...servers.procs);
  }
}

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
  stop(...children);
  await db.destroy();
  await database.close();
}
