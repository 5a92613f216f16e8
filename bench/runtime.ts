/**
 * `pnpm bench runtime` (issue 23): the server's and the worker's time to ready and resident memory, compiled
 * (`node dist/…`, the image's way) beside TypeScript through tsx (development's way), in one run on one database.
 * Server ready: listening (its IPC message). Worker ready: its jobs and e-mail delivery running (the 'started'
 * line; the market data set that follows is measured by `pnpm bench market-data-load`). RSS is read from
 * /proc at that moment. Each variant runs after one untimed warm-up (the company index is loaded once), then
 * RUNS times alternately; medians are printed. Every wait is bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchDatabase, percentile } from './lib/stats';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = 5;
const WAIT_MS = 180_000;

const bundle = spawn(process.execPath, [join(ROOT, 'scripts/bundle.mjs')], { stdio: 'inherit' });
if ((await new Promise((ok) => bundle.once('exit', ok))) !== 0) throw new Error('bundling failed');

const db = await benchDatabase('runtime');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: db.url,
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLIC_URL: 'https://pippitch.example',
  EMAIL_DISABLED: 'true',
  DEMO_DATA: 'false',
  HISTORY_PROVIDER: 'bundled',
  OPERATOR_NAME: 'Bench Ltd',
  OPERATOR_COMPANY_NUMBER: '00000000',
  OPERATOR_ADDRESS: '1 Bench Street, London',
  OPERATOR_EMAIL: 'bench@example.test',
  OPERATOR_ICO_NUMBER: 'ZA000000',
};

type Kind = 'server' | 'worker';
type Mode = 'compiled' | 'tsx';
const ARGS: Record<Kind, Record<Mode, string[]>> = {
  server: { compiled: ['dist/bin/server.js'], tsx: ['--import', 'tsx', 'server/src/bin/server.ts'] },
  worker: { compiled: ['dist/bin/worker.js'], tsx: ['--import', 'tsx', 'worker/src/bin/worker.ts'] },
};

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function once(kind: Kind, mode: Mode): Promise<{ readyMs: number; rss: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ARGS[kind][mode], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`${kind} (${mode}) not ready in ${WAIT_MS} ms:\n${output}`)),
        WAIT_MS,
      );
      const done = () => {
        clearTimeout(timer);
        ready();
      };
      child.on('message', (m: { type?: string }) => kind === 'server' && m.type === 'listening' && done());
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (kind === 'worker' && /started \(e-mail/.test(output)) done();
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => fail(new Error(`${kind} (${mode}) exited ${code}:\n${output}`)));
    });
    return { readyMs: performance.now() - started, rss: rssMb(child.pid!) };
  } finally {
    await stop(child);
  }
}

try {
  for (const kind of ['server', 'worker'] as const) {
    await once(kind, 'compiled'); // warm-up: migrations, the company index, queues
    const samples: Record<Mode, { readyMs: number; rss: number }[]> = { compiled: [], tsx: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const mode of ['compiled', 'tsx'] as const) samples[mode].push(await once(kind, mode));
    }
    for (const mode of ['compiled', 'tsx'] as const) {
      const ready = percentile(
        samples[mode].map((s) => s.readyMs),
        50,
      );
      const rss = percentile(
        samples[mode].map((s) => s.rss),
        50,
      );
      console.log(
        `${kind.padEnd(6)} ${mode.padEnd(8)} ready ${(ready / 1000).toFixed(2)} s, RSS ${rss.toFixed(0)} MB (median of ${RUNS})`,
      );
    }
  }
} finally {
  await db.close();
}
