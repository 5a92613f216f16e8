import {
  encodeQuoteNotification,
  fallbackNotification,
  QUOTES_CHANNEL,
  type QuoteNotification,
} from '@pippitch/shared/live-quote';
import type { PairInfo } from '@pippitch/shared/pair-catalogue';
import type { StoredPair } from '@pippitch/shared/pairs';
import type pg from 'pg';
import { isMarketOpen, MINUTE_MS } from '../dataset/calendar';
import { deriveMinutes } from '../ingest/backfill/derive';
import type { Quote } from './types';

// What one poll writes, each in a single transaction on the poller's own connection, so listeners are notified
// (NOTIFY is delivered at commit) only of quotes that are already readable.

export interface PollContext {
  /** fx_feed_status key. */
  feed: string;
  /** Who polls (host:pid), for operators. */
  poller: string;
  /** Now, in ms. */
  now: number;
  /** Run first in each write's transaction: renews the poller's lease, or throws if it was taken over (lease.ts). */
  fence?: () => Promise<void>;
  /** The desks' derived crosses whose legs this poll fetches: each gets its minute from theirs (issue 34). */
  crosses?: readonly PairInfo[];
}

/**
 * Stores fetched quotes, folds each into its minute bar and the rollups (15 min, 30 min, hour, day), marks the feed healthy and publishes the
 * quotes. A quote already stored (same pair and timestamp: the vendor had nothing newer) changes nothing but is
 * published again. Bars only take fresh quotes from an open market, so a stale weekend quote never creates a
 * weekend bar or rewrites an old minute.
 */
export async function recordQuotes(client: pg.ClientBase, quotes: readonly Quote[], ctx: PollContext): Promise<void> {
  await transaction(client, async () => {
    await ctx.fence?.();
    const inserted = await client.query<{ pair: string; ts: Date; mid: number; source: string }>(
      `INSERT INTO fx_quotes (pair, ts, bid, ask, mid, source)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::text[])
       ON CONFLICT (pair, ts) DO NOTHING
       RETURNING pair, ts, mid, source`,
      [
        quotes.map((q) => q.pair),
        quotes.map((q) => q.ts),
        quotes.map((q) => q.bid),
        quotes.map((q) => q.ask),
        quotes.map((q) => q.mid),
        quotes.map((q) => q.source),
      ],
    );
    const freshFrom = Math.floor(ctx.now / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
    const forBars = inserted.rows.filter((q) => q.ts.getTime() >= freshFrom && isMarketOpen(q.ts.getTime()));
    if (forBars.length > 0) {
      const columns = [forBars.map((q) => q.pair), forBars.map((q) => q.ts), forBars.map((q) => q.mid)];
      // Within a minute from one source: open kept, high/low extended, close moved. A bar from another source (the
      // data set's, an import) is replaced outright rather than blended with it.
      await client.query(
        `INSERT INTO fx_minute_bars AS b (pair, ts, open, high, low, close, source)
         SELECT p, date_trunc('minute', t, 'UTC'), m, m, m, m, $4
         FROM unnest($1::text[], $2::timestamptz[], $3::float8[]) AS q (p, t, m)
         ON CONFLICT (pair, ts) DO UPDATE SET
           open = CASE WHEN b.source = excluded.source THEN b.open ELSE excluded.open END,
           high = CASE WHEN b.source = excluded.source THEN greatest(b.high, excluded.high) ELSE excluded.high END,
           low = CASE WHEN b.source = excluded.source THEN least(b.low, excluded.low) ELSE excluded.low END,
           close = excluded.close,
           source = excluded.source`,
        [...columns, forBars[0]!.source],
      );
      await client.query(
        `SELECT fx_refresh_rollups(p, t, t + interval '1 minute') FROM unnest($1::text[], $2::timestamptz[]) AS q (p, t)`,
        columns.slice(0, 2),
      );
      await deriveLiveCrosses(client, forBars, ctx.crosses ?? []);
    }
    await client.query(
      `INSERT INTO fx_feed_status AS s (feed, poller, last_attempt_at, last_success_at, consecutive_failures,
                                        fallback_in_use, updated_at)
       VALUES ($1, $2, $3, $3, 0, false, now())
       ON CONFLICT (feed) DO UPDATE SET poller = excluded.poller, last_attempt_at = excluded.last_attempt_at,
         last_success_at = excluded.last_success_at, consecutive_failures = 0, fallback_in_use = false,
         next_try_at = NULL, updated_at = now()`,
      [ctx.feed, ctx.poller, new Date(ctx.now)],
    );
    await publish(
      client,
      quotes.map((q) => ({
        // Stored pairs only (MarketDataOptions.pairs), which the contract's schema checks against the catalogue.
        pair: q.pair,
        bid: q.bid,
        ask: q.ask,
        mid: q.mid,
        ts: q.ts.toISOString(),
        source: q.source,
      })),
    );
  });
}

/**
 * Records a failed poll (the spec's message, the fallback now in use, when the poller tries again: `nextTryAt`, its
 * backoff's end, for the card's 'next try at 14:05') and publishes the spec's default rate for each
 * pair, marked `fallback: true` with the error. Nothing is written to quotes or bars: a default rate is not a price.
 */
export async function recordFailure(
  client: pg.ClientBase,
  pairs: readonly StoredPair[],
  message: string,
  ctx: PollContext,
  nextTryAt: Date,
): Promise<void> {
  await transaction(client, async () => {
    await ctx.fence?.();
    await client.query(
      `INSERT INTO fx_feed_status AS s (feed, poller, last_attempt_at, last_error, last_error_at, consecutive_failures,
                                        fallback_in_use, next_try_at, updated_at)
       VALUES ($1, $2, $3, $4, $3, 1, true, $5, now())
       ON CONFLICT (feed) DO UPDATE SET poller = excluded.poller, last_attempt_at = excluded.last_attempt_at,
         last_error = excluded.last_error, last_error_at = excluded.last_error_at,
         consecutive_failures = s.consecutive_failures + 1, fallback_in_use = true,
         next_try_at = excluded.next_try_at, updated_at = now()`,
      [ctx.feed, ctx.poller, new Date(ctx.now), message, nextTryAt],
    );
    await publish(
      client,
      pairs.map((pair) => fallbackNotification(pair, new Date(ctx.now), message)),
    );
  });
}

/**
 * A derived cross's minutes are not quoted: each cross with a leg in this poll's bars gets the minutes those bars
 * cover derived from its legs' bars of the same minute (backfill/derive.ts, the one rule), in the poll's
 * transaction, so the cross's history has the live minutes its legs have as soon as the quotes are announced.
 */
async function deriveLiveCrosses(
  client: pg.ClientBase,
  bars: readonly { pair: string; ts: Date }[],
  crosses: readonly PairInfo[],
): Promise<void> {
  const moved = new Set(bars.map((b) => b.pair));
  const minutes = bars.map((b) => Math.floor(b.ts.getTime() / MINUTE_MS) * MINUTE_MS);
  const from = Math.min(...minutes);
  const to = Math.max(...minutes) + MINUTE_MS;
  for (const cross of crosses) {
    if (cross.sourcing.kind !== 'derived' || !cross.sourcing.legs.some((leg) => moved.has(leg.stored))) continue;
    await deriveMinutes(client, cross, from, to, 'any');
  }
}

/** Deletes quotes older than `before` (bars keep the history). */
export async function pruneQuotes(client: pg.ClientBase, before: Date): Promise<number> {
  const res = await client.query('DELETE FROM fx_quotes WHERE ts < $1', [before]);
  return res.rowCount ?? 0;
}

async function publish(client: pg.ClientBase, payloads: QuoteNotification[]): Promise<void> {
  await client.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
    QUOTES_CHANNEL,
    payloads.map(encodeQuoteNotification),
  ]);
}

async function transaction(client: pg.ClientBase, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
