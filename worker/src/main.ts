/**
 * The worker process: runs the background jobs (pg-boss: housekeeping, trial and billing lifecycles, reports,
 * Salesforce exports, re-pricing, market history), delivers queued e-mails, and ingests FX quotes as the feed's
 * leaseholder. It must outlive database restarts: every loop catches, logs and tries again. Started by bin/worker.ts,
 * which has caught the stop signals first; from the moment it has its pools, a stop signal runs the graceful shutdown
 * below, whatever start-up has reached.
 */

import { unlink, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoActivity } from '@pippitch/core/demo';
import { deliverDueEmails } from '@pippitch/core/email';
import { jobs as jobDefinitions, sendJob } from '@pippitch/core/jobs';
import { onStop, stopSignal, tellParent } from '@pippitch/core/lifecycle';
import {
  logDailyBars,
  type MarketDataService,
  prepareMarketData,
  startMarketBeside,
  startMarketData,
  storeEcbReferenceRates,
} from '@pippitch/core/market';
import { beat, forget } from '@pippitch/core/ops';
import { startProcess } from '@pippitch/core/process-start';
import { cancelRunningQueries, createDb, type Listener, listen } from '@pippitch/sql';
import { buildWorkerDeps } from './deps';
import { productJobs } from './jobs/handlers';
import { type JobRunner, startJobRunner } from './jobs/runner';
import { every, type Loop } from './loop';
import { createWorkerPools } from './pools';

// Docker (compose's stop_grace_period) and the launcher give 10 s after SIGTERM: running jobs get 4 s to finish;
// then the statements of those still running are cancelled and the jobs handed back, due at once for another worker
// (handlers are written to be safe to repeat). The process is gone within about 5 s; the deadline is a last resort.
const JOB_GRACE_MS = 4_000;
const SHUTDOWN_DEADLINE_MS = 8_000;
/**
 * Touched by every heartbeat; compose's healthcheck fails when it is over a minute old. Named by user: on a shared
 * host a file left by another user's worker would refuse every write (found running the image's files as `nobody`).
 */
const WORKER_ALIVE_FILE = join(tmpdir(), `pippitch-worker-${process.getuid?.() ?? 0}.alive`);

// Its configuration, the log, the database (waited for) and the migrations; any of them failing is one line, exit 1.
const { config, databaseUrl, log } = await startProcess('worker');
// Job handlers and the worker's own loops draw from separate pools, sized in pools.ts (the connection budget).
const pools = createWorkerPools(databaseUrl, Object.values(jobDefinitions), log.warn);
const pool = pools.jobs;
const db = createDb(pool);
const serviceDb = createDb(pools.service);
const { email, history, feed, payments, crm, ecb, now } = buildWorkerDeps(config, db, log);
const workerId = `${hostname()}:${process.pid}`;
const startedAt = new Date();
// Shutdown stops a backfill slice between two days (each day is its own transaction), well within the job grace.
const backfillStop = new AbortController();
let deliver: Loop | undefined;
let listener: Listener | undefined;
let heartbeat: Loop | undefined;
let jobs: Promise<JobRunner> | undefined;
let market: MarketDataService | undefined;
onStop(shutdown);

const startup = (async () => {
  // E-mail stays an outbox woken by NOTIFY rather than a pg-boss job: delivery starts within milliseconds of the
  // commit instead of at the next poll, and the outbox row is also the record the app shows (docs/decisions.md).
  const delivery = every(5_000, () => deliverDueEmails(serviceDb, email, config.mailFrom, log), log, 'e-mail delivery');
  deliver = delivery;
  listener = listen(databaseUrl, ['email_outbox'], () => delivery.now(), { log, onConnect: () => delivery.now() });

  // Alive: a row for readiness (/api/ready, metrics) and a file whose age the container's healthcheck reads
  // (compose.yaml), every 15 s while this process reaches the database.
  heartbeat = every(
    15_000,
    async () => {
      await beat(serviceDb, workerId, startedAt);
      await writeFile(WORKER_ALIVE_FILE, startedAt.toISOString());
    },
    log,
    'heartbeat',
  );

  // Housekeeping (expired sessions, old rate-limit windows) and billing (trial ends, reminders, follow-ups, test
  // mode's period ends) run as pg-boss schedules: once per slot in all, however many workers run.
  let marketReady: () => void = () => {};
  const marketDataReady = new Promise<void>((resolve) => {
    marketReady = resolve;
  });
  jobs = startJobRunner({
    url: databaseUrl,
    jobs: productJobs({
      db,
      log,
      appUrl: config.publicUrl,
      now,
      payments,
      crm,
      secretsKey: config.secretsKey,
      secretsKeyPrevious: config.secretsKeyPrevious,
      market: { pool, history, signal: backfillStop.signal, ready: marketDataReady },
      ecb,
    }),
    log,
  });
  await jobs;
  stopSignal.throwIfAborted();
  log(`started (e-mail: ${email.description})`);
  tellParent({ type: 'started' });

  // Market data (issue 31 §4): live polling and the ECB's reference rates start at once; beside them, the minutes
  // missed while no worker ran from the history provider when it answers, then the bundled data set for whatever is
  // still missing before polling began (the first start loads ~4.8 M minute bars with progress; later starts only
  // the current hour), and the backfill of real history as a job once that is done. Only one worker polls at a time:
  // it keeps its own loop and leader lock, polling every 30 s, finer than pg-boss's minutes.
  const start = startMarketBeside({
    poll: (onLeadership) => startMarketData({ url: databaseUrl, feed, pollMs: config.marketPollMs, onLeadership, log }),
    // The ECB reference rates that calculations quote in their record (issue 14), then the ECB's own files, which
    // catch up after downtime (and on schedule every business afternoon).
    ecb: async () => {
      const ecbAdded = await storeEcbReferenceRates(db);
      if (ecbAdded) log(`ECB reference rates: ${ecbAdded} stored`);
      await logDailyBars(db, log);
      if (config.history.provider !== 'bundled') await sendJob(db, jobDefinitions.ecbRates, {});
    },
    load: (until) => prepareMarketData({ pool, history, log, until }),
    now: Date.now,
    log,
  });
  market = start.market;
  await start.loaded;
  marketReady();
  if (history.source) await sendJob(db, jobDefinitions.marketHistory, {});
  await start.ecb;
  // The demo company's three months of pitches, priced on the prices just loaded (once; services/demo/activity.ts).
  if (config.demoData) {
    const pitches = await seedDemoActivity(db);
    if (pitches) log(`demo company: ${pitches} pitches of the last three months added`);
  }
  stopSignal.throwIfAborted();
  tellParent({ type: 'ready' });
})();
startup.catch((err: Error) => {
  if (stopSignal.aborted) return; // cut short by the shutdown, which waits for it
  log.error(`start-up failed: ${err.message}`, err);
  process.exit(1);
});

/**
 * Stops taking work everywhere at once; running jobs get JOB_GRACE_MS, then their statements (and start-up's, such
 * as a market data load) are cancelled in PostgreSQL and the jobs handed back; the heartbeat row is deleted, so
 * readiness counts this worker gone at once; exit 0.
 */
async function shutdown(signal: string): Promise<void> {
  log.info(`${signal}: stopping (running jobs get ${JOB_GRACE_MS / 1000} s)`);
  setTimeout(() => {
    log.error(`shutdown is taking too long (over ${SHUTDOWN_DEADLINE_MS / 1000} s); exiting`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  backfillStop.abort();
  const cancel = () => Promise.all([cancelRunningQueries(pool), cancelRunningQueries(pools.service)]).catch(() => 0);
  const loops = Promise.all([deliver?.stop(), heartbeat?.stop(), market?.stop()]);
  const runner = await jobs?.catch(() => undefined);
  await runner?.stop(JOB_GRACE_MS, cancel);
  // Whatever start-up was still doing is cancelled too; it unwinds at once (its next step sees the stop).
  await cancel();
  await within(
    1_000,
    startup.catch(() => {}),
  );
  await loops;
  await listener?.close();
  await forget(serviceDb, workerId).catch((err: Error) => log.warn(`heartbeat not deleted: ${err.message}`));
  await unlink(WORKER_ALIVE_FILE).catch(() => {});
  // Nothing runs on these connections any more; one idle in a transaction is rolled back when the process goes.
  await within(1_000, Promise.all([db.destroy(), serviceDb.destroy()]));
  log.info('stopped');
  process.exit(0);
}

/** Waits for `work`, or `ms` at most. */
function within(ms: number, work: Promise<unknown>): Promise<unknown> {
  return Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
}
