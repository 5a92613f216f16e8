/**
 * One backfill chunk in one transaction: a provider's minutes upserted over the simulated ones (never over another
 * real source's), the rollups of the span refreshed, and the pair's cursor moved past the span. Committing the
 * cursor with the bars is what makes a stopped backfill resume without a missing or doubled minute.
 */

import { SIMULATED_BAR_SOURCES } from '@pippitch/shared/sources';
import type pg from 'pg';
import type { HistoryBar } from '../../history/types';

export interface ChunkWrite {
  pair: string;
  provider: string;
  source: 'dukascopy' | 'tradermade';
  /** The span asked of the provider: the cursor moves to `toMs`. */
  fromMs: number;
  toMs: number;
  /** Where this pair's backfill began (kept from the first chunk). */
  startedFromMs: number;
  bars: readonly HistoryBar[];
}

/** Bars inserted or replaced (0 when the chunk was already real). */
export async function writeChunk(client: pg.ClientBase, chunk: ChunkWrite): Promise<number> {
  const { pair, bars } = chunk;
  await client.query('BEGIN');
  try {
    // Two workers (a start-up catch-up and the job elsewhere) take turns on a pair rather than interleave.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('fx_history_backfill:' || $1))", [pair]);
    let written = 0;
    if (bars.length > 0) {
      const res = await client.query<{ n: string }>(
        `WITH up AS (
           INSERT INTO fx_minute_bars AS b (pair, ts, open, high, low, close, source)
           SELECT $1, to_timestamp(t / 1000.0), o, h, l, c, $2
           FROM unnest($3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[]) AS i (t, o, h, l, c)
           ON CONFLICT (pair, ts) DO UPDATE
             SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
                 source = excluded.source
             WHERE b.source = ANY ($8::text[])
                OR (b.source = excluded.source
                    AND (b.open, b.high, b.low, b.close) IS DISTINCT FROM
                        (excluded.open, excluded.high, excluded.low, excluded.close))
           RETURNING 1)
         SELECT count(*) AS n FROM up`,
        [
          pair,
          chunk.source,
          bars.map((b) => b.ts),
          bars.map((b) => b.open),
          bars.map((b) => b.high),
          bars.map((b) => b.low),
          bars.map((b) => b.close),
          SIMULATED_BAR_SOURCES,
        ],
      );
      written = Number(res.rows[0]?.n ?? 0);
      if (written > 0) {
        await client.query('SELECT fx_refresh_rollups($1, $2, $3)', [
          pair,
          new Date(chunk.fromMs),
          new Date(chunk.toMs),
        ]);
      }
    }
    await client.query(
      `INSERT INTO fx_history_backfill AS f (pair, provider, started_from, through_ts, first_real, last_real,
                                             bars_written, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (pair) DO UPDATE SET
         provider = excluded.provider,
         through_ts = greatest(f.through_ts, excluded.through_ts),
         first_real = least(f.first_real, excluded.first_real),
         last_real = greatest(f.last_real, excluded.last_real),
         bars_written = f.bars_written + excluded.bars_written,
         last_error = NULL, last_error_at = NULL, updated_at = now()`,
      [
        pair,
        chunk.provider,
        new Date(chunk.startedFromMs),
        new Date(chunk.toMs),
        bars.length ? new Date(bars[0]!.ts) : null,
        bars.length ? new Date(bars[bars.length - 1]!.ts) : null,
        written,
      ],
    );
    await client.query('COMMIT');
    return written;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** A failed fetch: the pair's cursor stays; the error shows on the data-status card until a chunk succeeds. */
export async function recordChunkError(
  client: pg.ClientBase,
  failure: { pair: string; provider: string; startedFromMs: number; message: string; now: number },
): Promise<void> {
  const { pair, provider, startedFromMs, message, now } = failure;
  await client.query(
    `INSERT INTO fx_history_backfill AS f (pair, provider, started_from, through_ts, last_error, last_error_at)
     VALUES ($1, $2, $3, $3, $4, $5)
     ON CONFLICT (pair) DO UPDATE SET last_error = excluded.last_error, last_error_at = excluded.last_error_at,
       updated_at = now()`,
    [pair, provider, new Date(startedFromMs), message, new Date(now)],
  );
}

/** The provider's health for the card and operators (market_fetch_status). */
export async function recordFetchStatus(
  client: pg.ClientBase,
  status: { name: string; description: string; now: number; error: string | null },
): Promise<void> {
  const { name, description, now, error } = status;
  await client.query(
    `INSERT INTO market_fetch_status AS s (name, description, last_attempt_at, last_success_at, last_error,
                                           last_error_at, updated_at)
     VALUES ($1, $2, $3::timestamptz, CASE WHEN $4::text IS NULL THEN $3::timestamptz END, $4::text,
             CASE WHEN $4::text IS NOT NULL THEN $3::timestamptz END, now())
     ON CONFLICT (name) DO UPDATE SET description = excluded.description,
       last_attempt_at = excluded.last_attempt_at,
       last_success_at = coalesce(excluded.last_success_at, s.last_success_at),
       last_error = CASE WHEN $4::text IS NULL THEN s.last_error ELSE excluded.last_error END,
       last_error_at = CASE WHEN $4::text IS NULL THEN s.last_error_at ELSE excluded.last_error_at END,
       updated_at = now()`,
    [name, description, new Date(now), error],
  );
}
