import { randomUUID } from 'node:crypto';
import { rangeCheckMessage } from '@pippitch/shared/evidence';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEcbReferenceRates } from '../../../core/src/market/dataset/ecb-store';
import { QuoteHub } from '../../../core/src/market/live/quote-hub';
import { errorOf, signUp, signupInput, startTestApp, type TestApp, type TestClient, WORKED } from '../helpers';
import { compressBars, insertBars } from './fixtures';

// Issue 14 §1–2: the range-of-day check and the substantiation record saved with every calculation.
let h: TestApp;
let c: TestClient;
const NOW = new Date('2025-11-03T12:00:00Z'); // Monday; GMT, so London = UTC
const QUOTE_TIME = Date.parse('2025-11-03T11:59:30Z');

beforeAll(async () => {
  h = await startTestApp({}, (t) => {
    const quotes = new QuoteHub(t.db, t.url);
    quotes.publish([
      { pair: 'GBPUSD', bid: 1.3299, ask: 1.3301, mid: 1.33, timestamp: QUOTE_TIME, source: 'simulated' },
    ]);
    return { quotes };
  });
  h.clock.now = NOW;
  await insertBars(h.t.db, 'GBPUSD', '2025-10-27T00:00:00Z', '2025-11-03T12:00:00Z', 1.33);
  await insertBars(h.t.db, 'EURGBP', '2025-10-27T00:00:00Z', '2025-11-01T00:00:00Z', 0.88);
  await compressBars(h.t.db);
  expect(await storeEcbReferenceRates(h.t.db)).toBeGreaterThan(30_000);
  // Idempotent: a second start adds nothing.
  expect(await storeEcbReferenceRates(h.t.db)).toBe(0);
  c = h.client();
  await signUp(h.t.db, c, signupInput());
});
afterAll(() => h.close());

/** The day's low and high as the minutes say, to compare with the rollup the check reads. */
async function minuteRange(pair: string, from: string, to: string) {
  const { rows } = await sql<{ low: number; high: number }>`
    SELECT min(low) AS low, max(high) AS high FROM fx_minute_bars
    WHERE pair = ${pair} AND ts >= ${from}::timestamptz AND ts < ${to}::timestamptz`.execute(h.t.db);
  return rows[0]!;
}
const six = (n: number) => (Math.round(n * 1e6) / 1e6).toFixed(6);

describe('range-of-day check', () => {
  it("gives a trading day's low–high and the mid at the minute picked", async () => {
    const day = await minuteRange('GBPUSD', '2025-10-29T00:00:00Z', '2025-10-30T00:00:00Z');
    const r = await c.api.market.dayRange.query({ pair: 'GBPUSD', date: '2025-10-29', time: '14:05' });
    const close = await sql<{ close: number }>`
      SELECT close FROM fx_minute_bars WHERE pair = 'GBPUSD' AND ts = '2025-10-29T14:05:00Z'`.execute(h.t.db);
    expect(r).toEqual({
      found: true,
      range: { date: '2025-10-29', low: six(day.low), high: six(day.high) },
      mid: {
        rate: six(close.rows[0]!.close),
        at: '2025-10-29T14:05:00.000Z',
        source: 'ECB-anchored, simulated',
      },
    });
  });

  it('serves GBPEUR inverted: its low is 1 / the stored high', async () => {
    const day = await minuteRange('EURGBP', '2025-10-29T00:00:00Z', '2025-10-30T00:00:00Z');
    const r = await c.api.market.dayRange.query({ pair: 'GBPEUR', date: '2025-10-29' });
    expect(r).toMatchObject({ found: true, range: { low: six(1 / day.high), high: six(1 / day.low) }, mid: null });
  });

  it('a minute with no bar uses the latest within 5 minutes before it, and none beyond that', async () => {
    // Friday 31 Oct: the fixture's market closes at 22:00 (last bar 21:59).
    const near = await c.api.market.dayRange.query({ pair: 'GBPUSD', date: '2025-10-31', time: '22:03' });
    expect(near).toMatchObject({ found: true, mid: { at: '2025-10-31T21:59:00.000Z' } });
    const far = await c.api.market.dayRange.query({ pair: 'GBPUSD', date: '2025-10-31', time: '22:06' });
    expect(far).toMatchObject({ found: true, mid: null });
  });

  it("today's check uses the server's latest quote as the mid", async () => {
    const r = await c.api.market.dayRange.query({ pair: 'GBPUSD', date: '2025-11-03' });
    expect(r).toMatchObject({
      found: true,
      mid: { rate: '1.330000', at: new Date(QUOTE_TIME).toISOString(), source: 'Simulated feed' },
    });
  });

  it('a weekend, a date with nothing before it, a date before the data and a future date each get their answer', async () => {
    // A weekend is checked against the last trading session (issue 31 §1): Friday's, and its latest minute.
    expect(await c.api.market.dayRange.query({ pair: 'GBPUSD', date: '2025-11-01' })).toMatchObject({
      found: true,
      range: { date: '2025-10-31', session: { forDate: '2025-11-01', from: '00:00', to: '21:59' } },
      mid: { at: '2025-10-31T21:59:00.000Z', source: 'ECB-anchored, simulated' },
    });
    expect(await c.api.market.dayRange.query({ pair: 'GBPUSD', date: '2024-10-05' })).toEqual({
      found: false,
      message: 'No prices for 5 Oct 2024 (markets are closed at weekends) and none before it: choose a trading day.',
    });
    expect(await c.api.market.dayRange.query({ pair: 'GBPUSD', date: '2024-09-01' })).toEqual({
      found: false,
      message: 'No prices before 30 Sep 2024: the range-of-day check starts there.',
    });
    const future = await errorOf(c.api.market.dayRange.query({ pair: 'GBPUSD', date: '2025-11-04' }));
    expect(future).toEqual({ code: 'BAD_REQUEST', message: 'The range-of-day check cannot look at a future date.' });
    const badTime = await errorOf(c.api.market.dayRange.query({ pair: 'GBPUSD', date: '2025-10-29', time: '25:99' }));
    expect(badTime).toEqual({ code: 'BAD_REQUEST', message: 'Invalid time format. Use format like 09:00 or 9:00 AM' });
  });

  it('signed-out callers are refused', async () => {
    const err = await errorOf(h.client().api.market.dayRange.query({ pair: 'GBPUSD', date: '2025-10-29' }));
    expect(err.code).toBe('UNAUTHORIZED');
  });
});

describe('the substantiation record', () => {
  it("is saved with a calculation from the server's own facts and shown in Calculation Details", async () => {
    const id = randomUUID();
    await c.api.calculator.save.mutate({
      ...WORKED,
      id,
      useOffMarketRate: true, // 1.2650 is below the day (issue 22: saved only when the broker says so)
      competitorRate: '1.2650',
      comparisonDate: '2025-11-03',
      clientName: 'Evidence Ltd',
    });
    const [entry] = await c.api.calculator.forCompany.query({ companyName: 'Evidence Ltd' });
    const today = await minuteRange('GBPUSD', '2025-11-03T00:00:00Z', '2025-11-04T00:00:00Z');
    expect(entry?.evidence).toEqual({
      mid: { rate: '1.330000', source: 'Simulated feed', at: new Date(QUOTE_TIME).toISOString() },
      method:
        'Your rate + margin vs competitor rate; costs = amount ÷ rate; pips at 0.0001; annual saving = saving per trade × trades per year.',
      // The day's own fix (the figures are checked in the next test).
      ecb: { fixDate: '2025-11-03', rate: expect.stringMatching(/^1\.\d{6}$/), derivation: expect.any(String) },
      range: {
        date: '2025-11-03',
        low: six(today.low),
        high: six(today.high),
        rate: '1.2650',
        position: 'below',
        mid: { rate: '1.330000', at: new Date(QUOTE_TIME).toISOString() },
        // (1.2650 − 1.33) ÷ 1.33 × 10,000
        bpsFromMid: '-488.7',
      },
      // GBP/USD: costs are pounds already (issue 22).
      gbp: { rate: '1', source: 'GBP pair', at: null },
    });
    expect(rangeCheckMessage(entry!.evidence!.range!)).toMatch(/^Outside the day's range 1\.\d{4}–1\.\d{4}: check/);
  });

  it("for a comparison at a past minute, the mid is that minute's bar (or the latest within 5 minutes)", async () => {
    const save = async (comparisonTime: string, clientName: string) => {
      await c.api.calculator.save.mutate({
        ...WORKED,
        id: randomUUID(),
        useOffMarketRate: true,
        comparisonDate: '2025-10-31',
        comparisonTime,
        clientName,
      });
      return (await c.api.calculator.forCompany.query({ companyName: clientName }))[0]?.evidence;
    };
    const bar = await sql<{ close: number }>`
      SELECT close FROM fx_minute_bars WHERE pair = 'GBPUSD' AND ts = '2025-10-31T21:59:00Z'`.execute(h.t.db);
    const mid = {
      rate: six(bar.rows[0]!.close),
      at: '2025-10-31T21:59:00.000Z',
      source: 'ECB-anchored, simulated',
    };
    const near = await save('22:02', 'Past Minute One');
    expect(near?.mid).toEqual(mid);
    expect(near?.range).toMatchObject({ date: '2025-10-31', mid: { rate: mid.rate, at: mid.at } });
    // Seven minutes after the last bar there is no mid, and the record says none rather than guess.
    expect((await save('22:06', 'Past Minute Two'))?.mid).toBeNull();
    const wrong = await errorOf(
      c.api.calculator.save.mutate({
        ...WORKED,
        id: randomUUID(),
        comparisonDate: '2025-10-31',
        comparisonTime: '9am',
      }),
    );
    expect(wrong).toEqual({ code: 'BAD_REQUEST', message: 'Comparison time must be HH:MM' });
  });

  it('quotes the ECB reference rate of the comparison date, derived as a cross, or the last fix before it', async () => {
    const save = async (comparisonDate: string, pair: 'GBPUSD' | 'GBPEUR' | 'GBPNOK', clientName: string) => {
      await c.api.calculator.save.mutate({
        ...WORKED,
        id: randomUUID(),
        useOffMarketRate: true,
        pair,
        comparisonDate,
        clientName,
      });
      return (await c.api.calculator.forCompany.query({ companyName: clientName }))[0]?.evidence;
    };
    // 31 Oct 2025: USD 1.1554, GBP 0.8816, NOK 11.6485 per EUR (the ECB's file).
    expect((await save('2025-10-31', 'GBPUSD', 'Ecb One'))?.ecb).toEqual({
      fixDate: '2025-10-31',
      rate: '1.310572',
      derivation: 'USD 1.1554 ÷ GBP 0.8816 per EUR',
    });
    expect((await save('2025-10-31', 'GBPEUR', 'Ecb Two'))?.ecb).toEqual({
      fixDate: '2025-10-31',
      rate: '1.134301',
      derivation: '1 ÷ GBP 0.8816 per EUR',
    });
    // A Saturday quotes Friday's fix; no quote for GBPNOK, so no mid, and no bars, so no range.
    expect(await save('2025-11-01', 'GBPNOK', 'Ecb Three')).toMatchObject({
      mid: null,
      ecb: { fixDate: '2025-10-31', rate: '13.212908', derivation: 'NOK 11.6485 ÷ GBP 0.8816 per EUR' },
      range: null,
    });
    // Long after the file's last fix there is none, and the record says so rather than quote an old one.
    expect((await save('2026-11-02', 'GBPUSD', 'Ecb Four'))?.ecb).toBeNull();
  });
});
