/**
 * Runs the registered jobs with pg-boss: creates their queues, keeps their schedules in step with the
 * definitions, works each queue, and stops gracefully. Any number of workers may run on one database: pg-boss
 * hands each job to one of them (SELECT … FOR UPDATE SKIP LOCKED), and a schedule fires once per slot.
 */
import { describeIssues, JOBS_SCHEMA, type JobDefinition, queueOptions } from '@pippitch/core/jobs';
import { type Log, poolTimeouts } from '@pippitch/sql';
import pg from 'pg';
import { type JobResult, PgBoss, type WorkOptions } from 'pg-boss';
import type { RegisteredJob } from './handler';
import { keepLeases, LEASE, type Lease, startReclaimer } from './lease';
import { moveLegacyJobs } from './legacy';
import { runForQueue } from './shares';

export interface JobRunnerOptions {
  url: string;
  jobs: RegisteredJob[];
  log: Log;
  /**
   * How often (s) pg-boss looks for due schedules and turns them into jobs; its defaults (30 s and 5 s) start a
   * scheduled job within about 35 s of its minute. Tests use 1.
   */
  cronCheckSeconds?: number;
  applicationName?: string;
  /** The job lease (tests shorten it); LEASE by default. */
  lease?: Lease;
}

export interface JobRunner {
  /**
   * Stops taking jobs, waits up to `graceMs` for running ones, then (`cancel`: the worker cancels the statements
   * they are running, so none is left behind in PostgreSQL) hands any still running back, due at once for this or
   * another worker (their handlers are safe to repeat), and closes pg-boss's connections.
   */
  stop(graceMs: number, cancel?: () => Promise<unknown>): Promise<void>;
}

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { log } = options;
  const cron = options.cronCheckSeconds;
  const boss = new PgBoss({
    connectionString: options.url,
    schema: JOBS_SCHEMA,
    application_name: options.applicationName ?? 'pippitch-jobs',
    max: 4,
    // Bounded waits on pg-boss's own connections too (sql/src/connection.ts says why).
    ...poolTimeouts('job'),
    // The schema comes from our migration 0008; a newer pg-boss migrates it here, under pg-boss's own lock.
    migrate: true,
    ...(cron && { cronMonitorIntervalSeconds: cron, cronWorkerIntervalSeconds: cron }),
  });
  // Without a listener an 'error' event would end the process; pg-boss reports lost connections this way.
  boss.on('error', (err: Error) => log(`jobs: ${err.message}`, 'warn'));
  await boss.start();
  const definitions = options.jobs.map((j) => j.definition);
  const lease = options.lease ?? LEASE;
  await oneAtATime(options.url, async () => {
    for (const definition of definitions) {
      // createQueue leaves an existing queue as it is; updateQueue brings it to the current definition (all but
      // the policy, which pg-boss fixes at creation).
      const { policy, ...settings } = queueOptions(definition, lease);
      await boss.createQueue(definition.name, { policy, ...settings });
      await boss.updateQueue(definition.name, settings);
    }
    await syncSchedules(boss, definitions);
    await moveLegacyJobs(boss.getDb(), log);
  });
  const stopReclaimer = startReclaimer(boss, lease, log);
  const running: Running = { ids: new Set(), stopping: false };
  for (const job of options.jobs) await work(boss, job, lease, log, running);
  return {
    stop: async (graceMs, cancel) => {
      running.stopping = true;
      stopReclaimer();
      // pg-boss stops fetching, waits up to the grace for the handlers, then fails what still runs and lets go of it.
      await boss.stop({ graceful: true, timeout: graceMs });
      // Those still running now were cut short (their handlers unwind once their statements are cancelled).
      const cut = [...running.ids];
      if (cut.length > 0) await cancel?.();
      await handBack(options.url, cut, log);
    },
  };
}

// Any constant works; every worker of one database must use the same one (sql/src/migrate.ts uses 727_001).
const QUEUE_SETUP_LOCK = 727_003;

/**
 * Runs the queue and schedule set-up of one worker at a time. pg-boss's create_queue takes its locks in an order
 * that deadlocks when two workers create queues at once on a new database (4 of 6 trials with two): the second
 * worker waits here, then finds every queue made and leaves it as it is. A session lock on a connection of its own,
 * released (with the connection) at the end.
 */
async function oneAtATime(url: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'pippitch-jobs-setup' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    await work();
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Schedules are stored in the database: add or update ours, drop those no definition asks for any more.
 *
 * `missed: 'once'`: a slot that passed while no worker ran (a deploy, an outage: pg-boss fires a slot only within
 * a minute of it) is run once when workers are back — the latest slot only, however many were missed, because
 * every scheduled job works from the state of things, not from its slot. pg-boss measures the gap from its last
 * schedule pass (one per deployment, whichever worker), so of workers starting together one sends it.
 */
async function syncSchedules(boss: PgBoss, definitions: JobDefinition[]): Promise<void> {
  const wanted = new Set<string>();
  for (const { name, schedule } of definitions) {
    if (!schedule) continue;
    wanted.add(name);
    await boss.schedule(name, schedule.cron, schedule.payload, { tz: schedule.tz, missed: 'once' });
  }
  for (const { name, key } of await boss.getSchedules()) {
    if (!wanted.has(name)) await boss.unschedule(name, key);
  }
}

/** The jobs this worker is running, and whether it is stopping (a handler failing then was cut short, not wrong). */
interface Running {
  ids: Set<string>;
  stopping: boolean;
}

/**
 * pg-boss fails the jobs still running when its stop times out ('shut down while active'), so they wait out their
 * retry delay (minutes), or fail for good on their last attempt. They did not fail: their worker is leaving. Make
 * them due now (still counted as attempts). A stop that had to cut jobs short is a slow stop: a warning.
 */
async function handBack(url: string, ids: string[], log: Log): Promise<void> {
  if (ids.length === 0) return;
  const client = new pg.Client({
    connectionString: url,
    application_name: 'pippitch-jobs-stop',
    connectionTimeoutMillis: 3_000,
    query_timeout: 5_000,
  });
  await client.connect();
  const { rows } = await client
    .query(
      `UPDATE ${JOBS_SCHEMA}.job SET state = 'retry', start_after = now(), completed_on = NULL,
       output = jsonb_build_object('message', 'handed back: its worker stopped')
     WHERE id = ANY($1::uuid[]) AND state IN ('active', 'retry', 'failed') RETURNING name`,
      [ids],
    )
    .finally(() => client.end().catch(() => {}));
  const names = [...new Set(rows.map((r: { name: string }) => r.name))].join(', ');
  log(`jobs: ${rows.length} running job(s) handed back for another worker (${names}: cut short by the stop)`, 'warn');
}

async function work(boss: PgBoss, { definition, handler }: RegisteredJob, lease: Lease, log: Log, running: Running) {
  const { name, batchSize } = definition;
  await boss.work<object, unknown, WorkOptions & { includeMetadata: true; perJobResults: true }>(
    name,
    {
      batchSize,
      pollingIntervalSeconds: definition.pollingIntervalSeconds,
      // With its metadata, so a handler knows when an attempt is the last (to record a final failure).
      includeMetadata: true,
      // Each job of a batch succeeds or fails on its own (a thrown handler would fail the whole batch together).
      perJobResults: true,
      // A full batch means more are probably waiting: fetch again at once instead of after the polling interval.
      burstWhenBatchFull: true,
    },
    async (batch): Promise<JobResult[]> => {
      for (const job of batch) running.ids.add(job.id);
      const release = keepLeases(boss, {
        name,
        ids: batch.map((job) => job.id),
        lease,
        maxRunSeconds: definition.expireInSeconds,
      });
      const results = await Promise.all(
        batch.map(async (job): Promise<JobResult> => {
          const payload = definition.payload.safeParse(job.data);
          if (!payload.success) {
            // It will not parse on the next try either: spend no retries on it ('deadletter' fails it for good).
            const message = `invalid payload: ${describeIssues(payload.error)}`;
            log(`job ${name} ${job.id} failed for good, without retry: ${message}`, 'error');
            return { id: job.id, status: 'deadletter', output: { message } };
          }
          const lastAttempt = job.retryCount >= job.retryLimit;
          try {
            await runForQueue(name, () => handler(payload.data, { id: job.id, name, lastAttempt }));
            return { id: job.id, status: 'completed' };
          } catch (err) {
            const { message, stack } = err as Error;
            // Cut short by the stop (its statement cancelled): handed back, not failed (handBack).
            if (running.stopping) return { id: job.id, status: 'failed', output: { message, stack } };
            const attempt = `attempt ${job.retryCount + 1} of ${job.retryLimit + 1}`;
            // A retry follows: handled, a warning. The last attempt: failed for good, someone should look.
            if (lastAttempt) log(`job ${name} ${job.id} failed for good (${attempt}): ${message}`, 'error');
            else log(`job ${name} ${job.id} failed (${attempt}; it will be retried): ${message}`, 'warn');
            running.ids.delete(job.id); // failed on its own: its retry delay stands, even if the worker stops now
            return { id: job.id, status: 'failed', output: { message, stack } };
          }
        }),
      );
      release();
      for (const job of batch) running.ids.delete(job.id);
      return results;
    },
  );
}
