import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCandles, readTicks, writeCandles } from '../../../core/src/market/vendors/dukascopy/bi5';
import { createDukascopyProvider, dukascopyPath } from '../../../core/src/market/vendors/dukascopy/client';
import { barsFromCandles, barsFromTicks } from '../../../core/src/market/vendors/dukascopy/transform';
import { type DukascopyServer, dukascopyMid, startDukascopyServer } from './dukascopy-server';

const FIXTURES = join(import.meta.dirname, 'dukascopy');
const DAY = Date.UTC(2019, 1, 4);

describe('Dukascopy .bi5 files', () => {
  it('reads a day of minute candles Dukascopy wrote (time, open, close, low, high, volume)', () => {
    const candles = readCandles(readFileSync(join(FIXTURES, 'EURUSD-2019-02-04-BID_candles_min_1.bi5')), DAY);
    expect(candles).toHaveLength(1440);
    expect(candles[0]).toEqual({
      ts: DAY,
      open: 1.14543,
      close: 1.14569,
      low: 1.14542,
      high: 1.1457,
      volume: expect.closeTo(293.76, 2),
    });
    expect(candles[1]).toMatchObject({ ts: DAY + 60_000, open: 1.14569, close: 1.14575, low: 1.14565, high: 1.1458 });
    expect(candles.at(-1)).toMatchObject({
      ts: DAY + 86_340_000,
      open: 1.14351,
      close: 1.14349,
      low: 1.14349,
      high: 1.14353,
    });
  });

  it('reads an hour of ticks Dukascopy wrote and makes minute mids of them', () => {
    const ticks = readTicks(readFileSync(join(FIXTURES, 'EURUSD-2019-02-04-00h_ticks.bi5')), DAY);
    expect(ticks[0]).toEqual({ ts: DAY + 994, ask: 1.14545, bid: 1.14543 });
    expect(ticks[1]).toEqual({ ts: DAY + 1271, ask: 1.14546, bid: 1.14544 });
    const bars = barsFromTicks(ticks);
    expect(bars[0]).toMatchObject({ ts: DAY, open: 1.14544 });
    expect(bars.length).toBeGreaterThan(50);
    expect(bars.length).toBeLessThanOrEqual(60);
    for (const b of bars) {
      expect(b.ts % 60_000).toBe(0);
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
    }
  });

  it('writes what it reads (the local server’s files), and an empty file is no data', () => {
    const candles = [{ ts: DAY + 120_000, open: 1.2, close: 1.21, low: 1.19, high: 1.22, volume: 3 }];
    expect(readCandles(writeCandles(candles, DAY), DAY)).toEqual(candles);
    expect(readCandles(new Uint8Array(0), DAY)).toEqual([]);
  });

  it('pairs bid and ask candles into mids, leaving out a minute one side lacks', () => {
    const bid = [
      { ts: DAY, open: 1.1, close: 1.2, low: 1.0, high: 1.3, volume: 1 },
      { ts: DAY + 60_000, open: 1.1, close: 1.1, low: 1.1, high: 1.1, volume: 1 },
    ];
    const ask = [{ ts: DAY, open: 1.10002, close: 1.20002, low: 1.00002, high: 1.30002, volume: 1 }];
    expect(barsFromCandles(bid, ask)).toEqual([
      { ts: DAY, open: 1.10001, close: 1.20001, low: 1.00001, high: 1.30001 },
    ]);
  });

  it('names files as Dukascopy does: months from 0, hours of ticks', () => {
    expect(dukascopyPath('EURUSD', DAY, 'BID')).toBe('EURUSD/2019/01/04/BID_candles_min_1.bi5');
    expect(dukascopyPath('GBPUSD', Date.UTC(2025, 11, 31, 7), 'ticks')).toBe('GBPUSD/2025/11/31/07h_ticks.bi5');
  });
});

describe('the Dukascopy provider against a local Dukascopy server', () => {
  let server: DukascopyServer;
  const now = Date.UTC(2025, 0, 10, 15, 30);
  beforeAll(async () => {
    server = await startDukascopyServer();
  });
  afterAll(() => server.close());
  const provider = () => createDukascopyProvider({ baseUrl: server.baseUrl, minIntervalMs: 0, now: () => now });

  it('reads a completed day from its bid and ask minute files, as mids', async () => {
    server.requests.length = 0;
    const day = Date.UTC(2025, 0, 6);
    const bars = await provider().fetchMinutes('GBPUSD', day, day + 86_400_000);
    expect(server.requests.sort()).toEqual([
      '/GBPUSD/2025/00/06/ASK_candles_min_1.bi5',
      '/GBPUSD/2025/00/06/BID_candles_min_1.bi5',
    ]);
    expect(bars).toHaveLength(1440);
    expect(bars[600]!.ts).toBe(day + 600 * 60_000);
    expect(bars[600]!.open).toBeCloseTo(dukascopyMid('GBPUSD', day + 600 * 60_000), 9);
  });

  it('reads the last day from hourly tick files, only hours that are over', async () => {
    server.requests.length = 0;
    const today = Date.UTC(2025, 0, 10);
    const bars = await provider().fetchMinutes('EURGBP', today + 13 * 3_600_000, today + 86_400_000);
    expect(server.requests).toEqual(['/EURGBP/2025/00/10/13h_ticks.bi5', '/EURGBP/2025/00/10/14h_ticks.bi5']);
    expect(bars).toHaveLength(120);
    expect(bars[0]).toMatchObject({ ts: today + 13 * 3_600_000, open: dukascopyMid('EURGBP', today + 13 * 3_600_000) });
  });

  it('asks once more when a connection is reset before any answer, and reports a second reset', async () => {
    const day = Date.UTC(2025, 0, 6);
    server.requests.length = 0;
    server.resetNext = 1;
    expect(await provider().fetchMinutes('GBPUSD', day, day + 86_400_000)).toHaveLength(1440);
    expect(server.requests).toHaveLength(3);
    server.resetNext = 2;
    const one = createDukascopyProvider({ baseUrl: server.baseUrl, minIntervalMs: 0, now: () => day + 3_600_000 });
    await expect(one.fetchMinutes('GBPUSD', day, day + 3_600_000)).rejects.toThrow(/Dukascopy unreachable: ECONNRESET/);
    server.resetNext = 0;
  });

  it('answers no minutes where Dukascopy has no file, and says what failed otherwise', async () => {
    expect(await provider().fetchMinutes('XXXYYY', Date.UTC(2025, 0, 6), Date.UTC(2025, 0, 7))).toEqual([]);
    server.failWith = 503;
    try {
      await expect(provider().fetchMinutes('GBPUSD', Date.UTC(2025, 0, 6), Date.UTC(2025, 0, 7))).rejects.toThrow(
        /Dukascopy answered HTTP 503 for GBPUSD\/2025\/00\/06\/(BID|ASK)_candles_min_1\.bi5/,
      );
    } finally {
      server.failWith = null;
    }
    const closed = createDukascopyProvider({
      baseUrl: 'http://127.0.0.1:9/datafeed',
      minIntervalMs: 0,
      now: () => now,
    });
    await expect(closed.fetchMinutes('GBPUSD', Date.UTC(2025, 0, 6), Date.UTC(2025, 0, 7))).rejects.toThrow(
      /Dukascopy unreachable/,
    );
  });
});
