import { STORED_PAIRS, type StoredPair } from '@pippitch/shared/pairs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecbFixTime, indexAtOrAfter, indexContaining, timeOfIndex } from '../../core/src/market/dataset/calendar';
import { CURRENCIES, type EcbFix, loadEcbFixes } from '../../core/src/market/dataset/ecb';
import { HISTORY_START_MS, pathModel } from '../../core/src/market/dataset/index';
import { ensureMarketData } from '../../core/src/market/dataset/load';
import { PathModel } from '../../core/src/market/dataset/model';
import { pairOhlc } from '../../core/src/market/dataset/pairs';
import { createSimulatedFeed } from '../../core/src/market/vendors/simulated/feed';
import { createTestDatabase, type TestDatabase } from '../../test/db';

const SEED = 'test-seed';
const NOW = Date.parse('2026-11-22T12:00:00Z');
const fixes = loadEcbFixes('2024-09-30');

/** A stored pair's exact value on an ECB row, derived the way the data README says (GBPUSD = USD/GBP, …). */
function fixValue(fix: EcbFix, pair: StoredPair): number {
  const rate = (code: string) => (code === 'EUR' ? 1 : fix.rates[CURRENCIES.indexOf(code as never)]!);
  const base = pair.slice(0, 3);
  return base === 'EUR' ? rate(pair.slice(3)) : rate(pair.slice(3)) / rate(base);
}

/** Weekend by the calendar, computed independently of the module under test. */
function isWeekend(ms: number): boolean {
  const d = new Date(ms);
  const dow = d.getUTCDay();
  const h = d.getUTCHours();
  return (dow === 5 && h >= 22) || dow === 6 || (dow === 0 && h < 22);
}

interface BarRow {
  pair: string;
  ts: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  source: string;
}

describe('market calendar and ECB fixes', () => {
  it('places the fix at 14:10 CET: 13:10 UTC in winter, 12:10 UTC in summer', () => {
    expect(new Date(ecbFixTime('2025-01-02')).toISOString()).toBe('2025-01-02T13:10:00.000Z');
    expect(new Date(ecbFixTime('2025-03-28')).toISOString()).toBe('2025-03-28T13:10:00.000Z');
    expect(new Date(ecbFixTime('2025-03-31')).toISOString()).toBe('2025-03-31T12:10:00.000Z');
    expect(new Date(ecbFixTime('2025-10-24')).toISOString()).toBe('2025-10-24T12:10:00.000Z');
    expect(new Date(ecbFixTime('2025-10-27')).toISOString()).toBe('2025-10-27T13:10:00.000Z');
  });

  it('numbers trading minutes only: Friday 21:59 UTC is followed by Sunday 22:00 UTC', () => {
    const friday = Date.parse('2025-01-03T21:59:00Z');
    const k = indexContaining(friday)!;
    expect(new Date(timeOfIndex(k + 1)).toISOString()).toBe('2025-01-05T22:00:00.000Z');
    expect(indexContaining(Date.parse('2025-01-04T12:00:00Z'))).toBeNull();
    expect(indexAtOrAfter(Date.parse('2025-01-04T12:00:00Z'))).toBe(k + 1);
  });

  it('reads the ECB file oldest first, skipping TARGET holidays', () => {
    expect(fixes[0]?.date).toBe('2024-09-30');
    expect(fixes.at(-1)?.date).toBe('2026-04-13');
    const dates = new Set(fixes.map((f) => f.date));
    for (const holiday of ['2024-12-25', '2024-12-26', '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-01']) {
      expect(dates.has(holiday)).toBe(false);
    }
    expect(fixes.filter((f) => f.date <= '2025-09-30')).toHaveLength(256);
  });
});

describe('price model', () => {
  const sample = (model: PathModel, from: number, to: number) => {
    const out: number[] = [];
    model.forEachMinute(from, to, (_, ticks) => out.push(...ticks));
    return out;
  };

  it('is deterministic: same seed, same ticks; another seed, other ticks', () => {
    const k = indexAtOrAfter(Date.parse('2025-06-10T09:00:00Z'));
    const a = sample(new PathModel(fixes, SEED, HISTORY_START_MS), k, k + 500);
    const b = sample(new PathModel(fixes, SEED, HISTORY_START_MS), k, k + 500);
    const c = sample(new PathModel(fixes, 'another-seed', HISTORY_START_MS), k, k + 500);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('does not depend on the window asked for, before or after the last fix', () => {
    for (const start of ['2025-02-03T00:00:00Z', '2026-05-04T00:00:00Z']) {
      const k = indexAtOrAfter(Date.parse(start));
      const whole = sample(new PathModel(fixes, SEED, HISTORY_START_MS), k, k + 4000);
      const parts = new PathModel(fixes, SEED, HISTORY_START_MS);
      expect([...sample(parts, k + 2500, k + 4000)]).toEqual(whole.slice(2500 * 25));
      expect([...sample(parts, k, k + 2500)]).toEqual(whole.slice(0, 2500 * 25));
    }
  });

  it('keeps the crosses consistent at every tick: GBPUSD = EURUSD / EURGBP', () => {
    const k = indexAtOrAfter(Date.parse('2025-08-01T00:00:00Z'));
    const [g, e, u] = [new Float64Array(4), new Float64Array(4), new Float64Array(4)];
    pathModel(SEED).forEachMinute(k, k + 3000, (_, ticks) => {
      pairOhlc('GBPUSD', ticks, g);
      pairOhlc('EURGBP', ticks, e);
      pairOhlc('EURUSD', ticks, u);
      for (const i of [0, 3]) expect(Math.abs(g[i]! - u[i]! / e[i]!) / g[i]!).toBeLessThanOrEqual(1e-12);
    });
  });
});

describe('ensureMarketData', () => {
  let t: TestDatabase;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const bars = async (pair: string, from: string, to: string) =>
    (
      await t.pool.query<BarRow>('SELECT * FROM fx_minute_bars WHERE pair = $1 AND ts >= $2 AND ts < $3 ORDER BY ts', [
        pair,
        from,
        to,
      ])
    ).rows;

  beforeAll(async () => {
    t = await createTestDatabase();
    // Two steps, to check that the second adds only what is missing.
    await ensureMarketData(t.pool, { now: NOW, seed: SEED, from: '2024-12-20', to: '2024-12-27', log });
    const second = await ensureMarketData(t.pool, { now: NOW, seed: SEED, from: '2024-12-20', to: '2025-01-07', log });
    expect(second.pairs.map((p) => p.first?.toISOString())).toEqual(STORED_PAIRS.map(() => '2024-12-27T00:00:00.000Z'));
    // Around the switch to summer time, and across the last fix into the free walk.
    await ensureMarketData(t.pool, { now: NOW, seed: SEED, from: '2025-03-27', to: '2025-04-02', log });
    await ensureMarketData(t.pool, { now: NOW, seed: SEED, from: '2026-04-09', to: '2026-04-16', log });
  });
  afterAll(() => t.drop());

  it('prints progress per pair', () => {
    expect(lines).toContain('market data: loading GBPUSD 2024-12-20 → 2024-12-26 … 0%');
    expect(lines.some((l) => /^market data: loading GBPAUD 2024-12-27 → 2025-01-06 … 100% \(/.test(l))).toBe(true);
  });

  it('passes exactly through every ECB fix at the fix minute, holidays and the clock change included', async () => {
    const windows: [string, string][] = [
      ['2024-12-20', '2025-01-07'],
      ['2025-03-27', '2025-04-02'],
      ['2026-04-09', '2026-04-16'],
    ];
    let checked = 0;
    for (const [from, to] of windows) {
      const inWindow = fixes.filter((f) => f.date >= from && f.date < to);
      expect(inWindow.length).toBeGreaterThanOrEqual(3);
      for (const pair of STORED_PAIRS) {
        const rows = await bars(pair, from, to);
        const byTime = new Map(rows.map((r) => [r.ts.getTime(), r]));
        for (const fix of inWindow) {
          const bar = byTime.get(fix.at);
          expect(bar, `${pair} bar at ${fix.date} fix`).toBeDefined();
          expect(bar!.close).toBe(fixValue(fix, pair));
          expect(byTime.get(fix.at + 60_000)?.open).toBe(fixValue(fix, pair));
          checked++;
        }
      }
    }
    expect(checked).toBe(6 * fixes.filter((f) => windows.some(([a, b]) => f.date >= a && f.date < b)).length);
  });

  it('has every trading minute once and no bar from Friday 22:00 to Sunday 22:00 UTC', async () => {
    const from = Date.parse('2024-12-20T00:00:00Z');
    const to = Date.parse('2025-01-07T00:00:00Z');
    let expected = 0;
    for (let ms = from; ms < to; ms += 60_000) if (!isWeekend(ms)) expected++;
    for (const pair of STORED_PAIRS) {
      const rows = await bars(pair, '2024-12-20', '2025-01-07');
      expect(rows).toHaveLength(expected);
      expect(rows.filter((r) => isWeekend(r.ts.getTime()))).toEqual([]);
      expect(rows.every((r) => r.source === 'ecb_sim')).toBe(true);
    }
    const { rows } = await t.pool.query(
      `SELECT count(*)::int AS n FROM fx_minute_bars
       WHERE (extract(isodow FROM ts AT TIME ZONE 'UTC') = 5 AND extract(hour FROM ts AT TIME ZONE 'UTC') >= 22)
          OR extract(isodow FROM ts AT TIME ZONE 'UTC') = 6
          OR (extract(isodow FROM ts AT TIME ZONE 'UTC') = 7 AND extract(hour FROM ts AT TIME ZONE 'UTC') < 22)`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('stores what the seeded model produces, whichever steps loaded it', async () => {
    const model = new PathModel(fixes, SEED, HISTORY_START_MS);
    const from = indexAtOrAfter(Date.parse('2024-12-20T00:00:00Z'));
    const to = indexAtOrAfter(Date.parse('2025-01-07T00:00:00Z'));
    for (const pair of ['GBPSEK', 'EURGBP'] as const) {
      const expected: number[][] = [];
      const ohlc = new Float64Array(4);
      model.forEachMinute(from, to, (k, ticks) => {
        pairOhlc(pair, ticks, ohlc);
        expected.push([timeOfIndex(k), ...ohlc]);
      });
      const rows = await bars(pair, '2024-12-20', '2025-01-07');
      expect(rows.map((r) => [r.ts.getTime(), r.open, r.high, r.low, r.close])).toEqual(expected);
    }
  });

  it('keeps GBPUSD = EURUSD / EURGBP within 1e-9 (relative) at every stored minute', async () => {
    const { rows } = await t.pool.query<{ n: number; worst: number }>(
      `SELECT count(*)::int AS n,
              max(greatest(abs(g.close - u.close / e.close) / g.close, abs(g.open - u.open / e.open) / g.open)) AS worst
       FROM fx_minute_bars g
       JOIN fx_minute_bars u ON u.pair = 'EURUSD' AND u.ts = g.ts
       JOIN fx_minute_bars e ON e.pair = 'EURGBP' AND e.ts = g.ts
       WHERE g.pair = 'GBPUSD'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(30_000);
    expect(rows[0]!.worst).toBeLessThanOrEqual(1e-9);
  });

  it('moves with a realistic volatility (annualised 3–15% from one-minute changes)', async () => {
    const { rows } = await t.pool.query<{ pair: string; vol: number }>(
      `SELECT pair, stddev_samp(r) * sqrt(256 * 1440) AS vol FROM (
         SELECT pair, ln(close / lag(close) OVER (PARTITION BY pair ORDER BY ts)) AS r
         FROM fx_minute_bars WHERE ts < '2025-01-07') x
       WHERE r IS NOT NULL GROUP BY pair`,
    );
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r.vol, r.pair).toBeGreaterThan(0.03);
    for (const r of rows) expect(r.vol, r.pair).toBeLessThan(0.15);
  });

  it('adds nothing when nothing is missing', async () => {
    const again = await ensureMarketData(t.pool, { now: NOW, seed: SEED, from: '2024-12-20', to: '2025-01-07' });
    expect(again.rows).toBe(0);
  });

  it('never generates the current minute or the future', async () => {
    const now = Date.parse('2026-04-16T10:30:30Z');
    await ensureMarketData(t.pool, { now, seed: SEED, pairs: ['GBPUSD'], to: '2030-01-01' });
    const { rows } = await t.pool.query<{ last: Date }>(
      `SELECT max(ts) AS last FROM fx_minute_bars WHERE pair = 'GBPUSD'`,
    );
    expect(rows[0]!.last.toISOString()).toBe('2026-04-16T10:29:00.000Z');
  });

  it("fills the gap before the live poller's minutes, which started first (issue 31 §4), and leaves them", async () => {
    // Polling began at 12:00:30 and stored its 12:00 minute; the load beside it stops at the minute before.
    await t.pool.query(
      `INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
       VALUES ('GBPUSD', '2026-04-16T12:00:00Z', 1.31, 1.31, 1.31, 1.31, 'feed')`,
    );
    // As the poller does with each minute it writes (store.ts).
    await t.pool.query(`SELECT fx_refresh_rollups('GBPUSD', '2026-04-16T12:00:00Z', '2026-04-16T12:01:00Z')`);
    const load = await ensureMarketData(t.pool, {
      now: Date.parse('2026-04-16T11:59:30Z'),
      seed: SEED,
      pairs: ['GBPUSD'],
    });
    expect(load.pairs.map((p) => [p.first?.toISOString(), p.last?.toISOString()])).toEqual([
      ['2026-04-16T10:30:00.000Z', '2026-04-16T11:58:00.000Z'],
    ]);
    const { rows } = await t.pool.query<{ source: string; close: number }>(
      `SELECT source, close FROM fx_minute_bars WHERE pair = 'GBPUSD' AND ts = '2026-04-16T12:00:00Z'`,
    );
    expect(rows).toEqual([{ source: 'feed', close: 1.31 }]);
  });

  it('keeps every rollup (15 min, 30 min, hour, London day) equal to the minutes it summarises', async () => {
    const buckets = {
      fx_15min_bars: `date_bin(interval '15 minutes', ts, timestamptz '2000-01-01 00:00:00+00')`,
      fx_30min_bars: `date_bin(interval '30 minutes', ts, timestamptz '2000-01-01 00:00:00+00')`,
      fx_hourly_bars: `date_trunc('hour', ts, 'UTC')`,
      fx_daily_bars: `date_trunc('day', ts, 'Europe/London')`,
    };
    for (const [table, bucket] of Object.entries(buckets)) {
      const { rows } = await t.pool.query<{ n: number; wrong: number }>(
        `WITH m AS (
           SELECT pair, ${bucket} AS ts,
                  (array_agg(open ORDER BY ts))[1] AS open, max(high) AS high, min(low) AS low,
                  (array_agg(close ORDER BY ts DESC))[1] AS close
           FROM fx_minute_bars GROUP BY 1, 2)
         SELECT count(*)::int AS n,
                count(*) FILTER (WHERE h.ts IS NULL OR (h.open, h.high, h.low, h.close) <> (m.open, m.high, m.low, m.close))::int AS wrong
         FROM m LEFT JOIN ${table} h USING (pair, ts)`,
      );
      expect(rows[0]!.n, table).toBeGreaterThan(table === 'fx_daily_bars' ? 20 : 1000);
      expect(rows[0]!.wrong, table).toBe(0);
    }
  });

  it('feeds the simulated live feed from the same path, so live prices continue the stored ones', async () => {
    const fixMinute = fixes.find((f) => f.date === '2025-01-02')!.at;
    const atTick = async (ms: number) => createSimulatedFeed({ seed: SEED, clock: () => ms }).fetchQuotes(STORED_PAIRS);
    const stored = new Map((await bars('EURGBP', '2025-01-02', '2025-01-03')).map((r) => [r.ts.getTime(), r]));
    // 13:11:00 is the first tick of the minute after the fix: the fix itself.
    const [eurgbp] = (await atTick(fixMinute + 60_000)).filter((q) => q.pair === 'EURGBP');
    expect(eurgbp?.mid).toBe(stored.get(fixMinute)!.close);
    expect(eurgbp?.ts.toISOString()).toBe('2025-01-02T13:11:00.000Z');
    expect(eurgbp!.bid).toBeLessThan(eurgbp!.mid);
    expect(eurgbp!.ask).toBeGreaterThan(eurgbp!.mid);
    // The first tick of any minute is that minute's stored open.
    const quotes = await atTick(Date.parse('2025-01-02T09:17:05Z'));
    for (const q of quotes) {
      const [row] = await bars(q.pair, '2025-01-02T09:17:00Z', '2025-01-02T09:18:00Z');
      expect(q.mid, q.pair).toBe(row!.open);
      expect(q.source).toBe('simulated');
    }
    // Market closed: Friday's last tick, stamped inside Friday's last minute.
    const weekend = await atTick(Date.parse('2025-01-04T15:00:00Z'));
    expect(weekend[0]?.ts.toISOString()).toBe('2025-01-03T21:59:45.000Z');
  });
});
