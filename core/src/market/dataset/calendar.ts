// Market time for the simulated data set. FX trades round the clock on weekdays; the week opens Sunday 22:00 UTC
// and closes Friday 22:00 UTC, so there are no bars in between. Numbering only the trading minutes ("trading
// index") lets the path model treat a weekend as zero elapsed market time, which is how prices behave: Monday opens
// where Friday closed.

export const MINUTE_MS = 60_000;
const WEEK_MS = 7 * 86_400_000;
/** Sunday 22:00 UTC to Friday 22:00 UTC. */
const TRADING_MINUTES_PER_WEEK = 5 * 1440;
/** A Sunday 22:00 UTC (the open of the week of 2024-09-30, where the data set starts). */
const WEEK_ORIGIN_MS = Date.UTC(2024, 8, 29, 22, 0);

/** UTC epoch ms of trading minute `k` (its bar's open time). */
export function timeOfIndex(k: number): number {
  const week = Math.floor(k / TRADING_MINUTES_PER_WEEK);
  const offset = k - week * TRADING_MINUTES_PER_WEEK;
  return WEEK_ORIGIN_MS + week * WEEK_MS + offset * MINUTE_MS;
}

/** The first trading minute whose open time is at or after `ms` (a closed-market instant maps to Sunday's open). */
export function indexAtOrAfter(ms: number): number {
  const rel = ms - WEEK_ORIGIN_MS;
  const week = Math.floor(rel / WEEK_MS);
  const minutes = Math.ceil((rel - week * WEEK_MS) / MINUTE_MS);
  return week * TRADING_MINUTES_PER_WEEK + Math.min(minutes, TRADING_MINUTES_PER_WEEK);
}

/** The trading minute containing `ms`, or null while the market is closed (Friday 22:00 – Sunday 22:00 UTC). */
export function indexContaining(ms: number): number | null {
  const rel = ms - WEEK_ORIGIN_MS;
  const week = Math.floor(rel / WEEK_MS);
  const minutes = Math.floor((rel - week * WEEK_MS) / MINUTE_MS);
  return minutes < TRADING_MINUTES_PER_WEEK ? week * TRADING_MINUTES_PER_WEEK + minutes : null;
}

export function isMarketOpen(ms: number): boolean {
  return indexContaining(ms) !== null;
}

/**
 * UTC time of the ECB fix on `date` ('YYYY-MM-DD'): 14:10 Central European time, i.e. 13:10 UTC in winter and
 * 12:10 UTC in summer. EU summer time runs from the last Sunday of March to the last Sunday of October (switching
 * at 01:00 UTC, hours away from the fix, so comparing dates is enough).
 */
export function ecbFixTime(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = Date.UTC(y, m - 1, d);
  const summer = day >= lastSundayUtc(y, 2) && day < lastSundayUtc(y, 9);
  return day + (summer ? 12 : 13) * 3_600_000 + 10 * MINUTE_MS;
}

/** Midnight UTC of the last Sunday of `month` (0-based). */
function lastSundayUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}
