import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signUp, signupInput, startTestApp, type TestApp, type TestClient } from '../helpers';
import { closeAt, compressBars, insertBars, isHypertable } from './fixtures';

let h: TestApp;
let c: TestClient;
const NOW = new Date('2025-11-03T12:00:00Z'); // a Monday

beforeAll(async () => {
  h = await startTestApp();
  h.clock.now = NOW;
  await insertBars(h.t.db, 'GBPUSD', '2025-07-01T00:00:00Z', '2025-11-01T00:00:00Z', 1.33);
  await insertBars(h.t.db, 'EURGBP', '2025-07-01T00:00:00Z', '2025-11-01T00:00:00Z', 0.86);
  await insertBars(h.t.db, 'GBPUSD', '2025-03-24T00:00:00Z', '2025-04-05T00:00:00Z', 1.29);
  await insertBars(h.t.db, 'EURGBP', '2024-09-30T00:00:00Z', '2024-10-05T00:00:00Z', 0.84);
  // Test bars on the two clock-change Sundays (the real market is closed then; these only pin the maths).
  await sql`INSERT INTO fx_minute_bars VALUES
    ('GBPUSD', '2025-03-30T08:00:00Z', 1.3001, 1.3001, 1.3001, 1.3001, 'import'),
    ('GBPUSD', '2025-03-30T09:00:00Z', 1.3002, 1.3002, 1.3002, 1.3002, 'import'),
    ('GBPUSD', '2025-10-26T08:00:00Z', 1.2001, 1.2001, 1.2001, 1.2001, 'import'),
    ('GBPUSD', '2025-10-26T09:00:00Z', 1.2002, 1.2002, 1.2002, 1.2002, 'import')`.execute(h.t.db);
  // GBPSEK: the data set's bars, then the simulated feed's from Wednesday 29 Oct 10:00 London.
  await insertBars(h.t.db, 'GBPSEK', '2025-10-20T00:00:00Z', '2025-10-29T10:00:00Z', 13.1);
  await insertBars(h.t.db, 'GBPSEK', '2025-10-29T10:00:00Z', '2025-11-01T00:00:00Z', 13.1, 'simulated');
  // On TimescaleDB every chunk is compressed, so history is read over compressed chunks as in production.
  compressed = await compressBars(h.t.db);
  c = h.client();
  await signUp(h.t.db, c, signupInput());
});
let compressed = 0;
afterAll(() => h.close());

describe('storage', () => {
  it('on TimescaleDB the bars are a hypertable and the tests read compressed chunks', async () => {
    const hyper = await isHypertable(h.t.db);
    expect(hyper).toBe(Boolean(process.env.EXPECT_TIMESCALEDB));
    if (hyper) expect(compressed).toBeGreaterThan(10);
    else expect(compressed).toBe(0);
  });

  it('every rollup holds exactly the OHLC of the minutes it summarises', async () => {
    const buckets = {
      fx_15min_bars: sql`date_bin(interval '15 minutes', ts, timestamptz '2000-01-01 00:00:00+00')`,
      fx_30min_bars: sql`date_bin(interval '30 minutes', ts, timestamptz '2000-01-01 00:00:00+00')`,
      fx_hourly_bars: sql`date_trunc('hour', ts, 'UTC')`,
      fx_daily_bars: sql`date_trunc('day', ts, 'Europe/London')`,
    };
    for (const [table, bucket] of Object.entries(buckets)) {
      // Compared over GBPSEK, whose bars all came through the fixture (and so through fx_refresh_rollups).
      const { rows } = await sql<{ rollup: number; minutes: number; differing: number }>`
        WITH m AS (
          SELECT ${bucket} AS ts, (array_agg(open ORDER BY ts))[1] AS open, max(high) AS high, min(low) AS low,
                 (array_agg(close ORDER BY ts DESC))[1] AS close, (array_agg(source ORDER BY ts DESC))[1] AS source
          FROM fx_minute_bars WHERE pair = 'GBPSEK' GROUP BY 1
        ), r AS (SELECT ts, open, high, low, close, source FROM ${sql.table(table)} WHERE pair = 'GBPSEK')
        SELECT (SELECT count(*) FROM r)::int AS rollup, (SELECT count(*) FROM m)::int AS minutes,
               (SELECT count(*) FROM (SELECT * FROM m EXCEPT SELECT * FROM r) d)::int AS differing`.execute(h.t.db);
      expect({ table, ...rows[0] }).toEqual({
        table,
        rollup: rows[0]!.minutes,
        minutes: rows[0]!.minutes,
        differing: 0,
      });
      expect(rows[0]!.minutes).toBeGreaterThan(8);
    }
  });
});

describe('series', () => {
  it('1D minute: the last day of stored data, every minute, ending at the newest bar', async () => {
    const s = await c.api.market.series.query({ pair: 'GBPUSD', timeframe: '1D' });
    expect(s.interval).toBe('minute');
    // Data ends Friday 31 Oct 21:59 UTC; the day before that is 24 h of weekday minutes.
    expect(s.points).toHaveLength(1440);
    expect(new Date(s.points.at(-1)!.t).toISOString()).toBe('2025-10-31T21:59:00.000Z');
    expect(s.points.at(-1)!.price).toBeCloseTo((await closeAt(h.t.db, 'GBPUSD', '2025-10-31T21:59:00Z'))!, 6);
    expect(s.source).toBe('ecb_sim');
  });

  it('5D 15-minute and 1M 30-minute: each point is the last close in its bucket; weekends stay gaps', async () => {
    // The 5 days before Friday 22:00 hold no weekend; the 30 days hold four.
    for (const [timeframe, minutes, longestGap] of [
      ['5D', 15, 15],
      ['1M', 30, 48 * 60 + 30],
    ] as const) {
      const s = await c.api.market.series.query({ pair: 'GBPUSD', timeframe });
      for (const p of s.points.slice(0, 50)) {
        const lastMinute = new Date(p.t + (minutes - 1) * 60_000).toISOString();
        expect(p.price).toBeCloseTo((await closeAt(h.t.db, 'GBPUSD', lastMinute))!, 6);
      }
      const steps = s.points.slice(1).map((p, i) => (p.t - s.points[i]!.t) / 60_000);
      expect(Math.min(...steps)).toBe(minutes);
      expect(Math.max(...steps)).toBe(longestGap); // Friday 22:00 → Sunday 22:00
      const weekend = s.points.filter((p) => {
        const d = new Date(p.t);
        const fixture = d.toISOString().startsWith('2025-10-26T0'); // the clock-change test bars
        return !fixture && (d.getUTCDay() === 6 || (d.getUTCDay() === 0 && d.getUTCHours() < 22));
      });
      expect(weekend.map((p) => new Date(p.t).toISOString())).toEqual([]);
    }
  });

  it('3M hourly from the rollup matches the minute bars', async () => {
    const s = await c.api.market.series.query({ pair: 'GBPUSD', timeframe: '3M' });
    expect(s.interval).toBe('hourly');
    expect(s.points.length).toBeGreaterThan(1400);
    const sample = s.points.filter((_, i) => i % 97 === 0);
    for (const p of sample) {
      const lastMinute = new Date(p.t + 59 * 60_000).toISOString();
      expect(p.price).toBeCloseTo((await closeAt(h.t.db, 'GBPUSD', lastMinute))!, 6);
    }
  });

  it('GBPEUR is 1 / EURGBP, point for point', async () => {
    const inv = await c.api.market.series.query({ pair: 'GBPEUR', timeframe: '5D' });
    const direct = await h.t.db
      .selectFrom('fx_minute_bars')
      .select(['ts', 'close'])
      .where('pair', '=', 'EURGBP')
      .where(
        'ts',
        'in',
        inv.points.slice(0, 20).map((p) => new Date(p.t + 14 * 60_000)),
      )
      .orderBy('ts')
      .execute();
    expect(direct).toHaveLength(20);
    for (const [i, row] of direct.entries()) expect(inv.points[i]!.price).toBeCloseTo(1 / row.close, 6);
  });

  it('date ranges are swapped when reversed and clamped to 2024-09-30 … yesterday', async () => {
    const swapped = await c.api.market.series.query({
      pair: 'GBPUSD',
      interval: 'daily',
      startDate: '2025-10-31',
      endDate: '2025-10-27',
    });
    expect(swapped.points.map((p) => new Date(p.t).toISOString().slice(0, 10))).toEqual([
      '2025-10-27',
      '2025-10-28',
      '2025-10-29',
      '2025-10-30',
      '2025-10-31',
    ]);
    expect(swapped.clamped).toBe(false);
    const clamped = await c.api.market.series.query({
      pair: 'GBPEUR',
      interval: 'daily',
      startDate: '2020-01-01',
      endDate: '2024-10-02',
    });
    expect(clamped.clamped).toBe(true);
    expect(clamped.from).toBe('2024-09-29T23:00:00.000Z'); // 2024-09-30 00:00 London (BST)
    expect(clamped.points.length).toBe(3);
    const future = await c.api.market.series.query({
      pair: 'GBPUSD',
      interval: 'hourly',
      startDate: '2025-10-31',
      endDate: '2030-01-01',
    });
    expect(future.clamped).toBe(true);
    expect(future.to).toBe('2025-11-03T00:00:00.000Z'); // end of yesterday (Sunday 2 Nov, GMT)
  });

  it('every series is bounded: a longer span than its interval allows is refused with a clear message', async () => {
    // The audit's request: minute prices over two years (806,400 points).
    const twoYears = await errorOf(
      c.api.market.series.query({ pair: 'GBPUSD', interval: 'minute', startDate: '2024-09-30', endDate: '2025-11-02' }),
    );
    expect(twoYears.code).toBe('BAD_REQUEST');
    expect(twoYears.message).toBe(
      "Minute prices cover at most 1 day per request. Choose a shorter date range or the 'daily' interval.",
    );
    const twoDays = await errorOf(
      c.api.market.series.query({ pair: 'GBPUSD', interval: 'minute', startDate: '2025-10-01', endDate: '2025-10-02' }),
    );
    expect(twoDays.message).toBe(
      "Minute prices cover at most 1 day per request. Choose a shorter date range or the '15min' interval.",
    );
    expect(
      (await errorOf(c.api.market.series.query({ pair: 'GBPUSD', timeframe: '3M', interval: '15min' }))).message,
    ).toBe("15-minute prices cover at most 22 days per request. Choose a shorter date range or the 'hourly' interval.");
    // The longest span each interval allows is served, within ~2,200 points (the clock-change day has 25 hours).
    for (const [interval, startDate, endDate] of [
      ['minute', '2025-10-26', '2025-10-26'],
      ['minute', '2025-10-01', '2025-10-01'],
      ['15min', '2025-10-01', '2025-10-22'],
      ['30min', '2025-09-01', '2025-10-15'],
      ['hourly', '2025-08-03', '2025-10-31'],
      ['daily', '2024-09-30', '2025-11-02'],
    ] as const) {
      const s = await c.api.market.series.query({ pair: 'GBPUSD', interval, startDate, endDate });
      expect(s.interval).toBe(interval);
      expect(s.points.length).toBeGreaterThan(0);
      expect(s.points.length).toBeLessThanOrEqual(2_200);
    }
    const day = await c.api.market.series.query({
      pair: 'GBPUSD',
      interval: 'minute',
      startDate: '2025-10-01',
      endDate: '2025-10-01',
    });
    expect(day.points).toHaveLength(1440);
  });

  it('names the sources that make up the series, in time order', async () => {
    const s = await c.api.market.series.query({ pair: 'GBPSEK', timeframe: '5D' });
    expect(s.source).toBe('mixed');
    expect(s.sources).toEqual([
      { source: 'ecb_sim', from: new Date(s.points[0]!.t).toISOString(), to: '2025-10-29T10:00:00.000Z' },
      { source: 'simulated', from: '2025-10-29T10:00:00.000Z', to: '2025-10-31T22:00:00.000Z' },
    ]);
    const one = await c.api.market.series.query({ pair: 'GBPUSD', timeframe: '1M' });
    expect(one.sources).toEqual([{ source: 'ecb_sim', from: new Date(one.points[0]!.t).toISOString(), to: one.to }]);
    // Real minutes name who they came from (issue 21: the chart's badge says 'Dukascopy', not only 'real').
    const imported = await c.api.market.series.query({
      pair: 'GBPUSD',
      interval: 'minute',
      startDate: '2025-03-30',
      endDate: '2025-03-30',
    });
    expect(imported.sources.filter((span) => span.source === 'real').map((span) => span.providers)).toContainEqual([
      'Dukascopy (imported)',
    ]);
  });

  it('refuses unknown pairs and bad dates with clear messages', async () => {
    expect((await errorOf(c.api.market.series.query({ pair: 'GBPJPY' as never, timeframe: '1D' }))).code).toBe(
      'BAD_REQUEST',
    );
    const bad = await errorOf(
      c.api.market.series.query({ pair: 'GBPUSD', interval: 'daily', startDate: '31/10/2025', endDate: '2025-10-31' }),
    );
    expect(bad.message).toBe('Use a date like 2025-03-30');
  });
});

describe('rate at an exact minute', () => {
  it('09:00 London on the DST change days hits the right UTC minute', async () => {
    expect(await c.api.market.rateAt.query({ pair: 'GBPUSD', date: '2025-03-30', time: '09:00' })).toMatchObject({
      found: true,
      rate: 1.3001, // 08:00 UTC: BST began at 01:00 UTC that morning
      at: '2025-03-30T08:00:00.000Z',
      source: 'real',
      minuteSource: 'Dukascopy (imported)',
      simulated: false,
    });
    expect(await c.api.market.rateAt.query({ pair: 'GBPUSD', date: '2025-10-26', time: '9:00 AM' })).toMatchObject({
      found: true,
      rate: 1.2002, // 09:00 UTC: back on GMT
      at: '2025-10-26T09:00:00.000Z',
    });
  });

  it('GBPEUR inverts EURGBP', async () => {
    const r = await c.api.market.rateAt.query({ pair: 'GBPEUR', date: '2025-10-01', time: '14:30' });
    const close = await closeAt(h.t.db, 'EURGBP', '2025-10-01T13:30:00Z');
    expect(r).toMatchObject({ found: true, minuteSource: 'ECB-anchored, simulated', simulated: true });
    expect(r.found && r.rate).toBeCloseTo(1 / close!, 6);
  });

  it('a missing minute, a weekend date, a bad time and a date out of range', async () => {
    await h.t.db
      .deleteFrom('fx_minute_bars')
      .where('pair', '=', 'GBPUSD')
      .where('ts', '=', new Date('2025-10-01T08:00:00Z'))
      .execute();
    expect(await c.api.market.rateAt.query({ pair: 'GBPUSD', date: '2025-10-01', time: '09:00' })).toEqual({
      found: false,
      message: 'Rate not available for exact time. Try a different time.',
    });
    expect(await c.api.market.rateAt.query({ pair: 'GBPUSD', date: '2025-10-04', time: '09:00' })).toEqual({
      found: false,
      message: 'No data available for this date',
    });
    expect(
      (await errorOf(c.api.market.rateAt.query({ pair: 'GBPUSD', date: '2025-10-01', time: '25:00' }))).message,
    ).toBe('Invalid time format. Use format like 09:00 or 9:00 AM');
    for (const date of ['2024-09-29', '2025-11-03']) {
      expect((await errorOf(c.api.market.rateAt.query({ pair: 'GBPUSD', date, time: '09:00' }))).message).toBe(
        'Historical data only available from 30 Sep 2024 to 2 Nov 2025',
      );
    }
  });

  it('has-data and the calendar range (GBPEUR from EURGBP rows)', async () => {
    expect(await c.api.market.hasData.query({ pair: 'GBPUSD', date: '2025-10-01' })).toEqual({ hasData: true });
    expect(await c.api.market.hasData.query({ pair: 'GBPUSD', date: '2025-10-04' })).toEqual({ hasData: false });
    expect(await c.api.market.calendarRange.query({ pair: 'GBPEUR' })).toEqual({
      min: '2024-10-01',
      max: '2025-10-31',
    });
    expect(await c.api.market.calendarRange.query({ pair: 'GBPUSD' })).toEqual({
      min: '2025-03-24',
      max: '2025-10-31',
    });
    expect(await c.api.market.calendarRange.query({ pair: 'GBPNOK' })).toEqual({
      min: '2024-10-01',
      max: '2025-09-30',
    });
  });

  it('needs a signed-in member', async () => {
    const anon = h.client();
    expect(
      (await errorOf(anon.api.market.rateAt.query({ pair: 'GBPUSD', date: '2025-10-01', time: '09:00' }))).code,
    ).toBe('UNAUTHORIZED');
  });
});
