import type { ActivityView } from './activity-views';
import { addDays, formatIsoDate, isIsoDate, isoWeekday } from './time';

// Every period a user reads on the dashboard, the user activity page and the export is a run of whole
// Europe/London calendar days (design.md §3 Times), given as 'YYYY-MM-DD' from `start` to `end`, both included.
// The server turns them into UTC instants with londonDayBoundsUtc, so a 23- or 25-hour day is still one day.

export interface DateSpan {
  start: string;
  end: string;
}

export const DASHBOARD_RANGES = ['today', 'last7', 'lastMonth', 'lastQuarter'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = {
  today: 'Today',
  last7: 'Last 7 days',
  lastMonth: 'Last month',
  lastQuarter: 'Last quarter',
};

/** Days in each range, today included: a month is the last 30 days, a quarter the last 90 (docs/decisions.md). */
const RANGE_DAYS: Record<DashboardRange, number> = { today: 1, last7: 7, lastMonth: 30, lastQuarter: 90 };

/** A dashboard range ending today, and the same number of days just before it (what the growth compares with). */
export function dashboardPeriods(range: DashboardRange, today: string): { current: DateSpan; previous: DateSpan } {
  const days = RANGE_DAYS[range];
  const start = addDays(today, -(days - 1));
  return {
    current: { start, end: today },
    previous: { start: addDays(start, -days), end: addDays(start, -1) },
  };
}

/** Every date of a span, in order. */
export function datesOf(span: DateSpan): string[] {
  const dates: string[] = [];
  for (let d = span.start; d <= span.end; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/**
 * A run of days as the whole London weeks (Monday to Sunday) inside it, by their Mondays, and the loose days before
 * and after them. The readers of the weekly rollups (margin conceded: migration 0046; the activity dashboard:
 * migration 0048) read the weeks from the weekly table and the loose days from the daily one.
 */
export function weeksAndDays(span: DateSpan): { weeks: DateSpan | null; days: DateSpan[] } {
  // The first Monday on or after the start.
  const firstMonday = addDays(span.start, (8 - isoWeekday(span.start)) % 7);
  // The last Sunday on or before the end (isoWeekday: 7 Sunday), and its week's Monday.
  const lastMonday = addDays(span.end, -(isoWeekday(span.end) % 7) - 6);
  if (lastMonday < firstMonday) return { weeks: null, days: [span] };
  const days: DateSpan[] = [];
  if (span.start < firstMonday) days.push({ start: span.start, end: addDays(firstMonday, -1) });
  const afterWeeks = addDays(lastMonday, 7);
  if (afterWeeks <= span.end) days.push({ start: afterWeeks, end: span.end });
  return { weeks: { start: firstMonday, end: lastMonday }, days };
}

export { ACTIVITY_VIEW_LABELS, ACTIVITY_VIEWS, type ActivityView } from './activity-views';

/** The user activity page's period holding `date`: that day, its Monday–Sunday week, or its calendar month. */
export function activityPeriod(view: ActivityView, date: string): DateSpan {
  if (view === 'daily') return { start: date, end: date };
  if (view === 'weekly') {
    const start = addDays(date, 1 - isoWeekday(date));
    return { start, end: addDays(start, 6) };
  }
  const start = `${date.slice(0, 8)}01`;
  const nextMonth = addDays(start, 32);
  return { start, end: addDays(`${nextMonth.slice(0, 8)}01`, -1) };
}

/** The period before (-1) or after (+1) the one holding `date`, as a date inside it (its first day). */
export function shiftPeriod(view: ActivityView, date: string, step: -1 | 1): string {
  const { start, end } = activityPeriod(view, date);
  return step < 0 ? activityPeriod(view, addDays(start, -1)).start : addDays(end, 1);
}

/** 'Mon 24 Nov 2026', '17 Nov 2026 – 23 Nov 2026', 'November 2026'. */
export function activityPeriodLabel(view: ActivityView, span: DateSpan): string {
  if (view === 'daily') return formatIsoDate(span.start);
  if (view === 'weekly') return `${formatIsoDate(span.start)} – ${formatIsoDate(span.end)}`;
  const [year, month] = span.start.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? ''} ${year}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const EXPORT_PERIODS = ['today', 'week', 'month', 'custom'] as const;
export type ExportPeriod = (typeof EXPORT_PERIODS)[number];

export const EXPORT_PERIOD_LABELS: Record<ExportPeriod, string> = {
  today: 'Today',
  week: 'This week (last 5 days)',
  month: 'This month (last 30 days)',
  custom: 'Custom range',
};

export const EXPORT_MESSAGES = {
  noUsers: 'Please select at least one user to export',
  customDates: 'Please choose a start and an end date',
  customOrder: 'The start date must be on or before the end date',
  future: 'The end date cannot be after today',
  tooLong: 'Please choose at most 366 days',
  failed: 'Export failed. Please try again.',
} as const;

export const EXPORT_MAX_DAYS = 366;

export type ExportSpan = { ok: true; span: DateSpan } | { ok: false; message: string };

/**
 * The export's London days (spec §9): today; this week = the last 5 days; this month = the last 30 days; custom =
 * its start day through the whole of its end day, at most a year, not after today.
 */
export function exportSpan(period: ExportPeriod, today: string, custom?: Partial<DateSpan>): ExportSpan {
  if (period === 'today') return { ok: true, span: { start: today, end: today } };
  if (period === 'week') return { ok: true, span: { start: addDays(today, -4), end: today } };
  if (period === 'month') return { ok: true, span: { start: addDays(today, -29), end: today } };
  const start = custom?.start ?? '';
  const end = custom?.end ?? '';
  if (!isIsoDate(start) || !isIsoDate(end)) return { ok: false, message: EXPORT_MESSAGES.customDates };
  if (start > end) return { ok: false, message: EXPORT_MESSAGES.customOrder };
  if (end > today) return { ok: false, message: EXPORT_MESSAGES.future };
  if (addDays(start, EXPORT_MAX_DAYS - 1) < end) return { ok: false, message: EXPORT_MESSAGES.tooLong };
  return { ok: true, span: { start, end } };
}

/** 'pippitch-activity-2026-11-20-to-2026-11-24.csv' (one day: 'pippitch-activity-2026-11-24.csv'). */
export function exportFileName(span: DateSpan): string {
  const period = span.start === span.end ? span.start : `${span.start}-to-${span.end}`;
  return `pippitch-activity-${period}.csv`;
}

/** The CSV export's address: a plain GET the browser downloads (the session cookie goes with it). */
export const EXPORT_CSV_PATH = '/api/activity/export.csv';
