import {
  encodeQuoteNotification,
  fallbackNotification,
  QUOTES_CHANNEL,
  type QuoteNotification,
} from '@pippitch/shared/live-quote';
import type { PairInfo } from '@pippitch/shared/pair-catalogue';
import type { StoredPair } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { isMarketOpen, MINUTE_MS } from '../dataset/calendar';
import { deriveMinutes } from '../ingest/backfill/derive';
import type { Quote } from './types';

// What one poll writes, each in a single transaction on the poller's own connection (a Kysely over its held session,
// `dbOnClient`), so listeners are notified (NOTIFY is delivered at commit) only of quotes that are already readable.

export interface PollContext {
  /** fx_feed_status key. */
  feed: string;
  /** Who polls (host:pid), for operators. */
  poller: string;
  /** Now, in ms. */
  now: number;
  /** Run first in each write's transaction: renews the poller's lease, or throws if it was taken over (lease.ts). */
  fence?: (trx: Database) => Promise<void>;
  /** The desks' derived crosses whose legs this poll fetches: each gets its minute from theirs (issue 34). */
  crosses?: readonly PairInfo[];
}

/**
 * Stores fetched quotes, folds each into its minute bar and the rollups (15 min, 30 min, hour, day), marks the feed healthy and publishes the
 * quotes. A quote already stored (same pair and timestamp: the vendor had nothing newer) changes nothing but is
 * published again. Bars only take fresh quotes from an open market, so a stale weekend quote never creates a
 * weekend bar or rewrites an old minute.
 */
export async function recordQuotes(db: Database, quotes: readonly Quote[], ctx: PollContext): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ctx.fence?.(trx);
    // unnest() takes the poll's columns as six arrays: one statement for every pair, however many the desks chose.
    const inserted = await sql<{ pair: string; ts: Date; mid: number; source: string }>`
      INSERT INTO fx_quotes (pair, ts, bid, ask, mid, source)
      SELECT * FROM unnest(${quotes.map((q) => q.pair)}::text[], ${quotes.map((q) => q.ts)}::timestamptz[],
                           ${quotes.map((q) => q.bid)}::float8[], ${quotes.map((q) => q.ask)}::float8[],
                           ${quotes.map((q) => q.mid)}::float8[], ${quotes.map((q) => q.source)}::text[])
      ON CONFLICT (pair, ts) DO NOTHING
      RETURNING pair, ts, mid, source`.execute(trx);
    const freshFrom = Math.floor(ctx.now / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
    const forBars = inserted.rows.filter((q) => q.ts.getTime() >= freshFrom && isMarketOpen(q.ts.getTime()));
    if (forBars.length > 0) {
      const pairs = forBars.map((q) => q.pair);
      const times = forBars.map((q) => q.ts);
      // Within a minute from one source: open kept, high/low extended, close moved. A bar from another source (the
      // data set's, an import) is replaced outright rather than blended with it.
      await sql`
        INSERT INTO fx_minute_bars AS b (pair, ts, open, high, low, close, source)
        SELECT p, date_trunc('minute', t, 'UTC'), m, m, m, m, ${forBars[0]!.source}
        FROM unnest(${pairs}::text[], ${times}::timestamptz[], ${forBars.map((q) => q.mid)}::float8[]) AS q (p, t, m)
        ON CONFLICT (pair, ts) DO UPDATE SET
          open = CASE WHEN b.source = excluded.source THEN b.open ELSE excluded.open END,
          high = CASE WHEN b.source = excluded.source THEN greatest(b.high, excluded.high) ELSE excluded.high END,
          low = CASE WHEN b.source = excluded.source THEN least(b.low, excluded.low) ELSE excluded.low END,
          close = excluded.close,
          source = excluded.source`.execute(trx);
      await sql`SELECT fx_refresh_rollups(p, t, t + interval '1 minute')
                FROM unnest(${pairs}::text[], ${times}::timestamptz[]) AS q (p, t)`.execute(trx);
      await deriveLiveCrosses(trx, forBars, ctx.crosses ?? []);
    }
    await recordFeedStatus(trx, ctx, null);
    await publish(
      trx,
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
  db: Database,
  pairs: readonly StoredPair[],
  message: string,
  ctx: PollContext,
  nextTryAt: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ctx.fence?.(trx);
    await recordFeedStatus(trx, ctx, { message, nextTryAt });
    await publish(
      trx,
      pairs.map((pair) => fallbackNotification(pair, new Date(ctx.now), message)),
    );
  });
}

/**
 * The feed's row for the data card and operators (fx_feed_status): a success clears the fallback and the failure
 * count (the last error stays on record); a failure counts up, keeps the last success, and says when it tries again.
 */
async function recordFeedStatus(
  trx: Database,
  ctx: PollContext,
  failure: { message: string; nextTryAt: Date } | null,
): Promise<void> {
  const now = new Date(ctx.now);
  const outcome = failure
    ? { last_error: failure.message, last_error_at: now, fallback_in_use: true, next_try_at: failure.nextTryAt }
    : { last_success_at: now, fallback_in_use: false, next_try_at: null };
  await trx
    .insertInto('fx_feed_status')
    .values({
      feed: ctx.feed,
      poller: ctx.poller,
      last_attempt_at: now,
      consecutive_failures: failure ? 1 : 0,
      ...outcome,
      updated_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.column('feed').doUpdateSet((eb) => ({
        poller: eb.ref('excluded.poller'),
        last_attempt_at: eb.ref('excluded.last_attempt_at'),
        consecutive_failures: failure ? eb('fx_feed_status.consecutive_failures', '+', 1) : 0,
        ...outcome,
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

/**
 * A derived cross's minutes are not quoted: each cross with a leg in this poll's bars gets the minutes those bars
 * cover derived from its legs' bars of the same minute (backfill/derive.ts, the one rule), in the poll's
 * transaction, so the cross's history has the live minutes its legs have as soon as the quotes are announced.
 */
async function deriveLiveCrosses(
  trx: Database,
  bars: readonly { pair: string; ts: Date }[],
  crosses: readonly PairInfo[],
): Promise<void> {
  const moved = new Set(bars.map((b) => b.pair));
  const minutes = bars.map((b) => Math.floor(b.ts.getTime() / MINUTE_MS) * MINUTE_MS);
  const from = Math.min(...minutes);
  const to = Math.max(...minutes) + MINUTE_MS;
  for (const cross of crosses) {
    if (cross.sourcing.kind !== 'derived' || !cross.sourcing.legs.some((leg) => moved.has(leg.stored))) continue;
    await deriveMinutes(trx, cross, from, to, 'any');
  }
}

/** Deletes quotes older than `before` (bars keep the history). */
export async function pruneQuotes(db: Database, before: Date): Promise<number> {
  const res = await db.deleteFrom('fx_quotes').where('ts', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

async function publish(trx: Database, payloads: QuoteNotification[]): Promise<void> {
  const texts = payloads.map(encodeQuoteNotification);
  await sql`SELECT pg_notify(${QUOTES_CHANNEL}, payload) FROM unnest(${texts}::text[]) AS payload`.execute(trx);
}
