import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/src/config';
import { ensureMarketData } from '../../core/src/market/dataset/load';
import { createHistoryProvider } from '../../core/src/market/history/provider';
import { runBackfill } from '../../core/src/market/ingest/backfill/run';
import { createTraderMadeHistory } from '../../core/src/market/vendors/tradermade/history-client';
import { barsFromTimeseries } from '../../core/src/market/vendors/tradermade/history-transform';
import {
  startTimeseriesServer,
  TIMESERIES_KEY,
  type TimeseriesServer,
  timeseriesMid,
} from '../../server/test/market/tradermade-timeseries-server';
import { createTestDatabase, type TestDatabase } from '../../test/db';

// Issue 21 §1/§5: the configured vendor's own history (TraderMade's timeseries), against a local server.
const MON = Date.UTC(2025, 0, 6);
const DAY = 86_400_000;

let server: TimeseriesServer;
beforeAll(async () => {
  server = await startTimeseriesServer();
});
afterAll(() => server.close());

describe("TraderMade's timeseries", () => {
  it('reads records as UTC minute mids, leaves out broken rows, and turns a refusal into its message', () => {
    const body = {
      quotes: [
        { date: '2025-01-06 10:01:00', open: 1.2, high: 1.21, low: 1.19, close: 1.205 },
        { date: '2025-01-06 10:00:00', open: '1.1', high: '1.1', low: '1.1', close: '1.1' },
        { date: '2025-01-06 10:02:00', open: null, high: 1, low: 1, close: 1 },
        { date: 'yesterday', open: 1, high: 1, low: 1, close: 1 },
      ],
    };
    expect(barsFromTimeseries(body)).toEqual([
      { ts: Date.UTC(2025, 0, 6, 10, 0), open: 1.1, high: 1.1, low: 1.1, close: 1.1 },
      { ts: Date.UTC(2025, 0, 6, 10, 1), open: 1.2, high: 1.21, low: 1.19, close: 1.205 },
    ]);
    expect(() => barsFromTimeseries({ message: 'Invalid currency' })).toThrow(
      'TraderMade timeseries: Invalid currency',
    );
  });

  it('asks for one day at a time, by minute, and never shows the key in an error', async () => {
    const provider = createTraderMadeHistory({ baseUrl: server.baseUrl, apiKey: TIMESERIES_KEY });
    server.requests.length = 0;
    const bars = await provider.fetchMinutes('GBPUSD', MON, MON + DAY);
    expect(bars).toHaveLength(1440);
    expect(bars[61]).toMatchObject({ ts: MON + 61 * 60_000, open: timeseriesMid('GBPUSD', MON + 61 * 60_000) });
    const asked = server.requests[0]!.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      currency: 'GBPUSD',
      start_date: '2025-01-06-00:00',
      end_date: '2025-01-06-23:59',
      interval: 'minute',
      period: '1',
      format: 'records',
    });
    const wrongKey = createTraderMadeHistory({ baseUrl: server.baseUrl, apiKey: 'secret-wrong-key' });
    const err = await wrongKey.fetchMinutes('GBPUSD', MON, MON + DAY).catch((e: Error) => e);
    expect((err as Error).message).toBe('TraderMade timeseries: HTTP 401 for GBPUSD');
    expect((err as Error).message).not.toContain('secret-wrong-key');
  });

  it('is the history provider by default when the TraderMade feed is configured', () => {
    const config = loadConfig({ FX_FEED_URL: server.baseUrl, FX_FEED_API_KEY: TIMESERIES_KEY });
    expect(createHistoryProvider(config).name).toBe('tradermade');
    expect(createHistoryProvider(loadConfig({})).name).toBe('dukascopy');
    expect(createHistoryProvider(loadConfig({ NODE_ENV: 'test' })).name).toBe('bundled');
    expect(() => loadConfig({ HISTORY_PROVIDER: 'tradermade' })).toThrow(/needs FX_FEED_URL and FX_FEED_API_KEY/);
  });
});

describe('a backfill from TraderMade', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await ensureMarketData(t.pool, { seed: 'tm', from: MON, to: MON + 2 * DAY, pairs: ['GBPUSD'] });
  });
  afterAll(() => t.drop());

  it('replaces the simulated minutes with TraderMade’s, source on every bar', async () => {
    const provider = createTraderMadeHistory({ baseUrl: server.baseUrl, apiKey: TIMESERIES_KEY });
    const now = MON + 2 * DAY;
    const run = await runBackfill({ db: t.db, provider, now: () => now, fromMs: MON, pairs: ['GBPUSD'] });
    expect(run).toMatchObject({ finished: true, bars: 2 * 1440 });
    const { rows } = await sql<{ source: string; n: number }>`
      SELECT source, count(*)::int AS n FROM fx_minute_bars WHERE pair = 'GBPUSD' GROUP BY source`.execute(t.db);
    expect(rows).toEqual([{ source: 'tradermade', n: 2 * 1440 }]);
    const { rows: hourly } = await sql<{ source: string }>`
      SELECT DISTINCT source FROM fx_hourly_bars WHERE pair = 'GBPUSD'`.execute(t.db);
    expect(hourly).toEqual([{ source: 'tradermade' }]);
  });
});
