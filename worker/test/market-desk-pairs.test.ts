import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackfill } from '../../core/src/market/ingest/backfill/run';
import { createDukascopyProvider } from '../../core/src/market/vendors/dukascopy/client';
import { type DukascopyServer, dukascopyMid, startDukascopyServer } from '../../server/test/market/dukascopy-server';
import { createTestDatabase, type TestDatabase } from '../../test/db';

// Issue 34 §2–3: the worker keeps what the desks chose. A desk adding USD/JPY (a pair Dukascopy quotes, in files of
// 3 decimals) and GBP/PLN (a cross it does not quote) makes the backfill fetch USDJPY and the zloty leg USDPLN, and
// derive GBPPLN minute by minute from GBPUSD × USDPLN.
const DAY = 86_400_000;
const MON = Date.UTC(2025, 0, 6);
const NOW = MON + 2 * DAY; // Wednesday 00:00: Monday's day files are out
const UNTIL = MON + DAY; // Monday only: two files per pair

let server: DukascopyServer;
let t: TestDatabase;
beforeAll(async () => {
  server = await startDukascopyServer();
  t = await createTestDatabase();
  await sql`INSERT INTO companies (name, domain, price_per_month, subscription_price, quoted_pairs)
            VALUES ('Import Desk', 'importdesk.co.uk', 0, 0, ARRAY['GBPUSD', 'GBPPLN', 'USDJPY'])`.execute(t.db);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await t?.drop();
});

async function bars(pair: string) {
  const { rows } = await sql<{ ts: Date; close: number; high: number; low: number; open: number; source: string }>`
    SELECT ts, open, high, low, close, source FROM fx_minute_bars WHERE pair = ${pair} ORDER BY ts`.execute(t.db);
  return rows;
}

describe('pairs a desk adds', () => {
  it('are backfilled from the provider, and a cross the provider lacks is derived from its two legs', async () => {
    const provider = createDukascopyProvider({ baseUrl: server.baseUrl, minIntervalMs: 0, now: () => NOW });
    const run = await runBackfill({ db: t.db, provider, now: () => NOW, fromMs: MON, untilMs: UNTIL });
    // The six's stored pairs first (a fresh install's), then what the desk's additions need; never GBPPLN itself.
    const asked = new Set(server.requests.map((p) => p.split('/')[1]));
    expect(asked).toEqual(new Set(['GBPUSD', 'EURGBP', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD', 'USDJPY', 'USDPLN']));
    expect(run.pairs.map((p) => p.pair).slice(-2)).toEqual(['USDJPY', 'USDPLN']);

    // USD/JPY: its own minutes, read at the files' 3 decimals (not 5).
    const jpy = await bars('USDJPY');
    expect(jpy).toHaveLength(1440);
    const nine = MON + 9 * 3_600_000;
    const jpyAtNine = jpy.find((b) => b.ts.getTime() === nine);
    expect(jpyAtNine?.source).toBe('dukascopy');
    expect(jpyAtNine?.open).toBe(dukascopyMid('USDJPY', nine));
    expect(jpyAtNine?.open).toBeGreaterThan(149);

    // GBP/PLN: GBP/USD × USD/PLN at the same minute, to 6 decimals, for every minute both legs have.
    const pln = await bars('GBPPLN');
    expect(pln).toHaveLength(1440);
    const plnAtNine = pln.find((b) => b.ts.getTime() === nine);
    const hand = Math.round(dukascopyMid('GBPUSD', nine) * dukascopyMid('USDPLN', nine) * 1e6) / 1e6;
    expect(plnAtNine).toMatchObject({ source: 'derived', open: hand });
    for (const b of pln) expect(b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close)).toBe(true);
    const { rows: cursor } = await sql<{ provider: string; through_ts: Date; bars_written: number }>`
      SELECT provider, through_ts, bars_written FROM fx_history_backfill WHERE pair = 'GBPPLN'`.execute(t.db);
    expect(cursor).toEqual([{ provider: 'derived', through_ts: new Date(UNTIL), bars_written: 1440 }]);

    // Its rollups exist like any pair's: the chart's 3M reads them.
    const { rows: hours } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM fx_hourly_bars WHERE pair = 'GBPPLN'`.execute(t.db);
    expect(hours[0]?.n).toBe(24);

    // A second run writes nothing again (the cursors moved with the bars).
    server.requests.length = 0;
    const again = await runBackfill({ db: t.db, provider, now: () => NOW, fromMs: MON, untilMs: UNTIL });
    expect(again.bars).toBe(0);
  });
});
