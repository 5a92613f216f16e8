/**
 * The statements every writer of minute bars shares (the data set's load, the backfill, the derivation, the import,
 * the live poll), each in the caller's transaction: the pair's writers' lock, the rollups' refresh and the backfill
 * cursor. One home, so the lock's key and the cursor's rules cannot drift between writers.
 */
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * The pair's writers' lock (an advisory lock for the transaction): a second worker's data-set load, a backfill or
 * a derivation of the same pair waits for this transaction, then finds its work done.
 */
export async function lockPairWriters(trx: Database, pair: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('fx_history_backfill:' || ${pair}))`.execute(trx);
}

/** Rebuilds the pair's 15-minute, 30-minute, hourly and daily bars over [from, to) from its minutes (migration 0002). */
export async function refreshRollups(trx: Database, pair: string, from: Date, to: Date): Promise<void> {
  await sql`SELECT fx_refresh_rollups(${pair}, ${from}::timestamptz, ${to}::timestamptz)`.execute(trx);
}

export interface CursorMove {
  pair: string;
  provider: string;
  /** Where this pair's backfill began (kept from the first write). */
  startedFrom: Date;
  /** Every minute before this has been asked for. */
  through: Date;
  /** The first and last real minute written by this move (null when none). */
  firstReal: Date | null;
  lastReal: Date | null;
  written: number;
}

/**
 * Moves the pair's backfill cursor (fx_history_backfill) past a span, in the span's own transaction: it only ever
 * moves forward, widens the real minutes' range, adds the bars written, and clears the last error.
 */
export async function advanceCursor(trx: Database, move: CursorMove): Promise<void> {
  await trx
    .insertInto('fx_history_backfill')
    .values({
      pair: move.pair,
      provider: move.provider,
      started_from: move.startedFrom,
      through_ts: move.through,
      first_real: move.firstReal,
      last_real: move.lastReal,
      bars_written: move.written,
      updated_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.column('pair').doUpdateSet((eb) => ({
        provider: eb.ref('excluded.provider'),
        through_ts: sql<Date>`greatest(fx_history_backfill.through_ts, excluded.through_ts)`,
        first_real: sql<Date>`least(fx_history_backfill.first_real, excluded.first_real)`,
        last_real: sql<Date>`greatest(fx_history_backfill.last_real, excluded.last_real)`,
        bars_written: eb('fx_history_backfill.bars_written', '+', eb.ref('excluded.bars_written')),
        last_error: null,
        last_error_at: null,
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}
