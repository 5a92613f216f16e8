import { hostname } from 'node:os';
import type { PairInfo } from '@pippitch/shared/pair-catalogue';
import { isStoredPair } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import type pg from 'pg';
import { crossesWithLegs, pairsChosenAnywhere, storedPairsToKeep } from '../ingest/backfill/desk-pairs';
import { anySignal, unlessAborted } from './abortable';
import { type Clock, systemClock } from './clock';
import { acquireLease, type Lease, LeaseLost, releaseLease, renewLease } from './lease';
import { openSession, type Session, type SessionTarget } from './session';
import { pruneQuotes, recordFailure, recordQuotes } from './store';
import type { Feed, Log, Quote } from './types';

export interface MarketDataOptions {
  /** Where to poll from: a connection URL (the poller opens its own connection) or a pool to take one from. */
  url?: string;
  pool?: pg.Pool;
  feed: Feed;
  /** Poll interval while the feed works (spec §7: 30 s; MARKET_POLL_MS). */
  pollMs?: number;
  /** Longest wait between polls while the feed keeps failing; waits double from pollMs up to this (5 min). */
  maxBackoffMs?: number;
  /** How often a standby worker tries to take the polling lease (10 s). */
  lockRetryMs?: number;
  /**
   * How long the polling lease lasts unless renewed (45 s). The poller renews it with every write and at least every
   * third of it while it waits, so a frozen or cut-off poller is replaced within leaseMs + lockRetryMs (55 s).
   */
  leaseMs?: number;
  /**
   * Run each time this worker takes the lease, before its first poll: the minutes the previous poller missed (it
   * froze, or no worker polled) are filled here (worker/src/main.ts: from the history provider, else the data set),
   * so a handover loses no minute. A failure is logged and polling starts anyway.
   */
  onLeadership?: () => Promise<void>;
  /** First and longest wait before reconnecting after losing the database (0.5 s doubling to 10 s). */
  reconnectMs?: number;
  maxReconnectMs?: number;
  /**
   * Stored pairs to poll. When absent (production), each poll reads the union of the desks' chosen pairs (one scan of
   * `companies`) and asks the feed for the stored pairs they need: the six always, a direct pair's own, a derived
   * cross's two legs; a daily-only pair none (issue 34). Either way, each desk's derived cross whose legs are both
   * polled gets its minute stored from theirs (store.ts).
   */
  pairs?: readonly string[];
  /** Quotes older than this are deleted once an hour (30 days); bars are kept. */
  quoteRetentionDays?: number;
  /** This worker's name in fx_feed_status (default host:pid). */
  pollerId?: string;
  /** Time for the schedule and the poll times written (tests drive a manual clock). */
  clock?: Clock;
  log?: Log;
}

export interface MarketDataService {
  /** Stops after the database write in flight (if any) and releases the lease, so another worker takes over. */
  stop(): Promise<void>;
  /** True while this worker holds the polling lease. */
  readonly polling: boolean;
}

const PRUNE_EVERY_MS = 3_600_000;

class Stopped extends Error {}

/** The options with their defaults. */
function settingsOf(options: MarketDataOptions) {
  if (!options.url && !options.pool) throw new Error('startMarketData needs a url or a pool');
  const leaseMs = options.leaseMs ?? 45_000;
  return {
    target: (options.url ? { url: options.url } : { pool: options.pool! }) as SessionTarget,
    pollMs: options.pollMs ?? 30_000,
    maxBackoffMs: options.maxBackoffMs ?? 300_000,
    lockRetryMs: options.lockRetryMs ?? 10_000,
    leaseMs,
    renewMs: Math.max(1, Math.floor(leaseMs / 3)),
    reconnectMs: options.reconnectMs ?? 500,
    maxReconnectMs: options.maxReconnectMs ?? 10_000,
    retentionMs: (options.quoteRetentionDays ?? 30) * 86_400_000,
    poller: options.pollerId ?? `${hostname()}:${process.pid}`,
    clock: options.clock ?? systemClock,
    log: options.log ?? (() => {}),
  };
}

/**
 * One poll's quotes, or null with the feed's message. A pair a desk added that the vendor refuses must not take the
 * six's live prices down with it: the six are asked for again alone, and what failed is said; the added pairs wait
 * for the next poll.
 */
async function fetchQuotes(
  feed: Feed,
  pairs: readonly string[],
  signal: AbortSignal,
  log: NonNullable<MarketDataOptions['log']>,
): Promise<{ quotes: Quote[] | null; feedError: string }> {
  try {
    return { quotes: await unlessAborted(feed.fetchQuotes(pairs), signal), feedError: '' };
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    const feedError = err instanceof Error ? err.message : String(err);
    const six = pairs.filter(isStoredPair);
    if (six.length === pairs.length) return { quotes: null, feedError };
    try {
      const quotes = await unlessAborted(feed.fetchQuotes(six), signal);
      log(
        `market data: ${feed.name} feed failed for the desks' added pairs (${feedError}); the six polled alone`,
        'warn',
      );
      return { quotes, feedError };
    } catch {
      if (signal.aborted) throw signal.reason;
      return { quotes: null, feedError };
    }
  }
}

/**
 * Polls the feed on a schedule from exactly one worker per database. Each worker keeps a dedicated connection and
 * tries to take the polling lease (lease.ts); the holder polls, the others retry every lockRetryMs, and one of them
 * takes over as soon as the holder releases it (stop), its session goes (crash, network), or it stops renewing it
 * (frozen, partitioned). A holder that finds its lease taken over stands by again. A feed failure publishes the spec's fallback rates and backs off; losing the database is never fatal:
 * the loop reconnects with backoff and resumes.
 */
export function startMarketData(options: MarketDataOptions): MarketDataService {
  const settings = settingsOf(options);
  const { target, pollMs, maxBackoffMs, lockRetryMs, leaseMs, renewMs, reconnectMs, maxReconnectMs } = settings;
  const { retentionMs, poller, clock, log } = settings;
  const { feed } = options;
  /** The stored pairs to ask the feed for, and the desks' derived crosses whose legs both come with them. */
  const pairsToPoll = async (db: Database): Promise<{ pairs: readonly string[]; crosses: PairInfo[] }> => {
    const chosen = await pairsChosenAnywhere(db);
    const pairs = options.pairs ?? storedPairsToKeep(chosen);
    return { pairs, crosses: crossesWithLegs(chosen, pairs) };
  };

  const stopper = new AbortController();
  let polling = false;

  /** Holds the session until it is lost or the service stops: as a standby, then as the poller, and back. */
  async function serve(session: Session, signal: AbortSignal): Promise<never> {
    for (;;) {
      const lease = await standBy(session, signal);
      if (options.onLeadership) {
        await options
          .onLeadership()
          .catch((err: Error) => log(`market data: catching up on taking over failed: ${err.message}`, 'warn'));
      }
      try {
        await poll(session, lease, signal);
      } catch (err) {
        polling = false;
        if (!(err instanceof LeaseLost)) {
          // Stopping (or losing the database): hand the lease on now rather than at its expiry, where possible.
          if (!session.signal.aborted) await releaseLease(session.db, lease).catch(() => {});
          throw err;
        }
        log(`market data: the polling lease was taken over by another worker; standing by`, 'warn');
      }
    }
  }

  async function standBy(session: Session, signal: AbortSignal): Promise<Lease> {
    let announced = false;
    for (;;) {
      signal.throwIfAborted();
      const lease = await acquireLease(session.db, poller, clock.now(), leaseMs);
      if (lease) return lease;
      if (!announced) log('market data: another worker is polling; standing by');
      announced = true;
      await clock.sleep(lockRetryMs, signal);
    }
  }

  /** Waits `ms`, renewing the lease at least every renewMs meanwhile (a backoff may be longer than the lease). */
  async function wait(session: Session, lease: Lease, ms: number, signal: AbortSignal): Promise<void> {
    for (let left = ms; left > 0; left -= renewMs) {
      await clock.sleep(Math.min(left, renewMs), signal);
      if (left > renewMs) await renewLease(session.db, lease, clock.now(), leaseMs);
    }
  }

  async function poll(session: Session, lease: Lease, signal: AbortSignal): Promise<never> {
    polling = true;
    log(`market data: polling the ${feed.name} feed every ${pollMs / 1000} s as ${poller} (lease ${lease.epoch})`);
    let failures = 0;
    let prunedAt = 0;
    for (;;) {
      // A feed failure is expected and handled here (fallback, backoff); a database failure escapes to run(),
      // which drops the connection and reconnects; a lost lease escapes to serve(), which stands by.
      const { pairs, crosses } = await pairsToPoll(session.db);
      const { quotes, feedError } = await fetchQuotes(feed, pairs, signal, log);
      const six = pairs.filter(isStoredPair);
      const now = clock.now();
      // Every write renews the lease first, in its own transaction: only the holder's writes commit.
      const ctx = {
        feed: feed.name,
        poller,
        now,
        crosses,
        fence: (trx: Database) => renewLease(trx, lease, now, leaseMs),
      };
      let next = pollMs;
      if (quotes) {
        await recordQuotes(session.db, quotes, ctx);
        if (failures > 0) log(`market data: ${feed.name} feed recovered after ${failures} failed poll(s)`);
        failures = 0;
      } else {
        failures++;
        next = Math.min(maxBackoffMs, pollMs * 2 ** (failures - 1));
        // The backoff's end is stored: the card says when the feed is tried again (issue 31 §4).
        // The spec's default rates exist for the six only: an added pair shows no price rather than a made-up one.
        await recordFailure(session.db, six, feedError, ctx, new Date(ctx.now + next));
        log(
          `market data: ${feed.name} feed failed (${feedError}); fallback rates published; retry in ${next / 1000} s`,
          'warn',
        );
      }
      if (ctx.now - prunedAt >= PRUNE_EVERY_MS) {
        await pruneQuotes(session.db, new Date(ctx.now - retentionMs));
        prunedAt = ctx.now;
      }
      await wait(session, lease, next, signal);
    }
  }

  async function run(): Promise<void> {
    let attempt = 0;
    while (!stopper.signal.aborted) {
      let session: Session | undefined;
      try {
        session = await openSession(target, `pippitch-market ${poller}`.slice(0, 63));
        attempt = 0;
        const live = anySignal(stopper.signal, session.signal);
        try {
          await serve(session, live.signal);
        } finally {
          live.dispose();
        }
      } catch (err) {
        if (err instanceof Stopped) break;
        polling = false;
        // Let go of a broken connection before waiting, then start over: connect, take the lock, poll.
        await session?.close();
        session = undefined;
        const delay = Math.min(maxReconnectMs, reconnectMs * 2 ** attempt++);
        log(`market data: database unavailable (${(err as Error).message}); retrying in ${delay / 1000} s`, 'warn');
        try {
          await clock.sleep(delay, stopper.signal);
        } catch {
          break;
        }
      } finally {
        polling = false;
        await session?.close();
      }
    }
  }

  const done = run();
  return {
    async stop() {
      stopper.abort(new Stopped('market data stopped'));
      await done;
    },
    get polling() {
      return polling;
    },
  };
}
