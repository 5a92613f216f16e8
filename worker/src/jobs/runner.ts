/**
 * Runs the registered jobs with pg-boss: creates their queues, keeps their schedules in step with the
 * definitions, works each queue, and stops gracefully. Any number of workers may run on one database: pg-boss
 * hands each job to one of them (SELECT … FOR UPDATE SKIP LOCKED), and a schedule fires once per slot.
 */
import { describeIssues, JOBS_SCHEMA, type JobDefinition, queueOptions } from '@pippitch/server/jobs/index';
import { poolTimeouts } from '@pippitch/sql';
import cronParser from 'cron-parser';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { RegisteredJob } from './handler';
import { keepLeases, LEASE, type Lease, startReclaimer } from './lease';

export interface JobRunnerOptions {
  url: string;
  jobs: RegisteredJob[];
  log: (line: string) => void;
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
   * Stops taking jobs, waits up to `graceMs` for running ones, then hands any still running back (due at once, for
   * this or another worker; their handlers are safe to repeat) and closes pg-boss's connections.
   */
  stop(graceMs: number): Promise<void>;
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
  boss.on('error', (err: Error) => log(`jobs: ${err.message}`));
  await boss.start();
  const definitions = options.jobs.map((j) => j.definition);
  const lease = options.lease ?? LEASE;
  await oneAtATime(options.url, async () => {
    for (const definition of definitions) {
      // createQueue leaves an existing queue as it is; updateQueue brings it to the current definition.
      await boss.createQueue(definition.name, queueOptions(definition, lease));
      await boss.updateQueue(definition.name, queueOptions(definition, lease));
    }
    await syncSchedules(boss, definitions);
    await catchUpSchedules(boss, definitions, log);
  });
  const stopReclaimer = startReclaimer(boss, lease, log);
  const running = new Set<string>();
  for (const job of options.jobs) await work(boss, job, lease, log, running);
  return {
    stop: async (graceMs) => {
      stopReclaimer();
      await boss.stop({ graceful: true, timeout: graceMs, wait: true });
      await handBack(options.url, [...running], log);
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

/** Schedules are stored in the database: add or update ours, drop those no definition asks for any more. */
async function syncSchedules(boss: PgBoss, definitions: JobDefinition[]): Promise<void> {
  const wanted = new Set<string>();
  for (const { name, schedule } of definitions) {
    if (!schedule) continue;
    wanted.add(name);
    await boss.schedule(name, schedule.cron, schedule.payload, { tz: schedule.tz });
  }
  for (const { name } of await boss.getSchedules()) {
    if (!wanted.has(name)) await boss.unschedule(name);
  }
}

/**
 * pg-boss fails the jobs still running when its stop times out ('shut down while active'), so they wait out their
 * retry delay (minutes). They did not fail: their worker is leaving. Make them due now (still counted as attempts).
 */
async function handBack(url: string, ids: string[], log: (line: string) => void): Promise<void> {
  if (ids.length === 0) return;
  const client = new pg.Client({ connectionString: url, application_name: 'pippitch-jobs-stop' });
  await client.connect();
  const { rows } = await client
    .query(
      `UPDATE ${JOBS_SCHEMA}.job SET state = 'retry', start_after = now(),
       output = jsonb_build_object('message', 'handed back: its worker stopped')
     WHERE id = ANY($1::uuid[]) AND state IN ('active', 'retry') RETURNING id`,
      [ids],
    )
    .finally(() => client.end().catch(() => {}));
  log(`jobs: ${rows.length} running job(s) handed back for another worker`);
}

/**
 * pg-boss fires a schedule only within a minute of its slot, so a slot that passed while no worker ran was lost
 * (a trial lifecycle, a nightly retention run, a monthly report dispatch). At start, for each schedule whose latest
 * slot is over a minute old (younger ones are pg-boss's own) and has no job since, one job is sent: the latest
 * slot only, however many were missed — every scheduled job works from the state of things, not from its slot.
 * Runs under the set-up lock, so of workers starting together one sends it and the others see it.
 */
async function catchUpSchedules(boss: PgBoss, definitions: JobDefinition[], log: (line: string) => void) {
  const now = Date.now();
  for (const { name, schedule } of definitions) {
    if (!schedule) continue;
    const slot = cronParser.parseExpression(schedule.cron, { tz: schedule.tz, currentDate: new Date(now) }).prev();
    if (now - slot.getTime() < 60_000) continue;
    const since = slot.toDate();
    const { rows } = await boss.getDb().executeSql(
      `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND created_on >= $2
       UNION ALL SELECT 1 FROM ${JOBS_SCHEMA}.archive WHERE name = $1 AND created_on >= $2
       UNION ALL SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = '__pgboss__send-it' AND data->>'name' = $1
         AND created_on >= $2
       LIMIT 1`,
      [name, since],
    );
    if (rows.length > 0) continue;
    await boss.send(name, schedule.payload ?? {}, { singletonKey: `catch-up:${since.toISOString()}` });
    log(`jobs: schedule ${name} missed its slot at ${since.toISOString()}: run once now`);
  }
}

async function work(
  boss: PgBoss,
  { definition, handler }: RegisteredJob,
  lease: Lease,
  log: (line: string) => void,
  running: Set<string>,
) {
  const { name, batchSize } = definition;
  let workerId: string | undefined;
  workerId = await boss.work<object>(
    name,
    // With its metadata, so a handler knows when an attempt is the last (to record a final failure).
    { batchSize, pollingIntervalSeconds: definition.pollingIntervalSeconds, includeMetadata: true },
    async (batch) => {
      const succeeded: string[] = [];
      for (const job of batch) running.add(job.id);
      const release = keepLeases(
        boss,
        name,
        batch.map((job) => job.id),
        lease,
        definition.expireInSeconds,
      );
      // Each job of a batch succeeds or fails on its own (pg-boss alone would fail the whole batch together).
      await Promise.all(
        batch.map(async (job) => {
          const payload = definition.payload.safeParse(job.data);
          if (!payload.success) {
            const error = new Error(`invalid payload: ${describeIssues(payload.error)}`);
            log(`job ${name} ${job.id} failed without retry: ${error.message}`);
            await failWithoutRetry(boss, name, job.id, error);
            running.delete(job.id);
            return;
          }
          try {
            await handler(payload.data, { id: job.id, name, lastAttempt: job.retryCount >= job.retryLimit });
            succeeded.push(job.id);
          } catch (err) {
            log(`job ${name} ${job.id} failed: ${(err as Error).message}`);
            await boss.fail(name, job.id, err as Error);
            running.delete(job.id); // failed on its own: its retry delay stands
          }
        }),
      );
      release();
      if (succeeded.length > 0) await boss.complete(name, succeeded);
      for (const job of batch) running.delete(job.id);
      // A full batch means more are probably waiting: fetch again at once instead of after the polling interval.
      if (batch.length === batchSize && workerId) boss.notifyWorker(workerId);
    },
  );
}

/**
 * A payload that does not parse will not parse on the next try either: spend no retries on it. pg-boss retries
 * while retry_count < retry_limit, so the limit is lowered to the count before the job is failed.
 */
async function failWithoutRetry(boss: PgBoss, name: string, id: string, error: Error): Promise<void> {
  await boss
    .getDb()
    .executeSql(`UPDATE ${JOBS_SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [name, id]);
  await boss.fail(name, id, error);
}
