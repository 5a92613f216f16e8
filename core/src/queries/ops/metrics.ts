/**
 * The figures /metrics reads at scrape time (server/src/api/http/ops.ts): the job queues, the feeds' lag and the
 * live workers. They describe the installation, not a company (pg-boss's tables, fx_feed_status,
 * worker_heartbeats hold no company's rows), so these queries take no `Scope`.
 */
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { JOBS_TABLE, QUEUES_TABLE } from '../../jobs/pgboss';

export interface QueueDepth {
  queue: string;
  state: 'created' | 'retry' | 'active';
  jobs: number;
  /** Seconds the oldest due job of this queue and state has waited; null when none is due. */
  oldestDueSeconds: number | null;
}

export interface MetricsFigures {
  queues: QueueDepth[];
  /** Seconds since each feed's last successful poll; null for a feed that never succeeded. */
  feedLags: { feed: string; lagSeconds: number | null }[];
  /** Workers that beat within the last minute. */
  workersAlive: number;
}

export async function metricsFigures(db: Database): Promise<MetricsFigures> {
  // Every queue and state, 0 when empty: a series that vanished when its queue emptied read as 'no data', not 0.
  const jobs = await sql<{ name: string; state: QueueDepth['state']; n: number; oldest: number | null }>`
    SELECT q.name, s.state, count(j.id)::int AS n,
      (extract(epoch FROM now() - min(j.start_after) FILTER (WHERE j.start_after <= now())))::float8 AS oldest
    FROM ${sql.table(QUEUES_TABLE)} q
    CROSS JOIN unnest(ARRAY['created', 'retry', 'active']) AS s(state)
    LEFT JOIN ${sql.table(JOBS_TABLE)} j ON j.name = q.name AND j.state::text = s.state
    WHERE q.name NOT LIKE '\\_\\_pgboss%'
    GROUP BY q.name, s.state`.execute(db);
  const feeds = await sql<{ feed: string; lag: number | null }>`
    SELECT feed, extract(epoch FROM now() - last_success_at)::float8 AS lag FROM fx_feed_status`.execute(db);
  const alive = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM worker_heartbeats WHERE beat_at > now() - interval '1 minute'`.execute(db);
  return {
    queues: jobs.rows.map((r) => ({ queue: r.name, state: r.state, jobs: r.n, oldestDueSeconds: r.oldest })),
    feedLags: feeds.rows.map((r) => ({ feed: r.feed, lagSeconds: r.lag })),
    workersAlive: alive.rows[0]?.n ?? 0,
  };
}
