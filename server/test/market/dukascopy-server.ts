import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Candle, type Tick, writeCandles, writeTicks } from '../../../core/src/market/vendors/dukascopy/bi5';
import { dukascopyScale } from '../../../core/src/market/vendors/dukascopy/client';

// A local server speaking Dukascopy's datafeed protocol (GET {root}/{PAIR}/{YYYY}/{MM0}/{DD}/…bi5, 404 where it has
// no file), serving .bi5 files made here from a known price path, so tests drive the real client and reader.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const BASE: Record<string, number> = {
  GBPUSD: 1.27,
  EURGBP: 0.845,
  EURUSD: 1.085,
  GBPNOK: 13.9,
  GBPSEK: 13.6,
  GBPAUD: 1.93,
  // Pairs a desk may add (issue 34): a yen quote (3 decimals in the files) and the zloty leg of GBP/PLN.
  USDJPY: 150.2,
  USDPLN: 3.95,
};
/** Half the spread the server quotes around its mid (0.5 pip: five of the file's steps). */
const halfSpread = (pair: string) => 5 / dukascopyScale(pair);

/**
 * The server's mid at a minute, rounded so bid and ask are whole 10^-5 steps and their average is exactly this.
 * Days repeat every `variants` days when the server is started with `variants` (the bench: a few files reused).
 */
export function dukascopyMid(pair: string, minuteMs: number): number {
  const k = minuteMs / MINUTE_MS;
  const base = BASE[pair] ?? 1;
  const scale = dukascopyScale(pair);
  return Math.round(base * (1 + 0.004 * Math.sin(k / 97) + 0.001 * Math.sin(k / 7)) * scale) / scale;
}

export interface DukascopyServer {
  baseUrl: string;
  /** Paths asked for, in order. */
  requests: string[];
  /** Answer every request with this status (e.g. 503), or null for normal service. */
  failWith: number | null;
  /** Paths answered with HTTP 500 (once each), to interrupt a backfill at a known place. */
  failOnce: Set<string>;
  /** The next this many requests have their connection closed without an answer (a reset kept-alive socket). */
  resetNext: number;
  /** Days (UTC ms) for which the server has no files yet (404), as right after a day ends. */
  unpublishedFrom: number;
  close(): Promise<void>;
}

export interface DukascopyServerOptions {
  /** Serve day d's bytes for day d mod `variants` (timestamps inside a file are offsets, so they stay right). */
  variants?: number;
}

function candlesOf(pair: string, dayStart: number, side: 'BID' | 'ASK'): Candle[] {
  const out: Candle[] = [];
  const sign = side === 'BID' ? -1 : 1;
  for (let m = 0; m < 1440; m++) {
    const ts = dayStart + m * MINUTE_MS;
    const open = dukascopyMid(pair, ts) + sign * halfSpread(pair);
    const close = dukascopyMid(pair, ts + MINUTE_MS - 1000) + sign * halfSpread(pair);
    const wiggle = 20 / dukascopyScale(pair);
    out.push({
      ts,
      open,
      close,
      high: Math.max(open, close) + wiggle,
      low: Math.min(open, close) - wiggle,
      volume: 10,
    });
  }
  return out;
}

function ticksOf(pair: string, hourStart: number): Tick[] {
  const out: Tick[] = [];
  for (let ms = 0; ms < HOUR_MS; ms += 20_000) {
    const mid = dukascopyMid(pair, Math.floor((hourStart + ms) / MINUTE_MS) * MINUTE_MS);
    out.push({ ts: hourStart + ms, bid: mid - halfSpread(pair), ask: mid + halfSpread(pair) });
  }
  return out;
}

const PATH = /^\/([A-Z]{6})\/(\d{4})\/(\d{2})\/(\d{2})\/(?:(BID|ASK)_candles_min_1|(\d{2})h_ticks)\.bi5$/;

export async function startDukascopyServer(options: DukascopyServerOptions = {}): Promise<DukascopyServer> {
  const cache = new Map<string, Uint8Array>();
  const state: DukascopyServer = {
    baseUrl: '',
    requests: [],
    failWith: null,
    failOnce: new Set(),
    resetNext: 0,
    unpublishedFrom: Number.POSITIVE_INFINITY,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const path = ((req.url ?? '').split('?')[0] ?? '').replace(/^\/datafeed/, '');
    state.requests.push(path);
    if (state.resetNext > 0) {
      state.resetNext--;
      req.socket.resetAndDestroy();
      return;
    }
    const m = PATH.exec(path);
    if (state.failWith !== null || state.failOnce.delete(path)) {
      res.writeHead(state.failWith ?? 500).end('error');
      return;
    }
    if (!m || !BASE[m[1]!]) {
      res.writeHead(404).end();
      return;
    }
    const [, pair, y, mo, d, side, hour] = m as unknown as [string, string, string, string, string, string?, string?];
    const dayStart = Date.UTC(Number(y), Number(mo), Number(d));
    const start = hour === undefined ? dayStart : dayStart + Number(hour) * HOUR_MS;
    if (start >= state.unpublishedFrom) {
      res.writeHead(404).end();
      return;
    }
    const variantDay = options.variants
      ? Date.UTC(2024, 0, 1) + (Math.floor(dayStart / DAY_MS) % options.variants) * DAY_MS
      : dayStart;
    const key = `${pair}/${variantDay}/${side ?? hour}`;
    let body = cache.get(key);
    if (!body) {
      body =
        side === undefined
          ? writeTicks(
              ticksOf(pair!, variantDay + (start - dayStart)),
              variantDay + (start - dayStart),
              dukascopyScale(pair!),
            )
          : writeCandles(candlesOf(pair!, variantDay, side as 'BID' | 'ASK'), variantDay, dukascopyScale(pair!));
      cache.set(key, body);
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/datafeed`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
