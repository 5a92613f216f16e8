/**
 * The server and the worker as real processes, for the tests of how they start and stop (issue 33): spawned from
 * their entries as production starts them (NODE_ENV=production: JSON log lines), with what they said on stdout,
 * stderr and over IPC ('alive', 'listening', 'started', 'ready', 'stopping'), and how they ended.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { STORED_PAIRS } from '../shared/src/pairs';

export const ENTRIES = {
  server: fileURLToPath(new URL('../server/src/bin/server.ts', import.meta.url)),
  worker: fileURLToPath(new URL('../worker/src/bin/worker.ts', import.meta.url)),
} as const;

export interface Compiled {
  dir: string;
  server: string;
  worker: string;
  jobs: string;
  remove(): void;
}

/**
 * The production tree (scripts/bundle.mjs, what the image copies), built once per test run into the run's shared
 * folder (test/global-setup.ts) and used by every file that starts compiled processes: the processes as the image
 * runs them (`node bin/server.js`), starting in a second or two instead of tsx's ten. The first file to ask builds
 * it under a lock (a directory made atomically); the others wait for its mark. Nothing writes into the tree.
 */
export async function buildCompiled(): Promise<Compiled> {
  const dir = join(inject('runDir'), 'dist');
  const paths = {
    dir,
    server: join(dir, 'bin/server.js'),
    worker: join(dir, 'bin/worker.js'),
    jobs: join(dir, 'bin/jobs.js'),
    // The run's teardown removes the shared folder.
    remove: () => {},
  };
  const done = join(dir, '.built');
  const lock = `${dir}.lock`;
  try {
    mkdirSync(lock);
  } catch {
    // Another file is building it (or has): wait for its mark, at most ten minutes (a busy machine's build).
    const deadline = Date.now() + 600_000;
    while (!existsSync(done)) {
      if (existsSync(`${lock}/failed`)) throw new Error('the shared compiled build failed in another test file');
      if (Date.now() > deadline) throw new Error('the shared compiled build did not finish in ten minutes');
      await new Promise((ok) => setTimeout(ok, 500));
    }
    return paths;
  }
  const root = fileURLToPath(new URL('..', import.meta.url));
  const output: string[] = [];
  const child = spawn(process.execPath, [join(root, 'scripts/bundle.mjs'), '--out', dir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) {
    writeFileSync(`${lock}/failed`, output.join(''));
    throw new Error(`bundle.mjs exited ${code}:\n${output.join('')}`);
  }
  writeFileSync(done, '');
  return paths;
}

/** A production configuration that needs no network: no SMTP (said so), the bundled history, a free port. */
export function productionEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'https://pippitch.example',
    EMAIL_DISABLED: 'true',
    DEMO_DATA: 'false',
    HISTORY_PROVIDER: 'bundled',
    OPERATOR_NAME: 'Harbour FX Software Ltd',
    OPERATOR_COMPANY_NUMBER: '01234567',
    OPERATOR_ADDRESS: '1 Harbour Street, London',
    OPERATOR_EMAIL: 'hello@harbourfx.example',
    OPERATOR_ICO_NUMBER: 'ZA123456',
    ...extra,
  };
}

export interface LogLine {
  level: number;
  msg: string;
  name?: string;
  [key: string]: unknown;
}

export interface Running {
  child: ChildProcess;
  /** Everything written to stdout and stderr. */
  output: string[];
  messages: { type: string; [key: string]: unknown }[];
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The JSON lines it printed (anything else is ignored here; `output` has it). */
  lines(): LogLine[];
  /** Resolves with the first IPC message of `type`; rejects if the process ends first. */
  message(type: string): Promise<{ type: string; [key: string]: unknown }>;
  /** SIGKILL if still running (test clean-up). */
  kill(): void;
}

/** `entry` is one of ENTRIES (through tsx) or a compiled file (dist/bin/*.js). */
export function start(entry: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Running {
  const output: string[] = [];
  const messages: Running['messages'] = [];
  const child = fork(entry, [], {
    execArgv: entry.endsWith('.ts') ? [...nodeArgs, '--import', 'tsx'] : nodeArgs,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  child.on('message', (m) => messages.push(m as Running['messages'][number]));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output,
    messages,
    exited,
    lines: () =>
      output
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as LogLine];
          } catch {
            return [];
          }
        }),
    message(type) {
      const seen = messages.find((m) => m.type === type);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const onMessage = (m: Running['messages'][number]) => {
          if (m?.type !== type) return;
          child.off('message', onMessage);
          resolve(m);
        };
        child.on('message', onMessage);
        void exited.then(({ code, signal }) =>
          reject(new Error(`exited (${signal ?? code}) before '${type}':\n${output.join('').slice(-4000)}`)),
        );
      });
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Resolves with `p`, or rejects after `ms` saying what was awaited (a bound for a broken run, never the test). */
export function within<T>(what: string, p: Promise<T>, ms: number, running?: Running): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(
        () =>
          reject(
            new Error(
              `no ${what} within ${ms} ms${running ? ` (exit ${running.child.exitCode}, signal ${running.child.signalCode}):\n${running.output.join('').slice(-4000)}` : ''}`,
            ),
          ),
        ms,
      ).unref(),
    ),
  ]);
}

/**
 * Makes the worker's market-data start quick: a bar per pair at the last whole minute, so the data set has only
 * the minutes since to add (the first start would load ~4.8 M bars).
 */
export async function seedRecentBars(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
      SELECT pair, date_trunc('minute', now()) - interval '1 minute', 1, 1, 1, 1, 'ecb_sim'
      FROM unnest($1::text[]) AS pair
      ON CONFLICT DO NOTHING`,
      [STORED_PAIRS],
    );
  } finally {
    await client.end();
  }
}
