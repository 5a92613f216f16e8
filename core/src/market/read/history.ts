/**
 * Historical prices for the chart and the rate-at-a-time lookup (spec §4 Historical fetch, §5, §7
 * forex_prices). Every series is ONE range scan of at most ~2,200 pre-aggregated rows: each point's price is
 * the last close in its bucket, and buckets with no bars (weekends, holidays) are simply absent, so gaps stay
 * gaps.
 * GBPEUR is served from EURGBP rows, inverted.
 */

import { minuteSourceLabel } from '@pippitch/shared/desk-pairs';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import {
  CALENDAR_MIN,
  type CurrencyPair,
  DEFAULT_INTERVAL,
  INTERVAL_MINUTES,
  type Interval,
  servePrice,
  storageFor,
  TIMEFRAMES,
  type Timeframe,
} from '@pippitch/shared/pairs';
import { type SourceSpan, sourceSpans, summariseSpans } from '@pippitch/shared/source-spans';
import { isSimulatedBar, minuteKindOf } from '@pippitch/shared/sources';
import {
  addDays,
  clampDateRange,
  historicalRange,
  INVALID_TIME_MESSAGE,
  londonDateOf,
  londonDayBoundsUtc,
  londonToUtc,
  parseTimeInput,
  validateHistoricalDate,
} from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { type RawBuilder, sql } from 'kysely';
import { badRequest } from '../../errors';
import { checkSeriesSpan } from './series-limits';
import type { PriceSource } from './sources';

export interface SeriesPoint {
  /** Bucket start, ms since epoch (UTC). */
  t: number;
  price: number;
}

export interface Series {
  pair: CurrencyPair;
  interval: Interval;
  points: SeriesPoint[];
  /** The instants actually covered, ISO. */
  from: string | null;
  to: string | null;
  source: PriceSource;
  /** The sources that make up the points, in time order (one span when the series has one source). */
  sources: SourceSpan[];
  /** True when the requested dates had to be moved into the available range. */
  clamped: boolean;
}

export type SeriesRequest =
  | { pair: CurrencyPair; timeframe: Timeframe; interval?: Interval }
  | { pair: CurrencyPair; interval: Interval; startDate: string; endDate: string };

// Instants travel as epoch milliseconds: parsing ~1,500 timestamp strings into Dates per request cost more
// than the query itself.
interface AggregatedSeries {
  t: number[] | null;
  c: number[] | null;
  /** [t, stored source] of each point whose source differs from the previous point's. */
  r: [number, string][] | null;
  from: number | null;
  to: number | null;
}

const DAY_MS = 86_400_000;

export async function fetchSeries(db: Database, req: SeriesRequest, now: Date): Promise<Series> {
  const { stored, invert } = storageFor(req.pair);
  const interval = req.interval ?? ('timeframe' in req ? TIMEFRAMES[req.timeframe].interval : DEFAULT_INTERVAL);
  let clamped = false;
  // The window: either the last N days of stored data (a chart timeframe), or London calendar dates the
  // user chose, clamped to the available range and put in order.
  let bounds: RawBuilder<unknown>;
  if ('timeframe' in req) {
    const days = TIMEFRAMES[req.timeframe].days;
    checkSeriesSpan(interval, days);
    // The newest stored minute, from the 15-minute rollup (a plain table). Rollups are plain tables too, so
    // their window can be computed inside the statement; minute bars may be a hypertable, which excludes
    // chunks while planning only for bounds it is given as values: without them it plans every chunk (~15 ms).
    const newest = sql`SELECT last_ts + interval '1 minute' AS t_to FROM fx_15min_bars
      WHERE pair = ${stored} AND ts <= ${now} AND last_ts <= ${now} ORDER BY ts DESC LIMIT 1`;
    if (interval === 'minute') {
      const to = (await sql<{ t_to: Date }>`${newest}`.execute(db)).rows[0]?.t_to;
      if (!to) return emptySeries(req.pair, interval);
      bounds = sql`SELECT ${new Date(to.getTime() - days * DAY_MS)}::timestamptz AS t_from, ${to}::timestamptz AS t_to`;
    } else {
      bounds = sql`SELECT t_to - make_interval(days => ${days}) AS t_from, t_to FROM (${newest}) last`;
    }
  } else {
    const range = historicalRange(londonDateOf(now));
    const r = clampDateRange(req.startDate, req.endDate, range.start, range.end);
    clamped = r.clamped;
    checkSeriesSpan(interval, (Date.parse(r.end) - Date.parse(r.start)) / DAY_MS + 1);
    bounds = sql`SELECT ${londonDayBoundsUtc(r.start).start}::timestamptz AS t_from, ${londonDayBoundsUtc(r.end).end}::timestamptz AS t_to`;
  }
  // The whole series comes back as ONE json value (two number arrays and the points where the source
  // changes): far cheaper for the driver than ~1,500 rows of five columns. The aggregates take the rows in
  // the window's order (by time); date_part gives float8 epochs, cheaper than extract's numeric.
  const result = await sql<{ series: AggregatedSeries | null }>`
    WITH q AS (
      SELECT x.*, x.source IS DISTINCT FROM lag(x.source) OVER (ORDER BY x.ts) AS new_source
      FROM (${bucketQuery(stored, interval, bounds)}) x
    )
    SELECT json_build_object(
      't', array_to_json(array_agg(date_part('epoch', q.ts) * 1000)), 'c', array_to_json(array_agg(q.close)),
      'r', json_agg(json_build_array(date_part('epoch', q.ts) * 1000, q.source)) FILTER (WHERE q.new_source),
      'from', date_part('epoch', min(q.t_from)) * 1000, 'to', date_part('epoch', min(q.t_to)) * 1000
    ) AS series
    FROM q`.execute(db);
  const series = result.rows[0]?.series;
  const times = series?.t ?? [];
  const closes = series?.c ?? [];
  const changes = series?.r ?? [];
  const sources = sourceSpans(changes, series?.to ?? null);
  return {
    pair: req.pair,
    interval,
    points: times.map((t, i) => ({ t, price: servePrice(closes[i]!, invert) })),
    from: series?.from != null ? new Date(series.from).toISOString() : null,
    to: series?.to != null ? new Date(series.to).toISOString() : null,
    source: summariseSpans(sources),
    sources,
    clamped,
  };
}

function emptySeries(pair: CurrencyPair, interval: Interval): Series {
  return { pair, interval, points: [], from: null, to: null, source: 'none', sources: [], clamped: false };
}

/** The rollup that holds each interval's buckets (sql/migrations/0006_history_rollups.sql). */
const ROLLUPS: Readonly<Record<Exclude<Interval, 'minute'>, RawBuilder<unknown>>> = {
  '15min': sql.raw('fx_15min_bars'),
  '30min': sql.raw('fx_30min_bars'),
  hourly: sql.raw('fx_hourly_bars'),
  daily: sql.raw('fx_daily_bars'),
};

/**
 * ONE index range scan of pre-aggregated rows whatever the interval: the minutes themselves for 'minute',
 * otherwise the interval's rollup, starting at the bucket that holds the window's start (as the buckets were
 * always counted). No request probes the minute bars bucket by bucket, which over TimescaleDB's compressed
 * chunks decompressed a batch per probe.
 */
function bucketQuery(stored: string, interval: Interval, bounds: RawBuilder<unknown>): RawBuilder<unknown> {
  const cte = sql`WITH bounds AS (${bounds})`;
  if (interval === 'minute') {
    return sql`${cte} SELECT m.ts, m.close, m.source, b.t_from, b.t_to FROM bounds b
      JOIN fx_minute_bars m ON m.pair = ${stored} AND m.ts >= b.t_from AND m.ts < b.t_to`;
  }
  const first =
    interval === 'daily'
      ? sql`date_trunc('day', b.t_from, 'Europe/London')`
      : sql`date_bin(${sql.raw(`interval '${INTERVAL_MINUTES[interval]} minutes'`)}, b.t_from, timestamptz '2000-01-01 00:00:00+00')`;
  return sql`${cte} SELECT r.ts, r.close, r.source, b.t_from, b.t_to FROM bounds b
    JOIN ${ROLLUPS[interval]} r ON r.pair = ${stored} AND r.ts >= ${first} AND r.ts < b.t_to`;
}

export const RATE_NOT_AT_TIME = 'Rate not available for exact time. Try a different time.';
export const NO_DATA_FOR_DATE = 'No data available for this date';

export type RateAtResult =
  | {
      found: true;
      rate: number;
      at: string;
      source: PriceSource;
      /** The minute's own source in words ('Dukascopy', 'ECB-anchored, simulated'), and whether it was simulated. */
      minuteSource: string;
      simulated: boolean;
    }
  | { found: false; message: string };

/** The close at one exact London minute (spec §7 (1)); date and time as the user typed them. */
export async function rateAt(
  db: Database,
  input: { pair: CurrencyPair; date: string; time: string },
  now: Date,
): Promise<RateAtResult> {
  const dateCheck = validateHistoricalDate(input.date, londonDateOf(now));
  if (!dateCheck.ok) throw badRequest(dateCheck.message, 'date');
  const at = minuteOf(input.date, input.time);
  const day = londonDayBoundsUtc(input.date);
  const { stored, invert } = storageFor(input.pair);
  // A daily-only pair has one rate a day: any minute of the day answers with it, saying so (issue 34).
  if (pairInfo(input.pair).sourcing.kind === 'daily') {
    const fix = (
      await sql<{ close: number; ts: Date; source: string }>`
        SELECT close, ts, source FROM fx_minute_bars
        WHERE pair = ${stored} AND ts >= ${day.start} AND ts < ${day.end} ORDER BY ts DESC LIMIT 1`.execute(db)
    ).rows[0];
    if (!fix) return { found: false, message: NO_DATA_FOR_DATE };
    const { source } = fix;
    const common = { rate: fix.close, at: fix.ts.toISOString(), source: minuteKindOf(source, fix.ts) };
    return { found: true, ...common, minuteSource: minuteSourceLabel(source, input.pair), simulated: false };
  }
  const row = (
    await sql<{ close: number | null; source: string | null; day_has_data: boolean }>`
      SELECT m.close, m.source,
        EXISTS (SELECT 1 FROM fx_minute_bars WHERE pair = ${stored} AND ts >= ${day.start} AND ts < ${day.end}) AS day_has_data
      FROM (SELECT 1) one LEFT JOIN fx_minute_bars m ON m.pair = ${stored} AND m.ts = ${at}`.execute(db)
  ).rows[0];
  if (row?.close == null) return { found: false, message: row?.day_has_data ? RATE_NOT_AT_TIME : NO_DATA_FOR_DATE };
  return {
    found: true,
    rate: servePrice(row.close, invert),
    at: at.toISOString(),
    source: minuteKindOf(row.source, at),
    minuteSource: minuteSourceLabel(row.source, input.pair, at),
    simulated: isSimulatedBar(row.source),
  };
}

/** The UTC instant of a London date and a typed time ('09:00', '9:00 AM'); a 400 naming the format otherwise. */
export function minuteOf(date: string, timeText: string): Date {
  const time = parseTimeInput(timeText);
  if (!time.ok) throw badRequest(INVALID_TIME_MESSAGE, 'time');
  return londonToUtc(date, time.hours, time.minutes);
}

/** Whether a London calendar date has any bars (spec §7 (3)). */
export async function hasDataOn(db: Database, pair: CurrencyPair, date: string): Promise<boolean> {
  const { stored } = storageFor(pair);
  const day = londonDayBoundsUtc(date);
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .exists(
          eb
            .selectFrom('fx_minute_bars')
            .select(sql`1`.as('one'))
            .where('pair', '=', stored)
            .where('ts', '>=', day.start)
            .where('ts', '<', day.end),
        )
        .as('has'),
    )
    .executeTakeFirstOrThrow();
  return Boolean(row.has);
}

/**
 * The calendar's selectable range (spec §7 (4), §5): first and last stored day for the pair, no earlier
 * than 2024-10-01 and no later than yesterday; the spec's default when nothing is stored.
 */
export async function calendarRange(
  db: Database,
  pair: CurrencyPair,
  now: Date,
): Promise<{ min: string; max: string }> {
  const { stored } = storageFor(pair);
  // London days with data, from the daily rollup: min/max over the minute hypertable would plan every chunk.
  const row = await db
    .selectFrom('fx_daily_bars')
    .select((eb) => [eb.fn.min('ts').as('first'), eb.fn.max('ts').as('last')])
    .where('pair', '=', stored)
    .executeTakeFirst();
  if (!row?.first || !row.last) return { min: CALENDAR_MIN, max: '2025-09-30' };
  const yesterday = addDays(londonDateOf(now), -1);
  const first = londonDateOf(new Date(row.first));
  const last = londonDateOf(new Date(row.last));
  // 'YYYY-MM-DD' strings order as dates.
  const later = (a: string, b: string) => (a > b ? a : b);
  const earlier = (a: string, b: string) => (a < b ? a : b);
  return { min: later(first, CALENDAR_MIN), max: earlier(last, yesterday) };
}
