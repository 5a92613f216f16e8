/**
 * Daily-only pairs (issue 34 §2): a pair with a currency that has no minute market in the provider (INR, CNY, KRW,
 * BRL, …) is priced from the ECB's daily reference rate only. Each fix becomes ONE stored bar at the fix minute
 * (14:10 CET), source 'ecb_daily', open = high = low = close = the rate, with its rollups, so the chart, the
 * rate-at-time answer, packs and the range check read the pair as any other and name it 'daily reference rate —
 * no intraday prices'. Built from the reference-rate table (the bundled file at every worker start, the ECB's own
 * files after it), so it needs no history provider: the bundled set covers these pairs the same way.
 */
import { type CataloguePair, pairInfo } from '@pippitch/shared/pair-catalogue';
import { HISTORY_START } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { pairsQuotedAnywhere } from '../../services/company/pairs';

export interface DailyBarsResult {
  /** Stored pair → bars added by this run. */
  added: Record<string, number>;
}

/**
 * Adds the bars of every fix on file since HISTORY_START that the daily-only pairs some desk quotes lack (all of
 * them for a pair just chosen, the day's new fix afterwards). Idempotent: published rates do not change.
 */
export async function storeDailyReferenceBars(
  db: Database,
  pairs?: readonly CataloguePair[],
): Promise<DailyBarsResult> {
  const chosen = pairs ?? (await pairsQuotedAnywhere(db));
  const daily = new Map<string, { base: string; quote: string }>();
  for (const code of chosen) {
    const info = pairInfo(code);
    // Stored as named: every daily-only currency ranks after GBP, EUR and USD in the market's quoting order.
    if (info.sourcing.kind === 'daily' && !info.invert) daily.set(info.stored, { base: info.base, quote: info.quote });
  }
  const added: Record<string, number> = {};
  for (const [stored, { base, quote }] of daily) {
    added[stored] = await db.transaction().execute(async (trx) => {
      // One writer per pair at a time (two workers' runs, or the ECB job beside the backfill job).
      await sql`SELECT pg_advisory_xact_lock(hashtext('fx_history_backfill:' || ${stored}))`.execute(trx);
      // Units of the quote per unit of the base = quote per EUR ÷ base per EUR (EUR itself being 1).
      const { rows } = await sql<{ n: number; first: Date | null; last: Date | null }>`
        WITH fixes AS (
          SELECT q.fix_date, round(q.per_eur / coalesce(b.per_eur, 1), 6)::float8 AS rate
          FROM ecb_reference_rates q
          LEFT JOIN ecb_reference_rates b ON b.currency = ${base} AND b.fix_date = q.fix_date
          WHERE q.currency = ${quote} AND q.fix_date >= ${HISTORY_START}::date
            AND (${base} = 'EUR' OR b.per_eur IS NOT NULL)),
        up AS (
          INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
          SELECT ${stored}, (fix_date + time '14:10') AT TIME ZONE 'Europe/Berlin', rate, rate, rate, rate, 'ecb_daily'
          FROM fixes
          ON CONFLICT (pair, ts) DO NOTHING
          RETURNING ts)
        SELECT count(*)::int AS n, min(ts) AS first, max(ts) AS last FROM up`.execute(trx);
      const row = rows[0];
      if (!row?.n || !row.first || !row.last) return 0;
      const through = new Date(row.last.getTime() + 60_000);
      await sql`SELECT fx_refresh_rollups(${stored}, ${row.first}, ${through})`.execute(trx);
      // The data card's row (provider 'ecb_daily'): the span of fixes on file, like a backfilled pair's real span.
      await sql`
        INSERT INTO fx_history_backfill AS f (pair, provider, started_from, through_ts, first_real, last_real,
                                              bars_written, updated_at)
        VALUES (${stored}, 'ecb_daily', ${HISTORY_START}::date, ${through}, ${row.first}, ${row.last}, ${row.n}, now())
        ON CONFLICT (pair) DO UPDATE SET
          through_ts = greatest(f.through_ts, excluded.through_ts),
          first_real = least(f.first_real, excluded.first_real),
          last_real = greatest(f.last_real, excluded.last_real),
          bars_written = f.bars_written + excluded.bars_written, updated_at = now()`.execute(trx);
      return row.n;
    });
  }
  return { added };
}
