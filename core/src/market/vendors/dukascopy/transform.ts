/**
 * Dukascopy's files to our minute bars: mids (the average of bid and ask), as every other price we store. A day's
 * bid and ask candles pair up by minute; an hour's ticks become the minutes they fall in. Pure, so tests check
 * them against files Dukascopy wrote.
 */
import type { HistoryBar } from '../../history/types';
import type { Candle, Tick } from './bi5';

const MINUTE_MS = 60_000;

/** 5 decimal places in, the mid of two of them has at most 6: rounding removes float noise (1.1454249999…). */
function mid(a: number, b: number): number {
  return Math.round(((a + b) / 2) * 1e6) / 1e6;
}

/**
 * Minute mids from a day's bid and ask candles. A minute missing on either side is left out (never half a price);
 * Dukascopy writes flat zero-volume candles where nothing traded, which are kept only when both sides traded
 * at some point that day (the backfill drops closed-market minutes itself).
 */
export function barsFromCandles(bid: readonly Candle[], ask: readonly Candle[]): HistoryBar[] {
  const asks = new Map(ask.map((c) => [c.ts, c]));
  const out: HistoryBar[] = [];
  for (const b of bid) {
    const a = asks.get(b.ts);
    if (!a) continue;
    const open = mid(b.open, a.open);
    const close = mid(b.close, a.close);
    // Each side's high holds its open and close, so the mid of the highs holds the mid's; min/max guard rounding.
    const high = Math.max(mid(b.high, a.high), open, close);
    const low = Math.min(mid(b.low, a.low), open, close);
    if (!(low > 0)) continue;
    out.push({ ts: b.ts, open, high, low, close });
  }
  return out.sort((x, y) => x.ts - y.ts);
}

/** Minute OHLC of the tick mids of an hour (ticks arrive in time order; a minute without ticks has no bar). */
export function barsFromTicks(ticks: readonly Tick[]): HistoryBar[] {
  const out: HistoryBar[] = [];
  let bar: HistoryBar | undefined;
  for (const t of ticks) {
    const m = mid(t.bid, t.ask);
    if (!(m > 0)) continue;
    const minute = Math.floor(t.ts / MINUTE_MS) * MINUTE_MS;
    if (bar && bar.ts === minute) {
      bar.high = Math.max(bar.high, m);
      bar.low = Math.min(bar.low, m);
      bar.close = m;
    } else {
      bar = { ts: minute, open: m, high: m, low: m, close: m };
      out.push(bar);
    }
  }
  return out;
}
