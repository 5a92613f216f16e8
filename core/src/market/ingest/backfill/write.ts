/**
 * One backfill chunk in one transaction: a provider's minutes upserted over the simulated ones (never over another
 * real source's), the rollups of the span refreshed, and the pair's cursor moved past the span. Committing the
 * cursor with the bars is what makes a stopped backfill resume without a missing or doubled minute.
 */

import { SIMULATED_BAR_SOURCES } from '@pippitch/shared/sources';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { HistoryBar } from '../../history/types';
import { advanceCursor, lockPairWriters, refreshRollups } from '../bar-writes';

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
export async function writeChunk(db: Database, chunk: ChunkWrite): Promise<number> {
  const { pair, bars } = chunk;
  return db.transaction().execute(async (trx) => {
    // Two workers (a start-up catch-up and the job elsewhere) take turns on a pair rather than interleave.
    await lockPairWriters(trx, pair);
    let written = 0;
    if (bars.length > 0) {
      // The chunk's columns as five arrays through unnest(): a day's 1,440 minutes in one statement.
      const res = await sql<{ n: number }>`
        WITH up AS (
          INSERT INTO fx_minute_bars AS b (pair, ts, open, high, low, close, source)
          SELECT ${pair}, to_timestamp(t / 1000.0), o, h, l, c, ${chunk.source}
          FROM unnest(${bars.map((b) => b.ts)}::float8[], ${bars.map((b) => b.open)}::float8[],
                      ${bars.map((b) => b.high)}::float8[], ${bars.map((b) => b.low)}::float8[],
                      ${bars.map((b) => b.close)}::float8[]) AS i (t, o, h, l, c)
          ON CONFLICT (pair, ts) DO UPDATE
            SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
                source = excluded.source
            WHERE b.source = ANY (${SIMULATED_BAR_SOURCES}::text[])
               OR (b.source = excluded.source
                   AND (b.open, b.high, b.low, b.close) IS DISTINCT FROM
                       (excluded.open, excluded.high, excluded.low, excluded.close))
          RETURNING 1)
        SELECT count(*) AS n FROM up`.execute(trx);
      written = Number(res.rows[0]?.n ?? 0);
      if (written > 0) await refreshRollups(trx, pair, new Date(chunk.fromMs), new Date(chunk.toMs));
    }
    await advanceCursor(trx, {
      pair,
      provider: chunk.provider,
      startedFrom: new Date(chunk.startedFromMs),
      through: new Date(chunk.toMs),
      firstReal: bars.length ? new Date(bars[0]!.ts) : null,
      lastReal: bars.length ? new Date(bars[bars.length - 1]!.ts) : null,
      written,
    });
    return written;
  });
}

/** A failed fetch: the pair's cursor stays; the error shows on the data-status card until a chunk succeeds. */
export async function recordChunkError(
  db: Database,
  failure: { pair: string; provider: string; startedFromMs: number; message: string; now: number },
): Promise<void> {
  const { pair, provider, startedFromMs, message, now } = failure;
  await db
    .insertInto('fx_history_backfill')
    .values({
      pair,
      provider,
      started_from: new Date(startedFromMs),
      through_ts: new Date(startedFromMs),
      last_error: message,
      last_error_at: new Date(now),
    })
    .onConflict((oc) =>
      oc.column('pair').doUpdateSet((eb) => ({
        last_error: eb.ref('excluded.last_error'),
        last_error_at: eb.ref('excluded.last_error_at'),
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

/** The provider's health for the card and operators (market_fetch_status). */
export async function recordFetchStatus(
  db: Database,
  status: { name: string; description: string; now: number; error: string | null },
): Promise<void> {
  const { name, description, error } = status;
  const now = new Date(status.now);
  // A success keeps the last error on record (and its time) for operators; a failure keeps the last success.
  await db
    .insertInto('market_fetch_status')
    .values({
      name,
      description,
      last_attempt_at: now,
      last_success_at: error === null ? now : null,
      last_error: error,
      last_error_at: error === null ? null : now,
      updated_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        description: eb.ref('excluded.description'),
        last_attempt_at: eb.ref('excluded.last_attempt_at'),
        last_success_at: sql<Date>`coalesce(excluded.last_success_at, market_fetch_status.last_success_at)`,
        ...(error === null
          ? {}
          : { last_error: eb.ref('excluded.last_error'), last_error_at: eb.ref('excluded.last_error_at') }),
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}
