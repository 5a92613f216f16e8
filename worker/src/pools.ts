/**
 * The worker's connection budget (docs/operations.md, "Connection budget"). Job handlers and the worker's own loops
 * draw from separate pools, so slow jobs holding every job connection never starve e-mail delivery (with one pool
 * of 5 and batches of 10, a slow batch left delivery 'timeout exceeded when trying to connect').
 *
 * - jobs: the largest batch a queue fetches at once, plus 2 for a scheduled job or the backfill running beside it;
 *   also the start-up work (the data set, ECB rates). Each queue's jobs hold at most its share of them, and two are
 *   kept for maintenance (jobs/shares.ts), so slow jobs of one queue never starve another; a handler over its
 *   queue's share waits up to 60 s for a connection rather than failing.
 * - service: e-mail delivery and the worker's heartbeat: 3.
 * Outside these pools: pg-boss's own pool (4), the outbox LISTEN connection (1), the feed poller's session (1), and
 * for a moment at start the migrator and the queue set-up (1 each, one after the other).
 */
import type { JobLane } from '@pippitch/core/jobs';
import { createPool, TIMEOUTS } from '@pippitch/sql';
import type pg from 'pg';
import { queueShares, shareConnections } from './jobs/shares';

export const SERVICE_CONNECTIONS = 3;
export const PG_BOSS_CONNECTIONS = 4;
/** LISTEN for the outbox and the feed poller's session. */
export const DEDICATED_CONNECTIONS = 2;

export function jobConnections(definitions: readonly { batchSize: number }[]): number {
  return Math.max(1, ...definitions.map((d) => d.batchSize)) + 2;
}

/** Every connection one worker process may hold at once (after start-up). */
export function workerConnectionBudget(definitions: readonly { batchSize: number }[]): number {
  return jobConnections(definitions) + SERVICE_CONNECTIONS + PG_BOSS_CONNECTIONS + DEDICATED_CONNECTIONS;
}

export function createWorkerPools(
  url: string,
  definitions: readonly { name: string; batchSize: number; lane: JobLane }[],
  warn?: (line: string) => void,
): { jobs: pg.Pool; service: pg.Pool } {
  const size = jobConnections(definitions);
  const jobs = createPool(url, {
    max: size,
    applicationName: 'pippitch-worker-jobs',
    timeouts: { ...TIMEOUTS.job, connectMs: 60_000 },
    ...(warn && { warn }),
  });
  shareConnections(jobs, queueShares(definitions, size), size);
  return {
    jobs,
    service: createPool(url, { max: SERVICE_CONNECTIONS, applicationName: 'pippitch-worker', ...(warn && { warn }) }),
  };
}
