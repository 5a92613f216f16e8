import type { DayRange } from '@pippitch/shared/evidence';
import { type CurrencyPair, HISTORY_START, servePrice, storageFor } from '@pippitch/shared/pairs';
import { barSourceLabel } from '@pippitch/shared/sources';
import { formatIsoDate, isoWeekday, londonDateOf, londonDayBoundsUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { badRequest } from '../../errors';
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
  const at = input.time ? minuteOf(input.date, input.time) : null;
  const { stored, invert } = storageFor(input.pair);
  const day = londonDayBoundsUtc(input.date);
  const bar = (
    await sql<{ low: number; high: number }>`
      SELECT low, high FROM fx_daily_bars WHERE pair = ${stored} AND ts = ${day.start}`.execute(db)
  ).rows[0];
  if (!bar) {
    const weekend = isoWeekday(input.date) >= 6;
    return {
      found: false,
      message: `No prices for ${formatIsoDate(input.date)}${weekend ? ' (markets are closed at weekends)' : ''}: choose a trading day.`,
    };
  }
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
          source: barSourceLabel(minute.source),
        }
      : null,
  };
}

/** Six decimals, the precision prices are served at. */
function price(value: number): string {
  return (Math.round(value * 1e6) / 1e6).toFixed(6);
}
