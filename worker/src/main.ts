/**
 * The worker process: runs the background jobs (pg-boss: housekeeping, trial and billing lifecycles, reports,
 * Salesforce exports, re-pricing, market history), delivers queued e-mails, and ingests FX quotes as the feed's
 * leaseholder. It must outlive database restarts: every loop catches, logs and tries again.
 */

import { writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobs as jobDefinitions, sendJob } from '@pippitch/server/jobs/index';
import { startProcess } from '@pippitch/server/process-start';
import { seedDemoActivity } from '@pippitch/server/services/demo/activity';
import { deliverDueEmails } from '@pippitch/server/services/email/deliver';
import { beat } from '@pippitch/server/services/ops/heartbeat';
import { createDb, listen } from '@pippitch/sql';
import { buildWorkerDeps } from './deps';
import { productJobs } from './jobs/handlers';
import { startJobRunner } from './jobs/runner';
import { every } from './loop';
import { type MarketDataService, prepareMarketData, startMarketData, storeEcbReferenceRates } from './market/index';
import { createWorkerPools } from './pools';

// The launcher gives its children 5 s after SIGTERM before it stops PostgreSQL: running jobs get 4 s to finish;
// any still running then are failed and retried later (handlers are written to be safe to repeat).
const JOB_GRACE_MS = 4_000;
const SHUTDOWN_DEADLINE_MS = 4_800;
/**
 * Touched by every heartbeat; compose's healthcheck fails when it is over a minute old. Named by user: on a shared
 * host a file left by another user's worker would refuse every write (found running the image's files as `nobody`).
 */
const WORKER_ALIVE_FILE = join(tmpdir(), `pippitch-worker-${process.getuid?.() ?? 0}.alive`);

// Before anything else: its own shutdown (the graceful one below), the configuration, the log, the migrations.
const { config, databaseUrl, log } = await startProcess('worker');
// Job handlers and the worker's own loops draw from separate pools, sized in pools.ts (the connection budget).
const pools = createWorkerPools(databaseUrl, Object.values(jobDefinitions), log.warn);
const pool = pools.jobs;
const db = createDb(pool);
const serviceDb = createDb(pools.service);
const { email, history, feed, payments, crm, ecb, now } = buildWorkerDeps(config, db, log);

// E-mail stays an outbox woken by NOTIFY rather than a pg-boss job: delivery starts within milliseconds of the
// commit instead of at the next poll, and the outbox row is also the record the app shows (docs/decisions.md).
const deliver = every(5_000, () => deliverDueEmails(serviceDb, email, config.mailFrom, log), log, 'e-mail delivery');
const listener = listen(databaseUrl, ['email_outbox'], () => deliver.now(), {
  log,
  onConnect: () => deliver.now(),
});

// Alive: a row for readiness (/api/ready, metrics) and a file whose age the container's healthcheck reads
// (compose.yaml), every 15 s while this process reaches the database.
const workerId = `${hostname()}:${process.pid}`;
const startedAt = new Date();
const heartbeat = every(
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
// Shutdown stops a backfill slice between two days (each day is its own transaction), well within the job grace.
const backfillStop = new AbortController();
let marketReady: () => void = () => {};
const marketDataReady = new Promise<void>((resolve) => {
  marketReady = resolve;
});
const jobs = await startJobRunner({
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

let market: MarketDataService | undefined;
let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  backfillStop.abort();
  setTimeout(() => {
    log('shutdown is taking too long; exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  // Stop taking new work everywhere at once, then let what is running finish.
  await Promise.all([jobs.stop(JOB_GRACE_MS), deliver.stop(), heartbeat.stop(), market?.stop()]);
  await listener.close();
  await Promise.all([db.destroy(), serviceDb.destroy()]);
  process.exit(0);
}
// `on`, not `once`: Ctrl+C under the launcher delivers SIGINT from the terminal and SIGTERM from the launcher, and
// a second signal without a handler would kill the process mid-shutdown.
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

log(`started (e-mail: ${email.description})`);

// Market data: the minutes missed while no worker ran from the history provider when it answers, then the bundled
// data set for whatever is still missing (the first start loads ~4.8 M minute bars with progress; later starts
// only the current hour), then live polling, and the backfill of real history as a job in the background. Only one
// worker polls at a time: it keeps its own loop and leader lock, polling every 30 s, finer than pg-boss's minutes.
await prepareMarketData({ pool, history, log });
marketReady();
let preparedAt = Date.now();
if (history.source) await sendJob(db, jobDefinitions.marketHistory, {});
// The ECB reference rates that calculations quote in their record (issue 14).
const ecbAdded = await storeEcbReferenceRates(pool);
if (ecbAdded) log(`ECB reference rates: ${ecbAdded} stored`);
// The demo company's three months of pitches, priced on the prices just loaded (once; services/demo/activity.ts).
if (config.demoData) {
  const pitches = await seedDemoActivity(db);
  if (pitches) log(`demo company: ${pitches} pitches of the last three months added`);
}
// Then the ECB's own files, which catch up after downtime (and on schedule every business afternoon).
if (config.history.provider !== 'bundled') await sendJob(db, jobDefinitions.ecbRates, {});
if (!stopping) {
  market = startMarketData({
    url: databaseUrl,
    feed,
    pollMs: config.marketPollMs,
    // A worker taking over from a frozen or dead poller first fills the minutes it missed, as a start would.
    // (Not again when this start has just done it.)
    onLeadership: async () => {
      if (Date.now() - preparedAt < 60_000) return;
      await prepareMarketData({ pool, history, log });
      preparedAt = Date.now();
    },
    log,
  });
}
