import type { Database } from '@pippitch/sql';
import { listMigrations } from '@pippitch/sql';
import { sql } from 'kysely';
import { JOBS_TABLE } from '../../jobs/pgboss';

// Readiness (GET /api/ready), distinct from liveness (GET /api/health: the process answers and reaches the
// database). Ready means this server can serve requests: the database answers with every migration applied
// (issue 31 §4). The rest — live prices arriving, a worker alive, jobs not piling up, TimescaleDB's own jobs — are
// separate fields for monitoring, summed up in `healthy`: a worker's first start (minutes of bulk loading, with the
// bundled prices serving pitches meanwhile) or a feed outage (the fallback rates shown) must not take the site out
// of a load balancer. TimescaleDB's jobs never count against `healthy` (they need an operator, not a restart).

export interface ReadinessLimits {
  /** The feed poll interval: a feed is stale after 3 polls missed, and never before 2 minutes. */
  pollMs: number;
  /** A worker is gone when silent this long (it beats every 15 s). */
  workerSilentMs?: number;
  /** Jobs are piling up when the oldest due one has waited this long. */
  backlogMs?: number;
}

export interface Check {
  ok: boolean;
  detail: string;
}

export interface Readiness {
  /** Can serve requests: database and migrations. */
  ready: boolean;
  /** Ready, and the feed, a worker and the job backlog are all fine (for alerts, not for routing). */
  healthy: boolean;
  checks: Record<string, Check>;
}

/** The checks that decide `ready`; the others are for monitoring. */
const SERVING_CHECKS = ['database', 'migrations'];

export async function checkReadiness(db: Database, limits: ReadinessLimits): Promise<Readiness> {
  const checks: Record<string, Check> = {};
  try {
    await sql`SELECT 1`.execute(db);
    checks.database = { ok: true, detail: 'answers' };
  } catch (err) {
    checks.database = { ok: false, detail: (err as Error).message };
    return { ready: false, healthy: false, checks };
  }
  const settle = async (name: string, check: () => Promise<Check | null>) => {
    try {
      const result = await check();
      if (result) checks[name] = result;
    } catch (err) {
      checks[name] = { ok: false, detail: (err as Error).message };
    }
  };
  await settle('migrations', () => migrationsCheck(db));
  await settle('feed', () => feedCheck(db, Math.max(120_000, 3 * limits.pollMs)));
  await settle('worker', () => workerCheck(db, limits.workerSilentMs ?? 60_000));
  await settle('jobs', () => backlogCheck(db, limits.backlogMs ?? 600_000));
  await settle('timescaledb', () => timescaleCheck(db));
  const ready = SERVING_CHECKS.every((name) => checks[name]?.ok === true);
  const healthy = ready && Object.entries(checks).every(([name, c]) => c.ok || name === 'timescaledb');
  return { ready, healthy, checks };
}

async function migrationsCheck(db: Database): Promise<Check> {
  const files = await listMigrations();
  const { rows } = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db);
  const applied = new Set(rows.map((r) => r.version));
  const missing = files.filter((f) => !applied.has(f));
  return missing.length
    ? { ok: false, detail: `not applied: ${missing.join(', ')}` }
    : { ok: true, detail: `${files.length} applied, latest ${files.at(-1)}` };
}

async function feedCheck(db: Database, staleMs: number): Promise<Check> {
  const { rows } = await sql<{ feed: string; age_ms: number; fallback_in_use: boolean; last_error: string | null }>`
    SELECT feed, (extract(epoch FROM now() - last_attempt_at) * 1000)::float8 AS age_ms, fallback_in_use, last_error
    FROM fx_feed_status ORDER BY last_attempt_at DESC NULLS LAST LIMIT 1`.execute(db);
  const row = rows[0];
  if (!row) return { ok: false, detail: 'no poll yet' };
  const age = Math.round(row.age_ms / 1000);
  if (row.age_ms > staleMs) return { ok: false, detail: `${row.feed}: last poll ${age} s ago (no poller running?)` };
  if (row.fallback_in_use)
    return { ok: false, detail: `${row.feed}: failing (${row.last_error}); fallback rates shown` };
  return { ok: true, detail: `${row.feed}: polled ${age} s ago` };
}

async function workerCheck(db: Database, silentMs: number): Promise<Check> {
  const { rows } = await sql<{ alive: number; newest_ms: number | null }>`
    SELECT count(*) FILTER (WHERE beat_at > now() - make_interval(secs => ${silentMs / 1000}))::int AS alive,
      (extract(epoch FROM now() - max(beat_at)) * 1000)::float8 AS newest_ms
    FROM worker_heartbeats`.execute(db);
  const { alive, newest_ms } = rows[0]!;
  if (alive > 0) return { ok: true, detail: `${alive} alive` };
  return {
    ok: false,
    detail:
      newest_ms === null ? 'no worker has started' : `none alive (last beat ${Math.round(newest_ms / 1000)} s ago)`,
  };
}

async function backlogCheck(db: Database, backlogMs: number): Promise<Check> {
  const { rows } = await sql<{ due: number; oldest_ms: number | null }>`
    SELECT count(*)::int AS due, (extract(epoch FROM now() - min(start_after)) * 1000)::float8 AS oldest_ms
    FROM ${sql.table(JOBS_TABLE)} WHERE state IN ('created', 'retry') AND start_after <= now()
      AND name NOT LIKE '\\_\\_pgboss%'`.execute(db);
  const { due, oldest_ms } = rows[0]!;
  const oldest = Math.round((oldest_ms ?? 0) / 1000);
  if (oldest_ms !== null && oldest_ms > backlogMs)
    return { ok: false, detail: `${due} due, oldest waiting ${oldest} s` };
  return { ok: true, detail: `${due} due${due ? `, oldest waiting ${oldest} s` : ''}` };
}

/** TimescaleDB's background jobs (compression, retention), where TimescaleDB is installed. */
async function timescaleCheck(db: Database): Promise<Check | null> {
  const { rows: ext } = await sql`SELECT 1 FROM pg_extension WHERE extname = 'timescaledb'`.execute(db);
  if (ext.length === 0) return null;
  const { rows } = await sql<{ failed: number; jobs: number }>`
    SELECT count(*) FILTER (WHERE last_run_status = 'Failed')::int AS failed, count(*)::int AS jobs
    FROM timescaledb_information.job_stats`.execute(db);
  const { failed, jobs } = rows[0]!;
  return failed
    ? { ok: false, detail: `${failed} of ${jobs} TimescaleDB jobs failed their last run` }
    : { ok: true, detail: `${jobs} TimescaleDB jobs, none failing` };
}
