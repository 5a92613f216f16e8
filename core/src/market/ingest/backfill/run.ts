/**
 * The history backfill (issue 21): every stored pair from 2024-09-30 to the last whole hour, one UTC day per
 * chunk, replacing the bundled data set's simulated minutes with the provider's real ones. It resumes from each
 * pair's cursor (fx_history_backfill), so the same function is the first backfill, its continuation after a
 * stop, the hourly top-up and the start-up fill of the minutes missed while no worker ran.
 */

import type { Database } from '@pippitch/sql';
import { indexAtOrAfter, isMarketOpen, timeOfIndex } from '../../dataset/calendar';
import { HISTORY_START_MS } from '../../dataset/index';
import { DAY_MS, type HistoryBar, type HistoryProvider, HOUR_MS } from '../../history/types';
import type { Log } from '../../live/types';
import { deriveCross } from './derive';
import { pairsChosenAnywhere, storedPairsToKeep } from './desk-pairs';
import { recordChunkError, recordFetchStatus, writeChunk } from './write';

export interface BackfillOptions {
  db: Database;
  provider: HistoryProvider;
  /** Stored pairs to backfill; by default what every desk's chosen pairs need (desk-pairs.ts). */
  pairs?: readonly string[];
  /** Now in ms (tests move it); the backfill stops at the last whole hour before it. */
  now?: () => number;
  /** Where the run stops at the latest (tests: one day of day files); the last whole hour otherwise. */
  untilMs?: number;
  /** Where a pair without a cursor starts (HISTORY_START, 2024-09-30). */
  fromMs?: number;
  /** Chunks (provider requests) in this run at most; the next run resumes. Default: no limit. */
  maxChunks?: number;
  /** Only pairs whose cursor is at most this far behind (the start-up catch-up: small gaps, before the data set). */
  onlyWithinMs?: number;
  log?: Log;
  signal?: AbortSignal;
}

export interface PairBackfill {
  pair: string;
  /** Every minute before this has been asked of the provider. */
  through: Date;
  bars: number;
  /** The cursor reached the last whole hour. */
  done: boolean;
  error?: string;
}

export interface BackfillResult {
  pairs: PairBackfill[];
  chunks: number;
  bars: number;
  /** Every pair reached the last whole hour. */
  finished: boolean;
  /** Stopped at maxChunks (or by the signal) with work left: another run should follow. */
  more: boolean;
  error?: string;
}

/** Minutes not yet published are told from a holiday by age: an empty answer this recent is retried later. */
const UNPUBLISHED_WITHIN_MS = DAY_MS;

function hasOpenMinute(fromMs: number, toMs: number): boolean {
  return timeOfIndex(indexAtOrAfter(fromMs)) < toMs;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export async function runBackfill(options: BackfillOptions): Promise<BackfillResult> {
  const { provider, db } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  const startMs = options.fromMs ?? HISTORY_START_MS;
  const maxChunks = options.maxChunks ?? Number.POSITIVE_INFINITY;
  const result: BackfillResult = { pairs: [], chunks: 0, bars: 0, finished: true, more: false };
  const source = provider.source;
  if (!source) return result;
  const endMs = Math.min(Math.floor(now() / HOUR_MS) * HOUR_MS, options.untilMs ?? Number.POSITIVE_INFINITY);
  const cursors = await db.selectFrom('fx_history_backfill').select(['pair', 'through_ts']).execute();
  const cursorOf = new Map(cursors.map((r) => [r.pair, r.through_ts.getTime()]));
  const chosen = await pairsChosenAnywhere(db);
  for (const pair of options.pairs ?? storedPairsToKeep(chosen)) {
    let cursor = Math.max(startMs, cursorOf.get(pair) ?? startMs);
    if (options.onlyWithinMs !== undefined && (!cursorOf.has(pair) || endMs - cursor > options.onlyWithinMs)) {
      result.finished = false;
      continue;
    }
    const state: PairBackfill = { pair, through: new Date(cursor), bars: 0, done: false };
    result.pairs.push(state);
    const span = Math.max(1, endMs - cursor);
    const first = cursor;
    let month = '';
    const fetchSpan = (from: number, to: number) =>
      provider.fetchMinutes(pair, from, to, options.signal).then((bars) => bars.filter((b) => isMarketOpen(b.ts)));
    let ahead: { from: number; bars: Promise<HistoryBar[]> } | null = null;
    while (cursor < endMs && result.chunks < maxChunks && !options.signal?.aborted) {
      const chunkEnd = Math.min(Math.floor(cursor / DAY_MS) * DAY_MS + DAY_MS, endMs);
      let bars: HistoryBar[] = [];
      if (hasOpenMinute(cursor, chunkEnd)) {
        const pending = ahead?.from === cursor ? ahead.bars : fetchSpan(cursor, chunkEnd);
        ahead = null;
        // The next whole, published day is asked for while this one is written: the provider's network and
        // decoding overlap the database's work (the provider still spaces its requests).
        const nextEnd = Math.min(chunkEnd + DAY_MS, endMs);
        if (
          chunkEnd < endMs &&
          result.chunks + 1 < maxChunks &&
          hasOpenMinute(chunkEnd, nextEnd) &&
          now() - nextEnd >= UNPUBLISHED_WITHIN_MS
        ) {
          ahead = { from: chunkEnd, bars: fetchSpan(chunkEnd, nextEnd) };
          ahead.bars.catch(() => {}); // a failure is met when (if) it is awaited
        }
        try {
          bars = await pending;
        } catch (err) {
          if (options.signal?.aborted) break;
          const message = (err as Error).message;
          state.error = message;
          result.error = message;
          await recordChunkError(db, {
            pair,
            provider: provider.name,
            startedFromMs: startMs,
            message,
            now: now(),
          });
          log(
            `market history: ${provider.description} failed for ${pair} ${day(cursor)} (${message}); will retry`,
            'warn',
          );
          break;
        }
        result.chunks++;
        // Not published yet (an hour's or a day's file appears some time after it ends): ask again later.
        if (bars.length === 0 && now() - chunkEnd < UNPUBLISHED_WITHIN_MS) break;
      }
      // A recent span answered only in part (the last hour's file not out yet) moves the cursor only past the
      // hours answered, so the rest is asked again rather than left simulated.
      const last = bars.at(-1)?.ts;
      const reached =
        last !== undefined && now() - chunkEnd < UNPUBLISHED_WITHIN_MS
          ? Math.min(chunkEnd, Math.floor(last / HOUR_MS) * HOUR_MS + HOUR_MS)
          : chunkEnd;
      const written = await writeChunk(db, {
        pair,
        provider: provider.name,
        source,
        fromMs: cursor,
        toMs: reached,
        startedFromMs: startMs,
        bars,
      });
      state.bars += written;
      result.bars += written;
      cursor = reached;
      state.through = new Date(cursor);
      const m = day(cursor).slice(0, 7);
      if (m !== month && endMs - first > 7 * DAY_MS) {
        month = m;
        const pct = Math.floor(((cursor - first) / span) * 100);
        log(`market history: ${pair} real minutes from ${provider.description} through ${day(cursor)} (${pct}%)`);
      }
    }
    state.done = cursor >= endMs;
    if (!state.done) result.finished = false;
    if (!state.done && (result.chunks >= maxChunks || options.signal?.aborted)) result.more = true;
    if (state.error) break; // the provider is failing: the other pairs wait for the next run too
    if (options.signal?.aborted) {
      result.finished = false;
      result.more = true;
      break;
    }
  }
  // Crosses the provider does not quote, from the legs just written (issue 34 §2).
  if (!options.signal?.aborted) {
    for (const cross of chosen.filter((p) => p.sourcing.kind === 'derived')) {
      const derived = await deriveCross(db, cross, startMs);
      if (derived.bars > 0) log(`market history: ${derived.bars} minutes of ${cross.label} derived from its legs`);
      result.bars += derived.bars;
    }
  }
  await recordFetchStatus(db, {
    name: provider.name,
    description: provider.description,
    now: now(),
    error: result.error ?? null,
  });
  return result;
}
