import { minuteSourceLabel } from '@pippitch/shared/desk-pairs';
import type { DayRange } from '@pippitch/shared/evidence';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { type CurrencyPair, HISTORY_START, servePrice, storageFor } from '@pippitch/shared/pairs';
import { formatIsoDate, isoWeekday, londonClockTime, londonDateOf, londonDayBoundsUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { badRequest } from '../../errors';
import { dailyReferenceDayRange } from './daily-range';
import { minuteOf } from './history';

/** A trade or a check at a minute with no bar uses the latest price this long before it, and says so. */
export const MID_LOOKBACK_MINUTES = 5;

/** The mid at the minute checked: its price, the instant of the bar or quote, and the words for its source. */
export interface DayMid {
  rate: string;
  at: string;
  source: string;
}

export type DayRangeResult = { found: true; range: DayRange; mid: DayMid | null } | { found: false; message: string };

/**
 * A London day's low–high for a pair (the daily rollup: every minute of the day, or of today so far) and the mid at
 * the London `time` given — the minute's close, or the latest within 5 minutes before it; null when there is none. `liveMid` stands in
 * for the mid when the check is for now (the server's own latest quote).
 */
export async function dayRange(
  db: Database,
  input: { pair: CurrencyPair; date: string; time?: string | undefined },
  now: Date,
  liveMid: { rate: number; at: number; source: string } | null = null,
): Promise<DayRangeResult> {
  const today = londonDateOf(now);
  if (input.date > today) throw badRequest('The range-of-day check cannot look at a future date.', 'date');
  if (input.date < HISTORY_START)
    return {
      found: false,
      message: `No prices before ${formatIsoDate(HISTORY_START)}: the range-of-day check starts there.`,
    };
  // One ECB rate a day, no intraday prices: a band around it (issue 34).
  if (pairInfo(input.pair).sourcing.kind === 'daily') return dailyReferenceDayRange(db, input, now);
  const at = input.time ? minuteOf(input.date, input.time) : null;
  const { stored, invert } = storageFor(input.pair);
  const day = londonDayBoundsUtc(input.date);
  const bar = (
    await sql<{ low: number; high: number }>`
      SELECT low, high FROM fx_daily_bars WHERE pair = ${stored} AND ts = ${day.start}`.execute(db)
  ).rows[0];
  // Sunday evening's minutes open Monday's FX day, not a session of their own: a Sunday is checked against the
  // last full session (Friday's) and the latest mid, before 22:00 and after it (issue 31 §1).
  if (!bar || isoWeekday(input.date) === 7)
    return lastSession(db, input, at ?? (input.date === today ? now : day.end), liveMid);
  // An inverted pair's low is 1 / the stored high.
  const [low, high] = invert ? [1 / bar.high, 1 / bar.low] : [bar.low, bar.high];
  const range = { date: input.date, low: price(low), high: price(high) };
  if (!at) {
    const live = liveMid && londonDateOf(new Date(liveMid.at)) === input.date ? liveMid : null;
    return {
      found: true,
      range,
      mid: live ? { rate: price(live.rate), at: new Date(live.at).toISOString(), source: live.source } : null,
    };
  }
  const minute = (
    await sql<{ close: number; ts: Date; source: string }>`
      SELECT close, ts, source FROM fx_minute_bars
      WHERE pair = ${stored} AND ts <= ${at}
        AND ts > ${new Date(at.getTime() - MID_LOOKBACK_MINUTES * 60_000)}
      ORDER BY ts DESC LIMIT 1`.execute(db)
  ).rows[0];
  return {
    found: true,
    range,
    mid: minute
      ? {
          rate: price(servePrice(minute.close, invert)),
          at: minute.ts.toISOString(),
          // A derived cross's minute names its legs and method (issue 34); every other source as before.
          source: minuteSourceLabel(minute.source, input.pair, minute.ts),
        }
      : null,
  };
}

/**
 * A day without prices (a weekend, 25 December, 1 January, a gap in the data): the last trading session before it
 * — the latest London day with prices — gives the range, its first and last minutes name it, and the mid is the
 * latest price at or before the moment checked: the server's own quote when the check is for now (the feed's last
 * price while the market is closed), else the latest stored minute (issue 31 §1). Only when no day before it has
 * prices is there nothing to check against.
 */
async function lastSession(
  db: Database,
  input: { pair: CurrencyPair; date: string },
  at: Date,
  liveMid: { rate: number; at: number; source: string } | null,
): Promise<DayRangeResult> {
  const { stored, invert } = storageFor(input.pair);
  const { start } = londonDayBoundsUtc(input.date);
  const prior = (
    await sql<{ ts: Date; low: number; high: number }>`
      SELECT ts, low, high FROM fx_daily_bars
      WHERE pair = ${stored} AND ts < ${start} AND ts >= ${londonDayBoundsUtc(HISTORY_START).start}
      ORDER BY ts DESC LIMIT 1`.execute(db)
  ).rows[0];
  if (!prior) {
    const weekend = isoWeekday(input.date) >= 6;
    return {
      found: false,
      message: `No prices for ${formatIsoDate(input.date)}${weekend ? ' (markets are closed at weekends)' : ''} and none before it: choose a trading day.`,
    };
  }
  const sessionDate = londonDateOf(prior.ts);
  const bounds = londonDayBoundsUtc(sessionDate);
  const [minutes, latest] = await Promise.all([
    sql<{ first: Date | null; last: Date | null }>`
      SELECT min(ts) AS first, max(ts) AS last FROM fx_minute_bars
      WHERE pair = ${stored} AND ts >= ${bounds.start} AND ts < ${bounds.end}`.execute(db),
    sql<{ close: number; ts: Date; source: string }>`
      SELECT close, ts, source FROM fx_minute_bars
      WHERE pair = ${stored} AND ts <= ${at} AND ts >= ${bounds.start}
      ORDER BY ts DESC LIMIT 1`.execute(db),
  ]);
  const first = minutes.rows[0]?.first ?? bounds.start;
  const last = minutes.rows[0]?.last ?? new Date(bounds.end.getTime() - 60_000);
  const [low, high] = invert ? [1 / prior.high, 1 / prior.low] : [prior.low, prior.high];
  // The server's quote stands for 'now' only: never for a moment before it was taken, nor when it is stale.
  const live = liveMid && liveMid.at <= at.getTime() && liveMid.at >= bounds.start.getTime() ? liveMid : null;
  const bar = latest.rows[0];
  const mid: DayMid | null =
    live && (!bar || live.at >= bar.ts.getTime())
      ? { rate: price(live.rate), at: new Date(live.at).toISOString(), source: live.source }
      : bar
        ? {
            rate: price(servePrice(bar.close, invert)),
            at: bar.ts.toISOString(),
            source: minuteSourceLabel(bar.source, input.pair, bar.ts),
          }
        : null;
  return {
    found: true,
    range: {
      date: sessionDate,
      low: price(low),
      high: price(high),
      session: { forDate: input.date, from: londonClockTime(first), to: londonClockTime(last) },
    },
    mid,
  };
}

/** Six decimals, the precision prices are served at. */
function price(value: number): string {
  return (Math.round(value * 1e6) / 1e6).toFixed(6);
}
