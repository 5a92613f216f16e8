import { INTERVAL_PRECISION_LABELS, INTERVALS, type Interval } from '@pippitch/shared/pairs';
import { badRequest } from '../../errors';

/**
 * Every series is bounded to the size of the spec's timeframes (3M hourly: 2,160 points), so no request can
 * ask for a year of minutes (806,400 points, 30 MB) and every request reads at most this many rollup rows.
 */
export const MAX_SERIES_POINTS = 2_200;

/**
 * The longest span, in days, served at each interval: the most days whose points fit MAX_SERIES_POINTS even
 * when one of them is a 25-hour London day (1 × 1,500; 22 × 96 + 4; 45 × 48 + 2; 90 × 24 + 1).
 */
export const MAX_SPAN_DAYS: Readonly<Record<Interval, number>> = {
  minute: 1,
  '15min': 22,
  '30min': 45,
  hourly: 90,
  daily: 2_200,
};

/**
 * Refuses a span longer than its interval allows, naming the finest interval that would serve it. Refused
 * rather than served coarser: the caller chose a precision (the chart badge names it, a spreadsheet expects
 * that spacing), and a clear answer it can act on beats a quietly different one.
 */
export function checkSeriesSpan(interval: Interval, days: number): void {
  if (days <= MAX_SPAN_DAYS[interval]) return;
  const fits = INTERVALS.find((i) => days <= MAX_SPAN_DAYS[i]) ?? 'daily';
  const limit = MAX_SPAN_DAYS[interval];
  throw badRequest(
    `${capitalise(INTERVAL_PRECISION_LABELS[interval])} prices cover at most ${limit} ${limit === 1 ? 'day' : 'days'} per request. Choose a shorter date range or the '${fits}' interval.`,
    'interval',
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
