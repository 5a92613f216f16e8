import { isIP } from 'node:net';
import { MESSAGES } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { tooManyRequests } from '../../errors';

/**
 * The client a per-IP limit counts: the address Fastify derived (TRUST_PROXY decides which forwarded hops
 * count), with an IPv6 address reduced to its /64, since one subscriber is routinely given a whole /64 and
 * could otherwise take a fresh address for every attempt.
 */
export function clientKey(ip: string): string {
  if (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4) return ip.slice(7);
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Fixed-window counter in PostgreSQL, so the limit holds across every server process. One statement:
 * increment (or create) the current window and read the count back.
 */
export async function hit(db: Database, key: string, windowSeconds: number): Promise<number> {
  const row = await sql<{ hits: number }>`
    INSERT INTO rate_limits (key, window_start, hits)
    VALUES (${key}, to_timestamp(floor(extract(epoch FROM now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
    RETURNING hits`.execute(db);
  return row.rows[0]?.hits ?? 0;
}

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export async function enforce(db: Database, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    if ((await hit(db, limit.key, limit.windowSeconds)) > limit.max) throw tooManyRequests(MESSAGES.tooManyAttempts);
  }
}

/** Refuses when any limit's current window is already full, without counting this attempt. */
export async function assertUnder(db: Database, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const row = await sql<{ hits: number }>`
      SELECT hits FROM rate_limits
      WHERE key = ${limit.key}
        AND window_start = to_timestamp(floor(extract(epoch FROM now()) / ${limit.windowSeconds}) * ${limit.windowSeconds})`.execute(
      db,
    );
    if ((row.rows[0]?.hits ?? 0) >= limit.max) throw tooManyRequests(MESSAGES.tooManyAttempts);
  }
}

/** Counts one attempt against each limit (e.g. a failed sign-in). */
export async function record(db: Database, limits: Limit[]): Promise<void> {
  for (const limit of limits) await hit(db, limit.key, limit.windowSeconds);
}

/** Old windows are useless; the worker calls this now and then. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', sql<Date>`now() - interval '1 day'`).execute();
}
