/**
 * One measured run of live quotes (bench/live.ts, bench/pairs.ts): server processes (the app's /live, or the raw
 * `ws` floor, bench/live-server.ts), N subscribers in a client process (bench/live-client.ts), then `polls` rounds
 * of NOTIFY each delivered to every socket before the next, and the delay from each quote's time to its receipt.
 * Every wait is bounded: a client or server that fails ends its run with a report of what arrived.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { percentile } from './stats';

/** The longest any one step may take (servers up, every socket subscribed, one quote to every socket). */
const STEP_MS = 60_000;

export interface Figures {
  deliveries: number;
  p50: number;
  p99: number;
  /** Messages and bytes every socket received after its first (the snapshot), summed over the sockets. */
  messages: number;
  bytes: number;
}

interface Status {
  opened: number;
  ready: number;
  failed: number;
  closed: number;
  errors: string[];
  received: Record<number, number>;
}

export interface LiveRunner {
  /**
   * Runs `polls` rounds; round i is sent by `publish(i)`, whose GBP/USD quote (mid 1.3 + (i + 1) / 10,000, source
   * feed, sent last) marks the round delivered once every socket has it. Null when the run failed (said why).
   */
  run(
    mode: 'app' | 'floor',
    subscribers: number,
    serverCount: number,
    cookie: string,
    polls: number,
    publish: (i: number) => Promise<unknown>,
  ): Promise<Figures | null>;
  startServers(mode: 'app' | 'floor', n: number): Promise<{ urls: string[]; procs: ChildProcess[] }>;
  stop(...procs: ChildProcess[]): void;
  stopAll(): void;
}

export function liveRunner(databaseUrl: string): LiveRunner {
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

  async function startServers(mode: 'app' | 'floor', n: number) {
    const procs = Array.from({ length: n }, () => start('../live-server.ts', [mode, databaseUrl]));
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

  async function run(
    mode: 'app' | 'floor',
    subscribers: number,
    serverCount: number,
    cookie: string,
    polls: number,
    publish: (i: number) => Promise<unknown>,
  ): Promise<Figures | null> {
    let servers: { urls: string[]; procs: ChildProcess[] } | undefined;
    let client: ChildProcess | undefined;
    try {
      servers = await startServers(mode, serverCount);
      client = start('../live-client.ts', [servers.urls.join(','), cookie, String(subscribers)]);
      await next(client, 'ready', `every subscriber's first quote`);
      for (let i = 0; i < polls; i++) {
        // Listening before sending: the last socket may have it before the NOTIFY's query returns.
        const delivered = next<{ type: string; index: number }>(
          client,
          'delivered',
          `quote ${i + 1} at every socket`,
          (m) => m.index === i,
        );
        await publish(i);
        // The next round goes once every socket has this one: runs never overlap, and no fixed pause is needed.
        await delivered;
      }
      client.send({ type: 'report' });
      const report = await next<{ type: string; latencies: number[]; messages: number; bytes: number }>(
        client,
        'latencies',
        'the report',
      );
      const { latencies, messages, bytes } = report;
      return {
        deliveries: latencies.length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        messages,
        bytes,
      };
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

  return { run, startServers, stop, stopAll: () => stop(...children) };
}
