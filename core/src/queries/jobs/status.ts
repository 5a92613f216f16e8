/**
 * What `pnpm jobs` (worker/src/bin/jobs.ts) shows an operator: per queue, how many jobs wait, run, failed or were
 * retried; the schedules; the last failures. pg-boss's tables hold the installation's jobs, not a company's rows:
 * no `Scope`.
 */
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { JOBS_SCHEMA } from '../../jobs/pgboss';

export interface QueueCounts {
  name: string;
  /** Waiting for their first run. */
  queued: number;
  /** Failed at least once and waiting for their next attempt. */
  retry: number;
  active: number;
  completed: number;
  failed: number;
  /** Jobs that needed more than one attempt (any state). */
  retried: number;
}

export interface JobFailure {
  queue: string;
  id: string;
  failedAt: Date;
  attempts: number;
  error: string;
}

export interface ScheduleRow {
  name: string;
  cron: string;
  timezone: string;
}

export interface JobStatus {
  queues: QueueCounts[];
  failures: JobFailure[];
  schedules: ScheduleRow[];
}

const schema = sql.id(JOBS_SCHEMA);

/**
 * Counts come from pg-boss's job table, where pg-boss 12 keeps finished jobs for 7 days (the queues'
 * deleteAfterSeconds default) before deleting them, so `completed` and `failed` cover about the last week.
 */
export async function jobStatus(db: Database, failureLimit = 10): Promise<JobStatus> {
  const queues = await sql<QueueCounts>`
    SELECT q.name,
      count(j.id) FILTER (WHERE j.state = 'created')::int AS queued,
      count(j.id) FILTER (WHERE j.state = 'retry')::int AS retry,
      count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
      count(j.id) FILTER (WHERE j.state = 'completed')::int AS completed,
      count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed,
      count(j.id) FILTER (WHERE j.retry_count > 0)::int AS retried
    FROM ${schema}.queue q LEFT JOIN ${schema}.job j ON j.name = q.name
    WHERE q.name NOT LIKE '\\_\\_pgboss\\_\\_%'
    GROUP BY q.name ORDER BY q.name`.execute(db);
  // pg-boss stores the error a handler threw as { name, message, stack }, and a timeout as { value: { message } }.
  const failures = await sql<JobFailure>`
    SELECT name AS queue, id::text, completed_on AS "failedAt", retry_count + 1 AS attempts,
      COALESCE(output->>'message', output->'value'->>'message', output::text, '(no error recorded)') AS error
    FROM ${schema}.job WHERE state = 'failed'
    ORDER BY completed_on DESC LIMIT ${failureLimit}`.execute(db);
  const schedules = await sql<ScheduleRow>`
    SELECT name, cron, timezone FROM ${schema}.schedule ORDER BY name`.execute(db);
  return { queues: queues.rows, failures: failures.rows, schedules: schedules.rows };
}
