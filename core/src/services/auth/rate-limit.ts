import { isIP } from 'node:net';
import { MESSAGES } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { tooManyRequests } from '../../errors';
import {
  bumpRateLimit,
  countRateLimitHits,
  pruneOldRateLimits,
  type RateLimitHit,
  refundRateLimitHit,
} from '../../queries/sessions/rate-limits';

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

// Each limit's window is counted in 15 buckets: a window slides (it never empties at once at a boundary, so
// neither an attacker timing the boundary nor a test running across it sees the count drop), at the cost
// of at most 15 small rows per key.
const BUCKETS = 15;

function bucketSeconds(windowSeconds: number): number {
  return Math.max(1, Math.floor(windowSeconds / BUCKETS));
}

type Hit = RateLimitHit;

/**
 * Counts one hit (or `amount`: a batch of invitations) and returns the hits in the window ending now, in
 * PostgreSQL, so the limit holds across every server process. One statement: bump the current bucket, add the
 * window's earlier buckets. The bump takes the bucket row's lock, so concurrent hits are counted one after the
 * other and each sees those before it: N parallel attempts against a limit of M get exactly M under it.
 */
async function bump(db: Database, key: string, windowSeconds: number, amount: number): Promise<Hit> {
  const first = await bumpRateLimit(db, { key, bucketSeconds: bucketSeconds(windowSeconds), windowSeconds, amount });
  if (!first) throw new Error(`rate limit ${key}: no row`);
  return first;
}

export async function hit(db: Database, key: string, windowSeconds: number, amount = 1): Promise<number> {
  return (await bump(db, key, windowSeconds, amount)).hits;
}

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Counts this attempt against each limit, in order, and refuses at the first one it takes over its maximum. */
export async function enforce(
  db: Database,
  limits: Limit[],
  message: string = MESSAGES.tooManyAttempts,
): Promise<void> {
  for (const limit of limits) {
    if ((await hit(db, limit.key, limit.windowSeconds)) > limit.max) throw tooManyRequests(message);
  }
}

/** Slots taken by `reserve`; `refund` gives them back when the attempt turned out not to count (a good password). */
export interface Reservation {
  refund(): Promise<void>;
}

/**
 * Takes one slot of each limit before the work it guards, in the order given, and refuses at the first limit
 * that is full (issue 19: checking first and recording afterwards let one batch of 450 guesses through a limit
 * of 10). A refused attempt uses the slot of the limit that refused it and of none after it: the narrow limits
 * (one client) come first, so one client's flood fills its own windows, never the shared one of the address. A
 * limit already full refuses before any slot is taken (firstFull).
 */
export async function reserve(
  db: Database,
  limits: Limit[],
  message: string = MESSAGES.tooManyAttempts,
  onRefused?: (key: string) => void,
): Promise<Reservation> {
  const full = await firstFull(db, limits);
  if (full) {
    onRefused?.(full.key);
    throw tooManyRequests(message);
  }
  const taken: (Hit & { key: string })[] = [];
  for (const limit of limits) {
    const slot = await bump(db, limit.key, limit.windowSeconds, 1);
    if (slot.hits > limit.max) {
      onRefused?.(limit.key);
      throw tooManyRequests(message);
    }
    taken.push({ ...slot, key: limit.key });
  }
  return {
    async refund() {
      for (const slot of taken) await refundRateLimitHit(db, slot.key, slot.bucket);
    },
  };
}

/**
 * The first of `limits` already full, read without a write. A flood's attempts are nearly all refused, and bumping
 * to find that out made every one of them queue for the lock on the shared limit's row, holding a pool connection
 * while it waited: a member's sign-in then waited for a connection (issue 30 §3: 7–8× at p99 when 160 attempts
 * arrived at once). A limit read as not full is still bumped and judged by the bump, so concurrent attempts are
 * counted exactly as before; a refused one now uses no slot at all (the limit refusing it is full anyway).
 */
async function firstFull(db: Database, limits: Limit[]): Promise<Limit | undefined> {
  if (limits.length === 0) return undefined;
  const hits = await countRateLimitHits(db, limits);
  return limits.find((limit) => (hits.get(limit.key) ?? 0) >= limit.max);
}

/** Counts one attempt against each limit (e.g. a failed sign-in). */
export async function record(db: Database, limits: Limit[]): Promise<void> {
  for (const limit of limits) await hit(db, limit.key, limit.windowSeconds);
}

/** Old windows are useless; the worker calls this now and then. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await pruneOldRateLimits(db);
}
