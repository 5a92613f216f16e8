/**
 * The data-status card's facts (issue 21 §3): per stored pair, the real span the history provider gave and the
 * backfill's progress (fx_history_backfill), the last live quote; the feed's health; the ECB's last fix. Market
 * data is the product's, not a company's: any admin may read it. Each read is an index probe or a tiny table.
 */
import { DAILY_PROVIDER, type MarketDataStatus, type PairDataStatus } from '@pippitch/shared/data-status';
import { STORED_PAIRS } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { ecbRatesJob, marketHistoryJob } from '../../jobs/market';
import { JOBS_SCHEMA } from '../../jobs/pgboss';
import { ECB_FETCH_STATUS, latestEcbFixDate } from './ecb-rates';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function marketDataStatus(db: Database, now: Date): Promise<MarketDataStatus> {
  const [backfill, ticks, feeds, fetches, ecbDate, pending] = await Promise.all([
    sql<{
      pair: string;
      provider: string;
      started_from: Date;
      through_ts: Date;
      first_real: Date | null;
      last_real: Date | null;
      last_error: string | null;
    }>`SELECT pair, provider, started_from, through_ts, first_real, last_real, last_error FROM fx_history_backfill`.execute(
      db,
    ),
    sql<{ pair: string; ts: Date | null }>`
      SELECT p AS pair, (SELECT max(ts) FROM fx_quotes WHERE pair = p) AS ts
      FROM unnest(${[...STORED_PAIRS]}::text[]) AS p`.execute(db),
    sql<{
      feed: string;
      last_success_at: Date | null;
      last_error: string | null;
      fallback_in_use: boolean;
      next_try_at: Date | null;
    }>`SELECT feed, last_success_at, last_error, fallback_in_use, next_try_at
       FROM fx_feed_status ORDER BY updated_at DESC LIMIT 1`.execute(db),
    sql<{
      name: string;
      description: string;
      last_success_at: Date | null;
      last_error: string | null;
      last_error_at: Date | null;
    }>`SELECT name, description, last_success_at, last_error, last_error_at FROM market_fetch_status`.execute(db),
    latestEcbFixDate(db),
    // The next try of the ECB's and the history provider's jobs (issue 31 §4): a failed run's retry, or a run
    // already queued, is a pg-boss job waiting for its start_after. A cron slot not yet queued is not counted.
    sql<{ name: string; at: Date }>`
      SELECT name, min(start_after) AS at FROM ${sql.id(JOBS_SCHEMA)}.job
      WHERE name IN (${ecbRatesJob.name}, ${marketHistoryJob.name}) AND state IN ('created', 'retry')
        AND start_after >= ${now}
      GROUP BY name`.execute(db),
  ]);
  const nextTry = (job: string) => iso(pending.rows.find((r) => r.name === job)?.at);
  const byPair = new Map(backfill.rows.map((r) => [r.pair, r]));
  const tickOf = new Map(ticks.rows.map((r) => [r.pair, r.ts]));
  // The six first, then every pair a desk added (issue 34), each as soon as its backfill has a row: a new pair's
  // background backfill shows its progress here like the six's.
  const added = backfill.rows.map((r) => r.pair).filter((p) => !(STORED_PAIRS as readonly string[]).includes(p));
  const pairs: PairDataStatus[] = [...STORED_PAIRS, ...added.sort()].map((pair) => {
    const b = byPair.get(pair);
    const span = b ? now.getTime() - b.started_from.getTime() : 0;
    // Done means through the last whole hour (the top-up's reach); the hour in progress is the live feed's.
    const done = b
      ? Math.min(1, (b.through_ts.getTime() - b.started_from.getTime() + 3_600_000) / Math.max(1, span))
      : 0;
    return {
      pair,
      provider: b?.provider ?? null,
      realFrom: iso(b?.first_real),
      realTo: iso(b?.last_real),
      // A daily-only pair has nothing to backfill: its fixes are all there as soon as they are stored (issue 34).
      progressPct: b ? (b.provider === DAILY_PROVIDER ? 100 : Math.floor(done * 100)) : null,
      lastTick: iso(tickOf.get(pair)),
      lastError: b?.last_error ?? null,
      nextTryAt: b?.last_error ? nextTry(marketHistoryJob.name) : null,
    };
  });
  const feed = feeds.rows[0];
  const ecb = fetches.rows.find((f) => f.name === ECB_FETCH_STATUS);
  // The history provider's row is the one the backfill wrote (not the ECB's); the newest if providers changed.
  const history = fetches.rows
    .filter((f) => f.name !== ECB_FETCH_STATUS)
    .sort((a, b) => +(b.last_success_at ?? 0) - +(a.last_success_at ?? 0))[0];
  const currentError = (f: typeof ecb) =>
    f?.last_error && (!f.last_success_at || (f.last_error_at && f.last_error_at > f.last_success_at))
      ? f.last_error
      : null;
  return {
    pairs,
    feed: feed
      ? {
          name: feed.feed,
          lastSuccessAt: iso(feed.last_success_at),
          lastError: feed.last_error,
          failing: feed.fallback_in_use,
          // A next try already past means no poller is on it (a stopped worker): nothing is promised then.
          nextTryAt: feed.fallback_in_use && feed.next_try_at && feed.next_try_at >= now ? iso(feed.next_try_at) : null,
        }
      : null,
    ecb: {
      lastDate: ecbDate,
      lastSuccessAt: iso(ecb?.last_success_at),
      lastError: currentError(ecb),
      nextTryAt: currentError(ecb) ? nextTry(ecbRatesJob.name) : null,
    },
    history: history
      ? {
          description: history.description,
          lastSuccessAt: iso(history.last_success_at),
          lastError: currentError(history),
          nextTryAt: currentError(history) ? nextTry(marketHistoryJob.name) : null,
        }
      : null,
  };
}
