import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMarketData } from '../../core/src/market/dataset/load';
import { runMarketHistory } from '../../core/src/market/ingest/backfill/job';
import { runBackfill } from '../../core/src/market/ingest/backfill/run';
import { prepareMarketData } from '../../core/src/market/ingest/startup';
import { createDukascopyProvider } from '../../core/src/market/vendors/dukascopy/client';
import { type DukascopyServer, dukascopyMid, startDukascopyServer } from '../../server/test/market/dukascopy-server';
import { compressBars } from '../../server/test/market/fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/db';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// Monday 6 January 2025: three trading days of simulated minutes, then the backfill.
const MON = Date.UTC(2025, 0, 6);
const SEED = 'backfill-test';

let server: DukascopyServer;
beforeAll(async () => {
  server = await startDukascopyServer();
});
afterAll(() => server.close());

function dukascopy(now: number) {
  return createDukascopyProvider({ baseUrl: server.baseUrl, minIntervalMs: 0, now: () => now });
}

async function sources(t: TestDatabase, pair: string, from: number, to: number) {
  const { rows } = await sql<{ source: string; n: number }>`
    SELECT source, count(*)::int AS n FROM fx_minute_bars
    WHERE pair = ${pair} AND ts >= ${new Date(from)} AND ts < ${new Date(to)} GROUP BY source ORDER BY source`.execute(
    t.db,
  );
  return Object.fromEntries(rows.map((r) => [r.source, r.n]));
}

/** Every rollup level agrees with the minutes under it (what fx_refresh_rollups would write from scratch). */
async function rollupMismatches(t: TestDatabase, pair: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH m AS (SELECT * FROM fx_minute_bars WHERE pair = ${pair}),
    h AS (
      SELECT date_trunc('hour', ts, 'UTC') AS ts, max(high) AS high, min(low) AS low,
             (array_agg(open ORDER BY ts))[1] AS open, (array_agg(close ORDER BY ts DESC))[1] AS close,
             (array_agg(source ORDER BY ts DESC))[1] AS source
      FROM m GROUP BY 1)
    SELECT count(*)::int AS n FROM h FULL JOIN (SELECT * FROM fx_hourly_bars WHERE pair = ${pair}) r USING (ts)
    WHERE (h.open, h.high, h.low, h.close, h.source) IS DISTINCT FROM (r.open, r.high, r.low, r.close, r.source)`.execute(
    t.db,
  );
  return rows[0]!.n;
}

describe('the history backfill (Dukascopy, local server)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await ensureMarketData(t.pool, { seed: SEED, from: MON, to: MON + 3 * DAY, pairs: ['GBPUSD', 'EURGBP'] });
    // On TimescaleDB the simulated minutes sit in compressed chunks, as old history does in production.
    await compressBars(t.db);
  });
  afterAll(() => t.drop());

  it('replaces simulated minutes chunk by chunk, resumes after a stop and a failure without a missing or doubled minute, and keeps the rollups right', async () => {
    const now = MON + 3 * DAY; // Thursday 00:00: Monday and Tuesday from day files, Wednesday from hourly ticks
    const base = { db: t.db, provider: dukascopy(now), now: () => now, fromMs: MON, pairs: ['GBPUSD'] as const };
    expect(await sources(t, 'GBPUSD', MON, now)).toEqual({ ecb_sim: 3 * 1440 });

    // Stopped after one chunk (a job's slice, or the worker stopping).
    const first = await runBackfill({ ...base, maxChunks: 1 });
    expect(first).toMatchObject({ chunks: 1, bars: 1440, finished: false, more: true });
    expect(await sources(t, 'GBPUSD', MON, MON + DAY)).toEqual({ dukascopy: 1440 });
    expect(await sources(t, 'GBPUSD', MON + DAY, now)).toEqual({ ecb_sim: 2 * 1440 });

    // The provider fails in the middle of Wednesday: Tuesday lands, Wednesday is asked again next time.
    server.failOnce.add('/GBPUSD/2025/00/08/05h_ticks.bi5');
    const second = await runBackfill(base);
    expect(second.error).toMatch(/HTTP 500/);
    expect(second.pairs[0]).toMatchObject({ through: new Date(MON + 2 * DAY), done: false });
    const { rows: progress } = await sql<{ last_error: string | null }>`
      SELECT last_error FROM fx_history_backfill WHERE pair = 'GBPUSD'`.execute(t.db);
    expect(progress[0]?.last_error).toMatch(/HTTP 500/);

    const third = await runBackfill(base);
    expect(third).toMatchObject({ finished: true, more: false, bars: 1440 });
    expect(third.error).toBeUndefined();
    expect(await sources(t, 'GBPUSD', MON, now)).toEqual({ dukascopy: 3 * 1440 });
    const { rows: minutes } = await sql<{ ts: Date; open: number }>`
      SELECT ts, open FROM fx_minute_bars WHERE pair = 'GBPUSD' AND ts >= ${new Date(MON)} AND ts < ${new Date(now)}
      ORDER BY ts`.execute(t.db);
    expect(minutes.map((m) => m.ts.getTime())).toEqual(Array.from({ length: 3 * 1440 }, (_, i) => MON + i * 60_000));
    for (const m of [minutes[0]!, minutes[1500]!, minutes[3000]!]) {
      expect(m.open).toBeCloseTo(dukascopyMid('GBPUSD', m.ts.getTime()), 9);
    }
    expect(await rollupMismatches(t, 'GBPUSD')).toBe(0);
    const { rows: daily } = await sql<{ source: string }>`
      SELECT source FROM fx_daily_bars WHERE pair = 'GBPUSD' AND ts >= ${new Date(MON)} ORDER BY ts`.execute(t.db);
    expect(daily.every((d) => d.source === 'dukascopy')).toBe(true);

    // Nothing left: a fourth run asks nothing and writes nothing.
    const before = server.requests.length;
    expect(await runBackfill(base)).toMatchObject({ chunks: 0, bars: 0, finished: true });
    expect(server.requests.length).toBe(before);
    // The other pair was never asked and is untouched.
    expect(await sources(t, 'EURGBP', MON, now)).toEqual({ ecb_sim: 3 * 1440 });
  });

  it('fills the hours missed while no worker ran from the provider at start, the data set only the current hour', async () => {
    // The worker stops on Thursday 00:00 with GBPUSD caught up (above) and starts again at 02:30.
    const later = MON + 3 * DAY + 2.5 * HOUR;
    const lines: string[] = [];
    await prepareMarketData({
      pool: t.pool,
      history: dukascopy(later),
      now: () => later,
      seed: SEED,
      log: (l) => lines.push(l),
    });
    expect(await sources(t, 'GBPUSD', MON + 3 * DAY, MON + 3 * DAY + 2 * HOUR)).toEqual({ dukascopy: 120 });
    expect(await sources(t, 'GBPUSD', MON + 3 * DAY + 2 * HOUR, later)).toEqual({ ecb_sim: 30 });
    expect(lines.join('\n')).toMatch(/120 minutes missed while stopped filled from Dukascopy/);
    // EURGBP had no backfill yet: the data set fills it, the background backfill will replace it.
    expect(await sources(t, 'EURGBP', MON + 3 * DAY, later)).toEqual({ ecb_sim: 150 });
    expect(await rollupMismatches(t, 'GBPUSD')).toBe(0);
  });

  it('asks again for the hours whose files are not out yet, instead of passing them by', async () => {
    const thu = MON + 3 * DAY;
    const now = thu + 6 * HOUR;
    const base = { db: t.db, provider: dukascopy(now), now: () => now, pairs: ['GBPUSD'] as const };
    server.unpublishedFrom = thu + 4 * HOUR; // 04:00 and 05:00 are over but not published
    try {
      const first = await runBackfill(base);
      expect(first.pairs[0]).toMatchObject({ through: new Date(thu + 4 * HOUR), done: false });
      expect(first.more).toBe(false);
      expect(await sources(t, 'GBPUSD', thu + 2 * HOUR, thu + 4 * HOUR)).toEqual({ dukascopy: 120 });
    } finally {
      server.unpublishedFrom = Number.POSITIVE_INFINITY;
    }
    const second = await runBackfill(base);
    expect(second.pairs[0]).toMatchObject({ through: new Date(now), done: true });
    expect(await sources(t, 'GBPUSD', thu, now)).toEqual({ dukascopy: 6 * 60 });
    expect(await rollupMismatches(t, 'GBPUSD')).toBe(0);
  });
});

describe('the market-history-backfill job', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('stops between two days when the worker shuts down, and queues the rest', async () => {
    const now = MON + 3 * DAY;
    const stop = new AbortController();
    // The provider answers one day, then the worker is told to stop while it writes.
    const provider = dukascopy(now);
    const stopping = {
      ...provider,
      fetchMinutes: async (pair: string, from: number, to: number, signal?: AbortSignal) => {
        const bars = await provider.fetchMinutes(pair, from, to, signal);
        stop.abort();
        return bars;
      },
    };
    const run = await runBackfill({
      db: t.db,
      provider: stopping,
      now: () => now,
      fromMs: MON,
      pairs: ['EURUSD', 'GBPAUD'],
      signal: stop.signal,
    });
    expect(run).toMatchObject({ chunks: 1, finished: false, more: true });
    expect(run.pairs.map((p) => p.pair)).toEqual(['EURUSD']);
    const { rows } = await sql<{ pair: string; through_ts: Date }>`
      SELECT pair, through_ts FROM fx_history_backfill WHERE pair IN ('EURUSD', 'GBPAUD')`.execute(t.db);
    expect(rows).toEqual([{ pair: 'EURUSD', through_ts: new Date(MON + DAY) }]);
    await sql`DELETE FROM fx_history_backfill`.execute(t.db); // the next test sets its own cursors
  });

  it('runs a slice and queues the next one once, however many slices ask; stops queueing when done', async () => {
    const now = MON + 3 * DAY;
    const market = { pool: t.pool, history: dukascopy(now) };
    const queued = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss_v12.job
          WHERE name = 'market-history-backfill' AND state = 'created'`.execute(t.db)
      ).rows[0]!.n;
    const slice = () => runMarketHistory({ db: t.db, log: () => {}, now: () => new Date(now), market, sliceChunks: 1 });
    // Pairs without a cursor start at HISTORY_START; here every pair is done but GBPUSD, three days behind.
    await sql`INSERT INTO fx_history_backfill (pair, provider, started_from, through_ts)
              SELECT p, 'dukascopy', ${new Date(MON)}::timestamptz, ${new Date(now)}::timestamptz
              FROM unnest(${['EURGBP', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD']}::text[]) p
              UNION ALL SELECT 'GBPUSD', 'dukascopy', ${new Date(MON)}::timestamptz, ${new Date(MON)}::timestamptz`.execute(
      t.db,
    );
    await slice();
    expect(await queued()).toBe(1);
    await slice(); // queues again while one waits: the queue keeps one
    expect(await queued()).toBe(1);
    await sql`DELETE FROM pgboss_v12.job WHERE name = 'market-history-backfill'`.execute(t.db);
    await slice(); // the last day: GBPUSD is done, nothing more is queued
    expect(await queued()).toBe(0);
    expect(await sources(t, 'GBPUSD', MON, now)).toEqual({ dukascopy: 3 * 1440 });
  });

  it("waits for the worker's own start-up before it writes, and gives up at shutdown", async () => {
    const now = MON + 3 * DAY;
    const stop = new AbortController();
    let starting: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      starting = resolve;
    });
    const requests = server.requests.length;
    const waiting = runMarketHistory({
      db: t.db,
      log: () => {},
      now: () => new Date(now),
      market: { pool: t.pool, history: dukascopy(now), signal: stop.signal, ready },
    });
    stop.abort(); // shut down while the data set still loads
    await waiting;
    expect(server.requests.length).toBe(requests);
    starting();
  });
});

describe('an offline start', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('loads the bundled data set as before, says so, and records why the provider did not answer', async () => {
    const now = MON + DAY;
    // A backfill had begun before: the start-up catch-up asks the (unreachable) provider, then falls back.
    await sql`INSERT INTO fx_history_backfill (pair, provider, started_from, through_ts)
              VALUES ('GBPUSD', 'dukascopy', ${new Date(MON)}, ${new Date(MON)})`.execute(t.db);
    const offline = createDukascopyProvider({
      baseUrl: 'http://127.0.0.1:9/datafeed',
      minIntervalMs: 0,
      now: () => now,
    });
    const lines: string[] = [];
    const loaded = await prepareMarketData({
      pool: t.pool,
      history: offline,
      now: () => now,
      seed: SEED,
      from: new Date(MON).toISOString(),
      log: (l) => lines.push(l),
    });
    expect(loaded.rows).toBe(6 * 1440);
    expect(await sources(t, 'GBPUSD', MON, now)).toEqual({ ecb_sim: 1440 });
    expect(lines.join('\n')).toMatch(
      /did not answer \(Dukascopy unreachable: .*\); missing minutes come from the bundled data set \(simulated\)/,
    );
    const { rows } = await sql<{ last_error: string | null; last_success_at: Date | null }>`
      SELECT last_error, last_success_at FROM market_fetch_status WHERE name = 'dukascopy'`.execute(t.db);
    expect(rows[0]).toMatchObject({ last_error: expect.stringMatching(/unreachable/), last_success_at: null });
  });
});
