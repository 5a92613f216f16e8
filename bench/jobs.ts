/**
 * Jobs (issue 9): a no-op job through pg-boss with one and with two worker processes — throughput on a backlog,
 * and send→start latency when jobs trickle in. Targets: ≥ 200 jobs/s; send→start p50 ≤ 1 s.
 * The job uses the production defaults of core/src/jobs/define.ts (batch of 10, polled every 1 s).
 *   tsx bench/jobs.ts
 * Started with `worker <url> <name>`, this file is one of the worker processes instead.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { defineJob, sendJob, z } from '../core/src/jobs/index';
import { createDb, createPool, type Database, manageShutdownOurselves } from '../sql/src/index';
import { registerJob } from '../worker/src/jobs/handler';
import { startJobRunner } from '../worker/src/jobs/runner';
import { benchDatabase, ms, percentile } from './lib/stats';

const noopJob = defineJob({ name: 'bench-noop', payload: z.object({ n: z.number().int() }) });
const BACKLOG = 4_000;
const TRICKLE = 150;
const TARGET_RATE = 200;
const TARGET_P50_MS = 1_000;

async function runWorker(url: string, name: string): Promise<void> {
  manageShutdownOurselves();
  const runner = await startJobRunner({
    url,
    jobs: [registerJob(noopJob, async () => {})],
    log: (line) => console.log(`[${name}] ${line}`),
    applicationName: `bench-${name}`,
  });
  process.send?.('ready');
  process.on('SIGTERM', async () => {
    await runner.stop(2_000);
    process.exit(0);
  });
}

/** Polls `check` every 100 ms until it holds, for at most `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

async function startWorkers(url: string, count: number): Promise<ChildProcess[]> {
  const file = fileURLToPath(import.meta.url);
  const children = Array.from({ length: count }, (_, i) =>
    fork(file, ['worker', url, `w${i + 1}`], { execArgv: ['--import', 'tsx'] }),
  );
  const ready = new Set<ChildProcess>();
  for (const child of children) child.on('message', (m) => m === 'ready' && ready.add(child));
  await until('workers to start', async () => ready.size === count, 60_000);
  return children;
}

async function stopWorkers(children: ChildProcess[]): Promise<void> {
  const exits = children.map((c) => new Promise((ok) => c.once('exit', ok)));
  for (const c of children) c.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const c of children) c.kill('SIGKILL');
  }, 10_000);
  await Promise.all(exits);
  clearTimeout(timer);
}

async function completed(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pgboss_v12.job WHERE name = ${noopJob.name} AND state = 'completed'`.execute(db);
  return rows[0]!.n;
}

async function measure(db: Database, url: string, workers: number) {
  await sql`DELETE FROM pgboss_v12.job WHERE name = ${noopJob.name}`.execute(db);
  const children = await startWorkers(url, workers);
  try {
    // Throughput: a backlog sent in one transaction, from the first start to the last completion.
    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < BACKLOG; n++) await sendJob(trx, noopJob, { n });
    });
    await until('the backlog to drain', async () => (await completed(db)) === BACKLOG, 120_000);
    const span = await sql<{ seconds: number }>`
      SELECT extract(epoch FROM max(completed_on) - min(started_on))::float8 AS seconds
      FROM pgboss_v12.job WHERE name = ${noopJob.name}`.execute(db);
    const rate = BACKLOG / span.rows[0]!.seconds;

    // Latency: jobs sent one at a time, 20–60 ms apart, to idle workers; both times are the database's.
    for (let n = 0; n < TRICKLE; n++) {
      await sendJob(db, noopJob, { n: BACKLOG + n });
      await new Promise((ok) => setTimeout(ok, 20 + Math.random() * 40));
    }
    await until('the trickle to run', async () => (await completed(db)) === BACKLOG + TRICKLE, 60_000);
    const latency = await sql<{ ms: number }>`
      SELECT extract(epoch FROM started_on - created_on)::float8 * 1000 AS ms
      FROM pgboss_v12.job WHERE name = ${noopJob.name} AND (data->>'n')::int >= ${BACKLOG}`.execute(db);
    return { rate, latencies: latency.rows.map((r) => r.ms) };
  } finally {
    await stopWorkers(children);
  }
}

if (process.argv[2] === 'worker') {
  await runWorker(process.argv[3]!, process.argv[4]!);
} else {
  const database = await benchDatabase('jobs');
  const db = createDb(createPool(database.url, { max: 4 }));
  try {
    console.log(
      `no-op job '${noopJob.name}': batch ${noopJob.batchSize}, polled every ${noopJob.pollingIntervalSeconds} s; ` +
        `backlog of ${BACKLOG}, then ${TRICKLE} sent one by one`,
    );
    for (const workers of [1, 2]) {
      const { rate, latencies } = await measure(db, database.url, workers);
      const p50 = percentile(latencies, 50);
      console.log(
        `${workers} worker process${workers > 1 ? 'es' : ''}: ${rate.toFixed(0)} jobs/s ` +
          `(${(rate / TARGET_RATE).toFixed(1)}× the ${TARGET_RATE}/s target); send→start p50 ${ms(p50)}, ` +
          `p99 ${ms(percentile(latencies, 99))} (p50 target ≤ ${ms(TARGET_P50_MS)})`,
      );
    }
  } finally {
    await db.destroy();
    await database.close();
  }
}
