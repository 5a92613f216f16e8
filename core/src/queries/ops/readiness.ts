import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * What readiness (services/ops/readiness.ts) reads about the deployment itself: the database, its migrations, the
 * feed, the job queue and TimescaleDB's jobs. None of it is a company's, so no scope.
 */

/** Throws unless the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/** The migrations applied. */
export async function appliedMigrations(db: Database): Promise<string[]> {
  const { rows } = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db);
  return rows.map((r) => r.version);
}

/** The feed polled last, how long ago, and whether it is failing; undefined before any poll. */
export async function latestFeedStatus(
  db: Database,
): Promise<{ feed: string; ageMs: number; fallbackInUse: boolean; lastError: string | null } | undefined> {
  const { rows } = await sql<{ feed: string; age_ms: number; fallback_in_use: boolean; last_error: string | null }>`
    SELECT feed, (extract(epoch FROM now() - last_attempt_at) * 1000)::float8 AS age_ms, fallback_in_use, last_error
    FROM fx_feed_status ORDER BY last_attempt_at DESC NULLS LAST LIMIT 1`.execute(db);
  const r = rows[0];
  return r && { feed: r.feed, ageMs: r.age_ms, fallbackInUse: r.fallback_in_use, lastError: r.last_error };
}

/** The jobs due now in `jobsTable` (pg-boss's own jobs left out), and how long the oldest has waited. */
export async function dueJobs(db: Database, jobsTable: string): Promise<{ due: number; oldestMs: number | null }> {
  const { rows } = await sql<{ due: number; oldest_ms: number | null }>`
    SELECT count(*)::int AS due, (extract(epoch FROM now() - min(start_after)) * 1000)::float8 AS oldest_ms
    FROM ${sql.table(jobsTable)} WHERE state IN ('created', 'retry') AND start_after <= now()
      AND name NOT LIKE '\\_\\_pgboss%'`.execute(db);
  const r = rows[0];
  return { due: r?.due ?? 0, oldestMs: r?.oldest_ms ?? null };
}

/** TimescaleDB's background jobs and how many failed their last run; null where TimescaleDB is not installed. */
export async function timescaleJobStats(db: Database): Promise<{ failed: number; jobs: number } | null> {
  const { rows: ext } = await sql`SELECT 1 FROM pg_extension WHERE extname = 'timescaledb'`.execute(db);
  if (ext.length === 0) return null;
  const { rows } = await sql<{ failed: number; jobs: number }>`
    SELECT count(*) FILTER (WHERE last_run_status = 'Failed')::int AS failed, count(*)::int AS jobs
    FROM timescaledb_information.job_stats`.execute(db);
  return rows[0] ?? { failed: 0, jobs: 0 };
}
