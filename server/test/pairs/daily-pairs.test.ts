import { randomUUID } from 'node:crypto';
import { DAILY_BAND_PERCENT } from '@pippitch/shared/daily-reference';
import { backfillText, lastTickText, realSpanText } from '@pippitch/shared/data-status';
import { tradeSourceText } from '@pippitch/shared/pack';
import { evidenceLines } from '@pippitch/shared/pitch-summary';
import { DAILY_REFERENCE_LABEL } from '@pippitch/shared/sources';
import { londonDateOf } from '@pippitch/shared/time';
import { OFF_MARKET_CONFIRM_NEEDED } from '@pippitch/shared/totals';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEcbReferenceRates } from '../../../core/src/market/dataset/ecb-store';
import { runMarketHistory } from '../../../core/src/market/ingest/backfill/job';
import { systemScope } from '../../../core/src/queries/scope';
import { reportData } from '../../../core/src/services/reports/report-data';
import { errorOf, ownerOfNewCompany, startTestApp, type TestApp, type TestClient } from '../helpers';

// Issue 34 §2: a currency with no minute market in the provider (the rupee: non-deliverable) is priced from the ECB's
// daily reference rate only, and every place that names a price's source says 'daily reference rate — no intraday
// prices'. A desk adds GBP/INR; the worker's history job (with no provider: the bundled ECB file is enough) stores
// one bar per fix; a pitch, the rate lookup, the chart and a pack are priced on it with those words. The range
// check is a band of DAILY_BAND_PERCENT around the day's one rate.

// The bundled file's last two fixes (core/data/fx): 10 Apr 2026 INR 108.7795, GBP 0.87105 per EUR; 13 Apr 2026
// INR 109.047, GBP 0.87058. GBP/INR = INR ÷ GBP, to 6 decimals, worked by hand.
const FRIDAY_FIX = '124.883187';
const MONDAY_FIX = '125.257874';
const NOW = new Date('2026-04-14T10:00:00Z');

let h: TestApp;
let owner: TestClient;
let companyId: string;
let logged: string[];

beforeAll(async () => {
  h = await startTestApp();
  h.clock.now = NOW;
  ({ c: owner, companyId } = await ownerOfNewCompany(h, 'Rupee Desk'));
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute(); // packs need it
  await owner.api.company.setPairs.mutate({ pairs: ['GBPUSD', 'GBPINR'] });
  await storeEcbReferenceRates(h.t.db); // as every worker start does
  logged = [];
  // The job the desk's choice sent, as the worker runs it, without a history provider.
  await runMarketHistory({ db: h.t.db, log: (m) => logged.push(m), now: () => NOW, market: null });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

function pitch(competitorRate: string, extra: { comparisonDate?: string; useOffMarketRate?: boolean } = {}) {
  const id = randomUUID();
  return owner.api.calculator.save
    .mutate({
      id,
      pair: 'GBPINR',
      yourRate: '124.0000',
      competitorRate,
      amount: '50000',
      tradesPerYear: 12,
      marginPips: 0,
      comparisonDate: '2026-04-10',
      clientName: 'Mumbai Textiles Ltd',
      ...extra,
    })
    .then(() => id);
}

async function evidenceOf(id: string) {
  const { rows } = await sql<{ evidence: string; off_market: boolean }>`
    SELECT evidence::text AS evidence, off_market FROM calculations WHERE id = ${id}`.execute(h.t.db);
  return JSON.parse(rows[0]!.evidence);
}

describe('a daily-only pair (GBP/INR)', () => {
  it('gets one bar per ECB fix, at the fix minute, from the history job with no provider', async () => {
    const { rows } = await sql<{ ts: Date; close: number; high: number; low: number; source: string }>`
      SELECT ts, close, high, low, source FROM fx_minute_bars
      WHERE pair = 'GBPINR' AND ts >= '2026-04-10' ORDER BY ts`.execute(h.t.db);
    // 14:10 CEST is 12:10 UTC; one bar a business day, open = high = low = close.
    expect(rows).toEqual([
      {
        ts: new Date('2026-04-10T12:10:00Z'),
        close: 124.883187,
        high: 124.883187,
        low: 124.883187,
        source: 'ecb_daily',
      },
      {
        ts: new Date('2026-04-13T12:10:00Z'),
        close: 125.257874,
        high: 125.257874,
        low: 125.257874,
        source: 'ecb_daily',
      },
    ]);
    expect(logged.some((l) => l.includes('daily reference rates for GBPINR'))).toBe(true);
    // Its rollups exist like any pair's, and a second run adds nothing.
    const { rows: days } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM fx_daily_bars WHERE pair = 'GBPINR' AND ts >= '2026-04-06T23:00Z'`.execute(h.t.db);
    expect(days[0]?.n).toBe(5); // London 7–10 and 13 Apr
    logged = [];
    await runMarketHistory({ db: h.t.db, log: (m) => logged.push(m), now: () => NOW, market: null });
    expect(logged).toEqual([]);
  });

  it("is listed on the admins' data card with its span of fixes and no backfill to wait for", async () => {
    const status = await owner.api.market.dataStatus.query();
    const inr = status.pairs.find((p) => p.pair === 'GBPINR');
    // The first fix on or after 30 Sep 2024 (14:10 CEST = 12:10 UTC), the last in the bundled file.
    expect(inr).toEqual({
      pair: 'GBPINR',
      provider: 'ecb_daily',
      realFrom: '2024-09-30T12:10:00.000Z',
      realTo: '2026-04-13T12:10:00.000Z',
      progressPct: 100,
      lastTick: null,
      lastError: null,
      // Nothing to retry: the fixes come with the ECB job, not a provider's backfill.
      nextTryAt: null,
    });
    expect([realSpanText(inr!), backfillText(inr!), lastTickText(inr!)]).toEqual([
      'Daily reference rate — no intraday prices: ECB fixes 30 Sep 2024 – 13 Apr 2026',
      'Each ECB fix added when published',
      'No live feed: one rate a day',
    ]);
  });

  it('prices a pitch on the day’s reference rate and says so in the record', async () => {
    const id = await pitch('122.5000');
    const evidence = await evidenceOf(id);
    expect(evidence.mid).toEqual({ rate: FRIDAY_FIX, at: '2026-04-10T12:10:00.000Z', source: DAILY_REFERENCE_LABEL });
    // ±3% of 124.883187: 121.136691–128.629683.
    expect(evidence.range).toMatchObject({
      date: '2026-04-10',
      low: '121.136691',
      high: '128.629683',
      position: 'inside',
      daily: { rate: FRIDAY_FIX, bandPercent: DAILY_BAND_PERCENT },
      bpsFromMid: '-190.8',
    });
    const lines = evidenceLines('GBPINR', evidence);
    expect(lines[0]).toBe(`Mid used: 124.8832 (${DAILY_REFERENCE_LABEL}, 10 Apr 2026, 13:10 London)`);
    expect(lines[1]).toBe(
      'Competitor rate: Within 3% of the ECB reference rate 124.8832 of 10 Apr 2026, -190.8 bps from it. Daily reference rate — no intraday prices: the check is a 3% band around the day’s one rate.'.replace(
        '’',
        "'",
      ),
    );
    expect(lines[2]).toBe(
      'ECB reference rate 10 Apr 2026: GBP/INR 124.8832 (INR 108.7795 ÷ GBP 0.87105 per EUR). Source: ECB, for information purposes only.',
    );
  });

  it('calls a rate more than 3% from the day’s reference rate off-market', async () => {
    const refused = await errorOf(pitch('120.0000'));
    expect(refused.message).toBe(OFF_MARKET_CONFIRM_NEEDED);
    const id = await pitch('120.0000', { useOffMarketRate: true });
    const evidence = await evidenceOf(id);
    expect(evidence.range).toMatchObject({ position: 'below', bpsFromMid: '-391.0' });
    expect(evidenceLines('GBPINR', evidence)[1]).toContain(
      'More than 3% from the ECB reference rate 124.8832 of 10 Apr 2026: -391.0 bps from it; check the rate or the date.',
    );
  });

  it('checks a Saturday against Friday’s reference rate, saying so', async () => {
    const id = await pitch('125.0000', { comparisonDate: '2026-04-11' });
    const evidence = await evidenceOf(id);
    expect(evidence.range).toMatchObject({ date: '2026-04-10', daily: { forDate: '2026-04-11' }, position: 'inside' });
    expect(evidenceLines('GBPINR', evidence)[1]).toContain(
      'of 10 Apr 2026 (none on Saturday 11 Apr: the last published before it)',
    );
  });

  it('answers the rate at any minute of the day with the day’s reference rate, and names it on the chart', async () => {
    const at = await owner.api.market.rateAt.query({ pair: 'GBPINR', date: '2026-04-13', time: '09:00' });
    expect(at).toEqual({
      found: true,
      rate: Number(MONDAY_FIX),
      at: '2026-04-13T12:10:00.000Z',
      source: 'daily',
      minuteSource: DAILY_REFERENCE_LABEL,
      simulated: false,
    });
    const series = await owner.api.market.series.query({
      pair: 'GBPINR',
      interval: 'daily',
      startDate: '2026-04-06',
      endDate: '2026-04-13',
    });
    expect(series.source).toBe('daily');
    expect(series.sources.map((s) => s.source)).toEqual(['daily']);
    expect(series.points).toHaveLength(5);
  });

  it("is named in the monthly report's sources, with its band", async () => {
    // The save stamps the database's now(): the pitches are moved to the test's day, which the report spans.
    await sql`UPDATE calculations SET created_at = ${h.clock.now}`.execute(h.t.db);
    const day = londonDateOf(h.clock.now);
    const report = await reportData(h.t.db, systemScope('system:reports', companyId), { start: day, end: day });
    expect(report.pairNotes).toEqual([
      "GBP/INR: daily reference rate — no intraday prices. Priced from the ECB's reference rate of the day (or the last before it); a rate more than 3% from it is off-market.",
    ]);
    const rupee = report.brokers[0]?.clients.find((c) => c.pair === 'GBPINR');
    expect(rupee).toMatchObject({ midRate: FRIDAY_FIX, ecbRate: FRIDAY_FIX });
  });

  it('prices a pack’s trades on their day’s reference rate, naming it on each row', async () => {
    const { rows } = await sql<{ lead_id: string }>`
      SELECT lead_id FROM calculations WHERE lead_id IS NOT NULL LIMIT 1`.execute(h.t.db);
    const csv = [
      'date,time,pair,direction,amount,rate',
      '2026-04-10,09:30,GBPINR,sell,100000,122.0000',
      '2026-04-13,16:00,GBPINR,sell,100000,123.0000',
      '2026-04-13,16:00,GBPINR,sell,100000,100.0000',
    ].join('\n');
    const pack = await owner.api.packs.create.mutate({ leadId: rows[0]!.lead_id, csv, marginBps: 20 });
    // A 09:30 trade is priced on that day's fix, published later the same day: the day's one rate.
    expect(pack.trades[0]).toMatchObject({
      mid: { rate: FRIDAY_FIX, at: '2026-04-10T12:10:00.000Z', source: DAILY_REFERENCE_LABEL, minutesBefore: 0 },
      note: null,
    });
    expect(tradeSourceText(pack.trades[0]!)).toBe(DAILY_REFERENCE_LABEL);
    expect(pack.trades[1]?.mid).toMatchObject({ rate: MONDAY_FIX, source: DAILY_REFERENCE_LABEL });
    expect(pack.trades[2]).toMatchObject({
      offMarket: true,
      note: 'Off-market: 100.0000 is more than 3% from the ECB reference rate 125.2579 of 13 Apr 2026 (no intraday prices); not in the totals',
    });
    expect(pack.totals.priced).toBe(2);
  });
});
