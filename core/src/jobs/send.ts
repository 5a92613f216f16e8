/**
 * `sendJob(trx, definition, payload)`: queue a job in the caller's transaction, so the job exists exactly when
 * the write that causes it commits — a rolled-back signup never leaves a welcome job behind.
 */
import type { Database } from '@pippitch/sql';
import { type Db, PgBoss } from 'pg-boss';
import { pgBossExecutor } from '../queries/jobs/executor';
import { describeIssues, type JobDefinition, type PayloadSchema, queueOptions, type z } from './define';
import { JOBS_SCHEMA } from './pgboss';

export interface SendJobOptions {
  /** Do not start before this time (or this many seconds from now). */
  startAfter?: Date | number;
  /** Overrides the definition's singletonKey for this job. */
  singletonKey?: string;
  /** Higher runs first. */
  priority?: number;
}

/**
 * A pg-boss for one call, on the caller's `db` (a transaction or the pool), never started: it holds pg-boss's SQL
 * and argument checks, no connections and no timers. pg-boss 12 reads the queue's settings through its own `db`
 * as it sends, so the handle is made per call rather than shared.
 */
function bossOn(executor: Db): PgBoss {
  return new PgBoss({ schema: JOBS_SCHEMA, db: executor, migrate: false, schedule: false, supervise: false });
}

// Queues never disappear once created (we never delete one), so a name seen in the database stays true.
const knownQueues = new Set<string>();

/**
 * A queue must exist before pg-boss accepts jobs for it (a send to a missing queue is silently dropped). The
 * worker creates every queue at start; this covers a server that sends before any worker of this version ran.
 * Created in the caller's transaction, so a rollback takes the queue with it and the next send checks again.
 */
async function ensureQueue(boss: PgBoss, executor: Db, definition: JobDefinition): Promise<void> {
  if (knownQueues.has(definition.name)) return;
  const { rows } = await executor.executeSql(`SELECT 1 FROM ${JOBS_SCHEMA}.queue WHERE name = $1`, [definition.name]);
  if (rows.length > 0) {
    knownQueues.add(definition.name);
    return;
  }
  await boss.createQueue(definition.name, queueOptions(definition));
}

/**
 * Validates `payload` as the worker will read it (after a JSON round trip) and queues the job within `db`
 * (a transaction, or the pool for a job with no write behind it). Returns the job id, or null when the
 * definition's singleton rules dropped it as a duplicate.
 */
export async function sendJob<S extends PayloadSchema>(
  db: Database,
  definition: JobDefinition<S>,
  payload: z.input<S>,
  options: SendJobOptions = {},
): Promise<string | null> {
  const json = JSON.parse(JSON.stringify(payload)) as object;
  const parsed = definition.payload.safeParse(json);
  if (!parsed.success) {
    throw new Error(`job ${definition.name}: invalid payload: ${describeIssues(parsed.error)}`);
  }
  const executor = pgBossExecutor(db);
  const boss = bossOn(executor);
  await ensureQueue(boss, executor, definition);
  const { startAfter, singletonKey, priority } = options;
  return boss.send(definition.name, json, {
    retryLimit: definition.retry.limit,
    retryDelay: definition.retry.delaySeconds,
    retryBackoff: definition.retry.backoff,
    // The lease (expire_in) is the queue's own (queueOptions), so every job of a queue has the same one.
    ...(startAfter !== undefined && { startAfter }),
    ...(priority !== undefined && { priority }),
    ...((singletonKey ?? definition.singletonKey) && {
      singletonKey: singletonKey ?? definition.singletonKey?.(parsed.data),
    }),
  });
}
