import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * The attempt counters behind every limit (`rate_limits`): keyed by the limit's own words (a client, an address, a
 * company's allowance), not by any row a member owns, so they take no scope; services/auth/rate-limit.ts decides
 * the keys. Each limit's window is counted in buckets of `bucketSeconds`.
 */

/** The hits in a limit's window after this one was counted, and the bucket it was counted in (for a refund). */
export interface RateLimitHit {
  hits: number;
  bucket: Date;
}

/**
 * Counts `amount` hits in the current bucket and returns the hits in the window ending now, in one statement: bump
 * the current bucket, add the window's earlier buckets. The bump takes the bucket row's lock, so concurrent hits are
 * counted one after the other and each sees those before it.
 */
export async function bumpRateLimit(
  db: Database,
  {
    key,
    bucketSeconds,
    windowSeconds,
    amount,
  }: { key: string; bucketSeconds: number; windowSeconds: number; amount: number },
): Promise<RateLimitHit | undefined> {
  const row = await sql<RateLimitHit>`
    WITH bumped AS (
      INSERT INTO rate_limits (key, window_start, hits)
      VALUES (${key}, to_timestamp(floor(extract(epoch FROM now()) / ${bucketSeconds}) * ${bucketSeconds}), ${amount})
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + ${amount}
      RETURNING hits, window_start
    )
    SELECT (SELECT hits FROM bumped) + coalesce((
      SELECT sum(r.hits)::int FROM rate_limits r
      WHERE r.key = ${key}
        AND r.window_start > now() - make_interval(secs => ${windowSeconds})
        AND r.window_start < (SELECT window_start FROM bumped)
    ), 0) AS hits, (SELECT window_start FROM bumped) AS bucket`.execute(db);
  return row.rows[0];
}

/** Gives back one hit counted in `bucket`. */
export async function refundRateLimitHit(db: Database, key: string, bucket: Date): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('window_start', '=', bucket)
    .where('hits', '>', 0)
    .execute();
}

/** The hits now in each limit's window, read without a write. */
export async function countRateLimitHits(
  db: Database,
  limits: readonly { key: string; windowSeconds: number }[],
): Promise<Map<string, number>> {
  const counts = await sql<{ key: string; hits: number }>`
    SELECT l.key, coalesce(sum(r.hits), 0)::int AS hits
    FROM unnest(${limits.map((l) => l.key)}::text[], ${limits.map((l) => l.windowSeconds)}::int[]) AS l(key, secs)
    LEFT JOIN rate_limits r ON r.key = l.key AND r.window_start > now() - make_interval(secs => l.secs)
    GROUP BY l.key`.execute(db);
  return new Map(counts.rows.map((row) => [row.key, row.hits]));
}

/** Deletes windows older than a day, of every key. */
export async function pruneOldRateLimits(db: Database): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', sql<Date>`now() - interval '1 day'`).execute();
}
