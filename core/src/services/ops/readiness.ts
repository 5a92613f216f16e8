import type { Database } from '@pippitch/sql';
import { listMigrations } from '@pippitch/sql';
import { JOBS_TABLE } from '../../jobs/pgboss';
import { readHeartbeats } from '../../queries/ops/heartbeats';
import {
  appliedMigrations,
  dueJobs,
  latestFeedStatus,
  pingDatabase,
  timescaleJobStats,
} from '../../queries/ops/readiness';

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
    await pingDatabase(db);
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
  const applied = new Set(await appliedMigrations(db));
  const missing = files.filter((f) => !applied.has(f));
  return missing.length
    ? { ok: false, detail: `not applied: ${missing.join(', ')}` }
    : { ok: true, detail: `${files.length} applied, latest ${files.at(-1)}` };
}

async function feedCheck(db: Database, staleMs: number): Promise<Check> {
  const row = await latestFeedStatus(db);
  if (!row) return { ok: false, detail: 'no poll yet' };
  const age = Math.round(row.ageMs / 1000);
  if (row.ageMs > staleMs) return { ok: false, detail: `${row.feed}: last poll ${age} s ago (no poller running?)` };
  if (row.fallbackInUse) return { ok: false, detail: `${row.feed}: failing (${row.lastError}); fallback rates shown` };
  return { ok: true, detail: `${row.feed}: polled ${age} s ago` };
}

async function workerCheck(db: Database, silentMs: number): Promise<Check> {
  const { alive, newestMs: newest_ms } = await readHeartbeats(db, silentMs);
  if (alive > 0) return { ok: true, detail: `${alive} alive` };
  return {
    ok: false,
    detail:
      newest_ms === null ? 'no worker has started' : `none alive (last beat ${Math.round(newest_ms / 1000)} s ago)`,
  };
}

async function backlogCheck(db: Database, backlogMs: number): Promise<Check> {
  const { due, oldestMs: oldest_ms } = await dueJobs(db, JOBS_TABLE);
  const oldest = Math.round((oldest_ms ?? 0) / 1000);
  if (oldest_ms !== null && oldest_ms > backlogMs)
    return { ok: false, detail: `${due} due, oldest waiting ${oldest} s` };
  return { ok: true, detail: `${due} due${due ? `, oldest waiting ${oldest} s` : ''}` };
}

/** TimescaleDB's background jobs (compression, retention), where TimescaleDB is installed. */
async function timescaleCheck(db: Database): Promise<Check | null> {
  const stats = await timescaleJobStats(db);
  if (!stats) return null;
  const { failed, jobs } = stats;
  return failed
    ? { ok: false, detail: `${failed} of ${jobs} TimescaleDB jobs failed their last run` }
    : { ok: true, detail: `${jobs} TimescaleDB jobs, none failing` };
}
