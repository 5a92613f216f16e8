/**
 * Dukascopy's free historical data feed (no key): a day's minute candles for completed days, an hour's ticks for
 * the last day or two (a day's file is published some time after it ends; an hour's soon after the hour). Every
 * request has a timeout, and requests are spaced by `minIntervalMs` to be polite to a free service.
 */

import { quotedDecimals } from '@pippitch/shared/pair-catalogue';
import { DAY_MS, type HistoryBar, type HistoryProvider, HOUR_MS } from '../../history/types';
import { priceScale, readCandles, readTicks } from './bi5';
import { barsFromCandles, barsFromTicks } from './transform';

export const DUKASCOPY_URL = 'https://datafeed.dukascopy.com/datafeed';

export interface DukascopyOptions {
  /** The datafeed root (DUKASCOPY_URL; tests: the local server). */
  baseUrl?: string;
  /** Per request (15 s). */
  timeoutMs?: number;
  /** Least time between two requests (100 ms: at most ten a second). */
  minIntervalMs?: number;
  /** Now, for which files exist yet (tests move it). */
  now?: () => number;
  fetch?: typeof fetch;
}

/** The decimalFactor of a stored pair's files ('USDJPY' → 10^3, 'GBPUSD' → 10^5). */
export function dukascopyScale(pair: string): number {
  return priceScale(quotedDecimals(pair));
}

/** A day's minute file is read once the day has been over this long; until then its hours' tick files are. */
export const DAY_FILE_AFTER_MS = DAY_MS;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The path of a file under the root: `EURUSD/2025/00/06/BID_candles_min_1.bi5` (months count from 0). */
export function dukascopyPath(pair: string, startMs: number, kind: 'BID' | 'ASK' | 'ticks'): string {
  const d = new Date(startMs);
  const day = `${pair}/${d.getUTCFullYear()}/${pad(d.getUTCMonth())}/${pad(d.getUTCDate())}`;
  return kind === 'ticks' ? `${day}/${pad(d.getUTCHours())}h_ticks.bi5` : `${day}/${kind}_candles_min_1.bi5`;
}

/** Failures of a connection closed under a request, before any answer: safe to ask a GET again. */
const CONNECTION_CLOSED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function causeOf(err: unknown): string {
  return (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
}

export function createDukascopyProvider(options: DukascopyOptions = {}): HistoryProvider {
  const base = (options.baseUrl ?? DUKASCOPY_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const minIntervalMs = options.minIntervalMs ?? 100;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  let nextSlot = 0;

  async function polite(signal?: AbortSignal): Promise<void> {
    const wait = nextSlot - Date.now();
    nextSlot = Math.max(nextSlot, Date.now()) + minIntervalMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    signal?.throwIfAborted();
  }

  async function file(path: string, signal?: AbortSignal): Promise<Uint8Array> {
    await polite(signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    const get = () => doFetch(`${base}/${path}`, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    let res: Response;
    try {
      try {
        res = await get();
      } catch (err) {
        // A kept-alive connection the far end closed just as it was reused fails before any answer (ECONNRESET,
        // a closed socket): the GET is asked again once, on a new connection. Any other failure is reported.
        if (signal?.aborted || timeout.aborted || !CONNECTION_CLOSED.has(causeOf(err))) throw err;
        res = await get();
      }
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new Error(`Dukascopy timed out after ${timeoutMs} ms (${path})`);
      throw new Error(`Dukascopy unreachable: ${causeOf(err)}`);
    }
    // No file: Dukascopy has nothing for that period (a holiday, a day not yet published).
    if (res.status === 404) return new Uint8Array(0);
    if (!res.ok) throw new Error(`Dukascopy answered HTTP ${res.status} for ${path}`);
    return new Uint8Array(await res.arrayBuffer());
  }

  return {
    name: 'dukascopy',
    description: 'Dukascopy historical data (free, no key)',
    source: 'dukascopy',
    async fetchMinutes(pair, fromMs, toMs, signal) {
      const dayStart = Math.floor(fromMs / DAY_MS) * DAY_MS;
      if (toMs > dayStart + DAY_MS) throw new RangeError('Dukascopy: a request spans one UTC day at most');
      let bars: HistoryBar[];
      if (dayStart + DAY_MS + DAY_FILE_AFTER_MS <= now()) {
        const [bid, ask] = await Promise.all([
          file(dukascopyPath(pair, dayStart, 'BID'), signal),
          file(dukascopyPath(pair, dayStart, 'ASK'), signal),
        ]);
        const scale = dukascopyScale(pair);
        bars = barsFromCandles(readCandles(bid, dayStart, scale), readCandles(ask, dayStart, scale));
      } else {
        bars = [];
        for (let h = Math.floor(fromMs / HOUR_MS) * HOUR_MS; h < toMs; h += HOUR_MS) {
          if (h + HOUR_MS > now()) break; // an hour's file exists once the hour is over
          const ticks = readTicks(await file(dukascopyPath(pair, h, 'ticks'), signal), h, dukascopyScale(pair));
          bars.push(...barsFromTicks(ticks));
        }
      }
      return bars.filter((b) => b.ts >= fromMs && b.ts < toMs);
    },
  };
}
