/**
 * Dukascopy's .bi5 files: LZMA-compressed ("LZMA alone") arrays of big-endian records (the format dukascopy-node
 * read before its 2026 move to a JSON API; tests check this reader against files Dukascopy wrote).
 *
 * - Minute candles, one file per UTC day (`{PAIR}/{YYYY}/{MM0}/{DD}/{BID|ASK}_candles_min_1.bi5`, month 0-based):
 *   24 bytes each — int32 seconds since the day's start, int32 open, close, low, high (price × 10^5), float32 volume.
 * - Ticks, one file per UTC hour (`{PAIR}/{YYYY}/{MM0}/{DD}/{HH}h_ticks.bi5`): 20 bytes each — int32 ms since the
 *   hour's start, int32 ask, int32 bid (× 10^5), float32 ask volume, float32 bid volume.
 * An empty file (0 bytes) means no data for the period.
 */
/// <reference path="./lzma-purejs.d.ts" />
import lzma from 'lzma-purejs-requirejs';

/** Price scale of a pair quoted to 5 decimals (Dukascopy's decimalFactor); see priceScale for the others. */
export const PRICE_SCALE = 100_000;

/**
 * Dukascopy's decimalFactor for a pair: a tenth of its pip (a "pipette"), so 10^5 for pairs with a 0.0001 pip and
 * 10^3 for yen and forint quotes (pip 0.01). `pipDecimals` comes from the pair catalogue.
 */
export function priceScale(pipDecimals: number): number {
  return 10 ** (pipDecimals + 1);
}
const CANDLE_BYTES = 24;
const TICK_BYTES = 20;

export interface Candle {
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface Tick {
  ts: number;
  ask: number;
  bid: number;
}

/**
 * Dukascopy's files declare a 4 MiB dictionary for a few dozen KiB of output, and the decoder allocates the whole
 * window per file: ~70 MiB of garbage per hundred files, which is most of a backfill's memory. A window as large as
 * the output is enough (no match can reach further back than the output's start), so the header is rewritten to
 * that before decoding.
 */
function withSmallWindow(file: Uint8Array): Uint8Array {
  if (file.length < 13) return file;
  const header = Buffer.from(file.buffer, file.byteOffset, 13);
  const size = header.readBigUInt64LE(5);
  const dictionary = header.readUInt32LE(1);
  if (size === 0xffffffffffffffffn || size >= BigInt(dictionary)) return file;
  const copy = Buffer.from(file);
  copy.writeUInt32LE(Math.max(4096, Number(size)), 1);
  return copy;
}

/** The file's fixed-size records, decompressed, each read by `read` at its offset. */
function readRecords<T>(file: Uint8Array, recordBytes: number, read: (raw: Buffer, i: number) => T): T[] {
  if (file.length === 0) return [];
  const raw = Buffer.from(lzma.decompressFile(withSmallWindow(file)));
  if (raw.length % recordBytes !== 0) {
    throw new Error(`Dukascopy file is not whole ${recordBytes}-byte records (${raw.length} bytes)`);
  }
  const out: T[] = [];
  for (let i = 0; i < raw.length; i += recordBytes) out.push(read(raw, i));
  return out;
}

/** The candles of one day's minute file, `dayStartMs` being the day's 00:00 UTC. */
export function readCandles(file: Uint8Array, dayStartMs: number, scale = PRICE_SCALE): Candle[] {
  return readRecords(file, CANDLE_BYTES, (raw, i) => ({
    ts: dayStartMs + raw.readInt32BE(i) * 1000,
    open: raw.readInt32BE(i + 4) / scale,
    close: raw.readInt32BE(i + 8) / scale,
    low: raw.readInt32BE(i + 12) / scale,
    high: raw.readInt32BE(i + 16) / scale,
    volume: raw.readFloatBE(i + 20),
  }));
}

/** The ticks of one hour's file, `hourStartMs` being the hour's start (UTC). */
export function readTicks(file: Uint8Array, hourStartMs: number, scale = PRICE_SCALE): Tick[] {
  return readRecords(file, TICK_BYTES, (raw, i) => ({
    ts: hourStartMs + raw.readInt32BE(i),
    ask: raw.readInt32BE(i + 4) / scale,
    bid: raw.readInt32BE(i + 8) / scale,
  }));
}

/** A day's minute file as Dukascopy writes it (for the tests' and the bench's local server). */
export function writeCandles(candles: readonly Candle[], dayStartMs: number, scale = PRICE_SCALE): Uint8Array {
  if (candles.length === 0) return new Uint8Array(0);
  const raw = Buffer.alloc(candles.length * CANDLE_BYTES);
  candles.forEach((c, n) => {
    const i = n * CANDLE_BYTES;
    raw.writeInt32BE(Math.round((c.ts - dayStartMs) / 1000), i);
    raw.writeInt32BE(Math.round(c.open * scale), i + 4);
    raw.writeInt32BE(Math.round(c.close * scale), i + 8);
    raw.writeInt32BE(Math.round(c.low * scale), i + 12);
    raw.writeInt32BE(Math.round(c.high * scale), i + 16);
    raw.writeFloatBE(c.volume, i + 20);
  });
  return Buffer.from(lzma.compressFile(raw));
}

/** An hour's tick file as Dukascopy writes it. */
export function writeTicks(ticks: readonly Tick[], hourStartMs: number, scale = PRICE_SCALE): Uint8Array {
  if (ticks.length === 0) return new Uint8Array(0);
  const raw = Buffer.alloc(ticks.length * TICK_BYTES);
  ticks.forEach((t, n) => {
    const i = n * TICK_BYTES;
    raw.writeInt32BE(t.ts - hourStartMs, i);
    raw.writeInt32BE(Math.round(t.ask * scale), i + 4);
    raw.writeInt32BE(Math.round(t.bid * scale), i + 8);
    raw.writeFloatBE(1, i + 12);
    raw.writeFloatBE(1, i + 16);
  });
  return Buffer.from(lzma.compressFile(raw));
}
