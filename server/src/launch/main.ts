/**
 * `pnpm start`: the whole product on one machine. Builds the web app if its sources changed, starts embedded
 * PostgreSQL (unless DATABASE_URL is set) in a process group of its own, applies migrations, seeds the demo company,
 * then runs the server and the worker as child processes, restarting either if it dies, and prints where to go and
 * how to sign in, with the time the whole start took. Ctrl+C stops the server and the worker, then PostgreSQL.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { childEnvironment, loadConfigOrExit } from '@pippitch/core/config';
import { ROLE_LABELS } from '@pippitch/shared/access';
import { ensureDatabase, manageShutdownOurselves, migrate, startEmbeddedPostgres } from '@pippitch/sql';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../seed/demo';
import { seedDemoOnce } from '../seed/once';
import { localSecretsKey } from './secrets-key';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const log = (line: string) => console.log(`[pippitch] ${line}`);
const config = loadConfigOrExit();

// The web build first, timed with the rest (the banner counts the whole start: the build alone took 17 s).
if (spawnSync(process.execPath, [join(ROOT, 'web/scripts/build-if-stale.mjs')], { stdio: 'inherit' }).status !== 0) {
  log('the web build failed (see above)');
  process.exit(1);
}

let databaseUrl = config.databaseUrl;
let stopDatabase = async () => {};
if (!databaseUrl) {
  manageShutdownOurselves(); // stop the server and worker first, then PostgreSQL (see shutdown below)
  // In its own process group: the terminal's Ctrl+C reaches the server and the worker, never PostgreSQL under them.
  const embedded = await startEmbeddedPostgres({
    // resolve: DATA_DIR may be absolute (join put /tmp/x under the repository).
    dataDir: resolve(ROOT, config.dataDir, 'pg'),
    log,
    ownProcessGroup: true,
  });
  stopDatabase = embedded.stop;
  databaseUrl = await ensureDatabase(embedded.url, 'pippitch');
  log(`embedded PostgreSQL on port ${embedded.port} (data in ${join(config.dataDir, 'pg')})`);
}

// Secrets at rest (Salesforce tokens) need a key: outside production, one is made once and kept with the data.
const secretsKey =
  config.secretsKey?.toString('base64') ||
  (config.env === 'production' ? '' : await localSecretsKey(ROOT, config.dataDir));

await migrate(databaseUrl, log);
if (config.demoData) await seedDemoOnce(databaseUrl, log);

const children = new Map<string, ChildProcess>();
let stopping = false;

// A process that dies within a minute of starting, three times running, will not get better by itself
// (port taken, bad configuration): stop and say so rather than restart for ever.
const QUICK_FAILURE_MS = 60_000;
const quickFailures = new Map<string, number>();

/**
 * The worker's young generation kept small: the history backfill decodes a day's files at a time and its short-lived
 * buffers otherwise grow V8's semi-spaces (peak RSS 309 MB for two years of six pairs; 166 MB at the same speed
 * with 2 MB, issue 21). The image's worker command (compose.yaml) passes the same flag.
 */
const WORKER_NODE_FLAGS = ['--max-semi-space-size=2'];

function run(name: string, entry: string, onMessage?: (msg: unknown) => void, nodeFlags: string[] = []): void {
  const startedAt = Date.now();
  const child = fork(join(ROOT, entry), [], {
    execArgv: [...nodeFlags, '--import', 'tsx'],
    env: childEnvironment({ DATABASE_URL: databaseUrl, ...(secretsKey && { SECRETS_KEY: secretsKey }) }),
    stdio: 'inherit',
  });
  children.set(name, child);
  if (onMessage) child.on('message', onMessage);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    const failures = Date.now() - startedAt < QUICK_FAILURE_MS ? (quickFailures.get(name) ?? 0) + 1 : 1;
    quickFailures.set(name, failures);
    if (failures >= 3) {
      log(`${name} keeps stopping right after it starts (see the messages above); giving up`);
      process.exitCode = 1;
      void shutdown();
      return;
    }
    log(`${name} stopped (${signal ?? `exit ${code}`}); restarting in 2 s`);
    setTimeout(() => run(name, entry, onMessage), 2000);
  });
}

function banner(port: number): void {
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    // Since this process began (performance.now() counts from then): the web build, PostgreSQL, the migrations.
    `PipPitch is running at ${url}  (ready in ${(performance.now() / 1000).toFixed(1)} s)`,
    '',
    // The demo company exists only where DEMO_DATA allows it (never in production unless asked for).
    ...(config.demoData
      ? [
          `Demo sign-ins (password for all: ${DEMO_PASSWORD})`,
          // Each role in the product's words (broker, admin, super admin), as the pages show it.
          ...DEMO_MEMBERS.map((m) => `  ${ROLE_LABELS[m.role].padEnd(12)} ${m.email}`),
          '',
        ]
      : []),
    'Stop with Ctrl+C.',
    '',
  ];
  console.log(lines.join('\n'));
}

run('server', 'server/src/bin/server.ts', (msg) => {
  const m = msg as { type?: string; port?: number };
  if (m.type === 'listening' && m.port) banner(m.port);
});
run('worker', 'worker/src/bin/worker.ts', undefined, WORKER_NODE_FLAGS);

async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  const exits = [...children.values()].map((c) => new Promise((ok) => c.once('exit', ok)));
  for (const c of children.values()) c.kill('SIGTERM');
  // The server cuts what is still open after SHUTDOWN_GRACE_MS (7 s) and is gone by 9 s; the worker by 5 s. Only
  // then PostgreSQL, which they were still using.
  await Promise.race([Promise.all(exits), new Promise((ok) => setTimeout(ok, 10_000))]);
  await stopDatabase();
  process.exit(process.exitCode ?? 0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
process.on('SIGHUP', shutdown);
