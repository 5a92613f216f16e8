import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillChosenPairsFromDataSet } from '../../core/src/market/dataset/added-pairs';
import { ecbFixTime } from '../../core/src/market/dataset/calendar';
import { bundledHistory } from '../../core/src/market/history/types';
import { prepareMarketData } from '../../core/src/market/ingest/startup';
import { createTestDatabase, type TestDatabase } from '../../test/db';

// Issue 34 §2, offline: with no history provider, the pairs the desks chose get the bundled data set's minutes as the
// six do, from the bundled ECB file: a direct pair (USD/JPY) under its own code, a derived cross (GBP/PLN) under its
// own code too (no real legs to derive it from), a daily-only pair (GBP/INR) none (its ECB fixes are its bars). A
// pair added while the worker runs is filled by the history job, up to the first minute the live feed wrote.
const SEED = 'pairs-offline';
const FROM = '2026-04-08';
const NOW = Date.parse('2026-04-15T12:00:00Z');
/** The bundled ECB file's fix of 13 Apr 2026, units per EUR. */
const FIX = { USD: 1.1684, JPY: 186.75, GBP: 0.87058, PLN: 4.2543, CHF: 0.9242 };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await sql`INSERT INTO companies (name, domain, price_per_month, subscription_price, quoted_pairs)
            VALUES ('Import Desk', 'importdesk.co.uk', 0, 0, ARRAY['GBPUSD', 'USDJPY', 'GBPPLN', 'GBPINR'])`.execute(
    t.db,
  );
}, 120_000);
afterAll(async () => {
  await t?.drop();
});

const closeAt = async (pair: string, at: number) =>
  (
    await sql<{ close: number; source: string }>`SELECT close, source FROM fx_minute_bars
      WHERE pair = ${pair} AND ts = ${new Date(at)}`.execute(t.db)
  ).rows[0];

const counts = async () =>
  Object.fromEntries(
    (
      await sql<{ pair: string; n: number }>`SELECT pair, count(*)::int AS n FROM fx_minute_bars GROUP BY pair`.execute(
        t.db,
      )
    ).rows.map((r) => [r.pair, r.n]),
  );

describe('the bundled data set for the pairs desks chose', () => {
  it('fills a direct pair and a derived cross like the six, anchored on the ECB fixes; a daily-only pair gets none', async () => {
    const lines: string[] = [];
    const load = await prepareMarketData({
      pool: t.pool,
      history: bundledHistory,
      now: () => NOW,
      seed: SEED,
      from: FROM,
      log: (line) => lines.push(line),
    });
    expect(load.pairs.map((p) => p.pair)).toEqual([
      'GBPUSD',
      'EURGBP',
      'EURUSD',
      'GBPNOK',
      'GBPSEK',
      'GBPAUD',
      'GBPPLN',
      'USDJPY',
    ]);
    const n = await counts();
    expect(n.USDJPY).toBe(n.GBPUSD);
    expect(n.GBPPLN).toBe(n.GBPUSD);
    expect(Object.keys(n).filter((p) => p.includes('INR') || p === 'USDPLN')).toEqual([]);
    // At the fix minute each pair opens at the ECB's cross of the day (a wobble of 2 bp aside, the model's dollar
    // and pound pinned to it), as the six do.
    const fix = ecbFixTime('2026-04-13');
    const jpy = await closeAt('USDJPY', fix);
    const pln = await closeAt('GBPPLN', fix);
    expect(jpy?.source).toBe('ecb_sim');
    expect(pln?.source).toBe('ecb_sim');
    expect(jpy!.close / (FIX.JPY / FIX.USD)).toBeCloseTo(1, 3);
    expect(pln!.close / (FIX.PLN / FIX.GBP)).toBeCloseTo(1, 3);
    // Stored as the market quotes it: yen per dollar (about 160), not dollars per yen.
    expect(jpy!.close).toBeGreaterThan(100);
  });

  it('a pair added while the worker runs is filled by the history job up to the first minute the feed wrote', async () => {
    await sql`UPDATE companies SET quoted_pairs = quoted_pairs || ARRAY['USDCHF']`.execute(t.db);
    const live = NOW - 60_000;
    await sql`INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
              VALUES ('USDCHF', ${new Date(live)}, 0.79, 0.79, 0.79, 0.79, 'simulated')`.execute(t.db);
    const before = await counts();
    const added = await fillChosenPairsFromDataSet(t.pool, NOW + 120_000, () => {}, { seed: SEED, from: FROM });
    const after = await counts();
    // Only USD/CHF: the six and the others were filled, from the same start, at startup.
    expect(added).toBe((after.USDCHF ?? 0) - 1);
    for (const pair of Object.keys(before)) if (pair !== 'USDCHF') expect(after[pair], pair).toBe(before[pair]);
    expect(after.USDCHF).toBe(after.GBPUSD);
    const { rows } = await sql<{ ts: Date; source: string }>`SELECT ts, source FROM fx_minute_bars
      WHERE pair = 'USDCHF' ORDER BY ts DESC LIMIT 2`.execute(t.db);
    expect(rows.map((r) => r.source)).toEqual(['simulated', 'ecb_sim']);
    expect(rows[1]!.ts.getTime()).toBeLessThan(live);
    const chf = await closeAt('USDCHF', ecbFixTime('2026-04-13'));
    expect(chf!.close / (FIX.CHF / FIX.USD)).toBeCloseTo(1, 3);
    // Run again: nothing more to add.
    expect(await fillChosenPairsFromDataSet(t.pool, NOW + 120_000, () => {}, { seed: SEED, from: FROM })).toBe(0);
  });
});
