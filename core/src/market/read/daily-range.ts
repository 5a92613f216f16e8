import { dailyReferenceRange } from '@pippitch/shared/daily-reference';
import type { DayRange } from '@pippitch/shared/evidence';
import type { CataloguePair } from '@pippitch/shared/pair-catalogue';
import { HISTORY_START, storageFor } from '@pippitch/shared/pairs';
import { DAILY_REFERENCE_LABEL } from '@pippitch/shared/sources';
import { formatIsoDate, londonDateOf, londonDayBoundsUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/** A weekend or a TARGET holiday quotes the last fix before it; never one older than this (Christmas to New Year). */
const LOOKBACK_DAYS = 6;

/**
 * The range-of-day check for a daily-only pair (issue 34 §2): the day has one ECB reference rate, not a low–high, so
 * the check is a band around the fix of the London date asked (or the last fix before it), and the mid is that fix,
 * whatever the time of day asked: the day's one rate is the only price there is (docs/decisions.md, issue 34).
 */
export async function dailyReferenceDayRange(
  db: Database,
  input: { pair: CataloguePair; date: string },
  now: Date,
): Promise<
  | { found: true; range: DayRange; mid: { rate: string; at: string; source: string } }
  | { found: false; message: string }
> {
  const { stored } = storageFor(input.pair);
  const { end } = londonDayBoundsUtc(input.date);
  const until = end.getTime() < now.getTime() ? end : now;
  const fix = (
    await sql<{ close: number; ts: Date }>`
      SELECT close, ts FROM fx_minute_bars
      WHERE pair = ${stored} AND source = 'ecb_daily' AND ts < ${until}
        AND ts >= ${new Date(Math.max(end.getTime() - (LOOKBACK_DAYS + 1) * 86_400_000, londonDayBoundsUtc(HISTORY_START).start.getTime()))}
      ORDER BY ts DESC LIMIT 1`.execute(db)
  ).rows[0];
  if (!fix)
    return {
      found: false,
      message: `No ECB reference rate for ${formatIsoDate(input.date)} or the ${LOOKBACK_DAYS} days before it (${DAILY_REFERENCE_LABEL}): choose another date.`,
    };
  const rate = fix.close.toFixed(6);
  return {
    found: true,
    range: dailyReferenceRange(rate, londonDateOf(fix.ts), input.date),
    mid: { rate, at: fix.ts.toISOString(), source: DAILY_REFERENCE_LABEL },
  };
}
