/**
 * What a background job is, in one place: its name, the shape of its payload, how it is retried, and (for
 * housekeeping and reports) when it runs by itself. The server sends jobs (`sendJob`); the worker runs them
 * (worker/src/jobs). pg-boss 12 stores them in the `pgboss_v12` schema (sql/migrations/0047_pgboss_v12.sql).
 */
import { z } from 'zod';

// Job payloads are parsed with the same zod instance everywhere (worker and benchmarks have no zod of their own).
export { z };

/** pg-boss queue policies: `singleton` runs one job at a time; `short` queues at most one per key; `stately` both. */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface RetryPolicy {
  /** Retries after the first attempt (0: one attempt only). */
  limit: number;
  /** Seconds before the first retry (pg-boss counts whole seconds). */
  delaySeconds: number;
  /** Double the delay on each retry (with up to 100 % jitter), as pg-boss's retryBackoff does. */
  backoff: boolean;
}

/**
 * How a queue shares the worker's job connections (worker/src/jobs/shares.ts): `maintenance` queues (housekeeping,
 * billing lifecycles, dispatch sweeps: short, and what keeps the product running) keep two connections of their own
 * that no slow queue can take; `standard` queues take at most their share.
 */
export type JobLane = 'maintenance' | 'standard';

/** Cron times are read in Europe/London, where our users are, so '0 8 * * 1' is 08:00 London time all year. */
export type ScheduleTimeZone = 'Europe/London' | 'UTC';

/** Payloads are JSON objects: ids, strings, numbers; dates travel as ISO strings. */
// biome-ignore lint/suspicious/noExplicitAny: any zod object shape, as zod's own default does
export type PayloadSchema = z.ZodObject<any>;

export interface JobSchedule<S extends PayloadSchema> {
  /** Five-field cron; pg-boss checks schedules once per minute at most, so a minute is the finest slot. */
  cron: string;
  tz: ScheduleTimeZone;
  payload: z.input<S>;
}

export interface JobDefinition<S extends PayloadSchema = PayloadSchema> {
  /** The pg-boss queue name: lower case words joined by '-'. */
  name: string;
  payload: S;
  retry: RetryPolicy;
  policy: QueuePolicy;
  /** Jobs with the same key are deduplicated as `policy` says (e.g. one export per company). */
  singletonKey?: (payload: z.output<S>) => string;
  schedule?: JobSchedule<S>;
  /**
   * The longest a run may take. The worker renews the job's short lease (LEASE) until then; after it the lease
   * lapses and the job is retried, as pg-boss's own expiry would do (worker/src/jobs/lease.ts).
   */
  expireInSeconds: number;
  /**
   * Jobs one worker takes per fetch and runs at once. Each fetch costs three queries (fetch, complete, pg-boss's
   * own complete), so larger batches carry more jobs per second; CPU-heavy jobs (PDFs) want a smaller one.
   */
  batchSize: number;
  /**
   * How often an idle worker looks for new jobs of this kind: the send→start latency is about half of it. pg-boss
   * polls (minimum 0.5 s); a full batch is followed by the next fetch at once, so backlogs drain without waiting.
   */
  pollingIntervalSeconds: number;
  /** Its share of the job connections (JobLane): `standard` unless it is a sweep. */
  lane: JobLane;
}

export type JobOptions<S extends PayloadSchema> = Pick<JobDefinition<S>, 'name' | 'payload'> &
  Partial<Omit<JobDefinition<S>, 'name' | 'payload' | 'schedule'>> & {
    schedule?: Omit<JobSchedule<S>, 'tz'> & { tz?: ScheduleTimeZone };
  };

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delaySeconds: 30, backoff: true };

/**
 * A job definition with our defaults: 3 retries from 30 s with backoff, runs of at most 15 minutes, batches of 10,
 * polled every second (send→start ≈ 0.5 s; an idle worker costs one indexed query per queue per second).
 */
export function defineJob<S extends PayloadSchema>(options: JobOptions<S>): JobDefinition<S> {
  if (!NAME.test(options.name)) throw new Error(`job name '${options.name}' must be lower-case words joined by '-'`);
  const { schedule, ...rest } = options;
  const definition: JobDefinition<S> = {
    retry: DEFAULT_RETRY,
    policy: 'standard',
    expireInSeconds: 15 * 60,
    batchSize: 10,
    pollingIntervalSeconds: 1,
    lane: 'standard',
    ...rest,
  };
  if (definition.pollingIntervalSeconds < 0.5)
    throw new Error(`job ${options.name}: pg-boss polls every 0.5 s at most`);
  if (schedule) {
    const parsed = options.payload.safeParse(schedule.payload);
    if (!parsed.success) throw new Error(`job ${options.name}: scheduled payload does not match its schema`);
    definition.schedule = { tz: 'Europe/London', ...schedule };
  }
  return definition;
}

/** A sweep's options: its name and cron, and only what differs from a sweep's defaults. */
export type SweepOptions = Partial<Omit<JobDefinition, 'name' | 'payload' | 'schedule' | 'singletonKey'>> & {
  name: string;
  cron: string;
  tz?: ScheduleTimeZone;
};

const NO_PAYLOAD = z.object({});

/**
 * A sweep: a job without a payload that runs by itself on a schedule — most of our schedules. One run at a time
 * (`singleton`: a slow run never overlaps the next slot), two retries from a minute, polled every 5 s, in the
 * maintenance lane (its connections kept from slow queues); a sweep says only what differs.
 */
export function defineSweep({ cron, tz, ...options }: SweepOptions): JobDefinition<typeof NO_PAYLOAD> {
  return defineJob({
    policy: 'singleton',
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    pollingIntervalSeconds: 5,
    lane: 'maintenance',
    ...options,
    payload: NO_PAYLOAD,
    schedule: { cron, payload: {}, ...(tz ? { tz } : {}) },
  });
}

/**
 * Every running job is held under a lease of `seconds` (pg-boss's expire_in) that its worker renews every
 * `renewMs`; each worker hands back lapsed jobs every `reclaimMs`. A killed worker's job is therefore running
 * again within seconds + reclaimMs + a polling interval: under a minute, where issue 19 asks for two.
 */
export interface Lease {
  seconds: number;
  renewMs: number;
  reclaimMs: number;
}

export const LEASE: Lease = { seconds: 45, renewMs: 10_000, reclaimMs: 10_000 };

/** The queue's own defaults, so jobs created by a schedule are retried like those we send. */
export function queueOptions(definition: JobDefinition, lease: Lease = LEASE) {
  return {
    policy: definition.policy,
    retryLimit: definition.retry.limit,
    retryDelay: definition.retry.delaySeconds,
    retryBackoff: definition.retry.backoff,
    expireInSeconds: lease.seconds,
  };
}

/** One line naming each field that does not fit, for errors in logs and in `pnpm jobs`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
}
