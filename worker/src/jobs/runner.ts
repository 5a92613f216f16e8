/**
 * Runs the registered jobs with pg-boss: creates their queues, keeps their schedules in step with the
 * definitions, works each queue, and stops gracefully. Any number of workers may run on one database: pg-boss
 * hands each job to one of them (SELECT … FOR UPDATE SKIP LOCKED), and a schedule fires once per slot.
 */
import { describeIssues, JOBS_SCHEMA, type JobDefinition, queueOptions } from '@pippitch/server/jobs/index';
import { poolTimeouts } from '@pippitch/sql';
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
   * Stops taking jobs, waits up to `graceMs` for running ones, then fails any still running (they are retried,
   * by this or another worker) and closes pg-boss's connections.
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
  for (const definition of definitions) {
    // createQueue leaves an existing queue as it is; updateQueue brings it to the current definition.
    await boss.createQueue(definition.name, queueOptions(definition, lease));
    await boss.updateQueue(definition.name, queueOptions(definition, lease));
  }
  await syncSchedules(boss, definitions);
  const stopReclaimer = startReclaimer(boss, lease, log);
  for (const job of options.jobs) await work(boss, job, lease, log);
  return {
    stop: async (graceMs) => {
      stopReclaimer();
      await boss.stop({ graceful: true, timeout: graceMs, wait: true });
    },
  };
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

async function work(boss: PgBoss, { definition, handler }: RegisteredJob, lease: Lease, log: (line: string) => void) {
  const { name, batchSize } = definition;
  let workerId: string | undefined;
  workerId = await boss.work<object>(
    name,
    // With its metadata, so a handler knows when an attempt is the last (to record a final failure).
    { batchSize, pollingIntervalSeconds: definition.pollingIntervalSeconds, includeMetadata: true },
    async (batch) => {
      const succeeded: string[] = [];
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
            return;
          }
          try {
            await handler(payload.data, { id: job.id, name, lastAttempt: job.retryCount >= job.retryLimit });
            succeeded.push(job.id);
          } catch (err) {
            log(`job ${name} ${job.id} failed: ${(err as Error).message}`);
            await boss.fail(name, job.id, err as Error);
          }
        }),
      );
      release();
      if (succeeded.length > 0) await boss.complete(name, succeeded);
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
