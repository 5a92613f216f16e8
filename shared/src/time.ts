import { isIsoDate } from './iso-date';
import { HISTORY_START } from './pairs';

export { isIsoDate };

// Europe/London wall time ↔ UTC instants, with Intl only. Everything a user reads or types is London time across
// BST/GMT (design.md §3); storage is UTC. Dates travel as 'YYYY-MM-DD' strings so a calendar day never picks up the
// time zone of whatever machine handles it.

export const LONDON = 'Europe/London';

const DAY_MS = 86_400_000;

function parseIsoDate(text: string): { year: number; month: number; day: number } {
  if (!isIsoDate(text)) throw new RangeError(`Expected a date as YYYY-MM-DD, got '${text}'`);
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isoDateOfUtc(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 'YYYY-MM-DD' plus n calendar days (n may be negative). */
export function addDays(date: string, n: number): string {
  const { year, month, day } = parseIsoDate(date);
  return isoDateOfUtc(Date.UTC(year, month - 1, day) + n * DAY_MS);
}

// One formatter, built once: constructing Intl.DateTimeFormat is slow and these run per chart point.
const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function londonWallTimeOfIntl(instant: Date): WallTime {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of londonParts.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const HOUR_MS = 3_600_000;
/** London's offset per UTC hour, as read from Intl once for that hour. */
const offsetOfHour = new Map<number, number>();

/**
 * London's wall clock at an instant. London changes offset only on a whole UTC hour (01:00 UTC), so the offset is
 * read from Intl once per UTC hour and the rest is arithmetic: formatToParts costs ~10 µs a call, which a CSV of
 * 40,000 rows (two instants each) paid in full.
 */
function londonWallTime(instant: Date): WallTime {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) return londonWallTimeOfIntl(instant);
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetOfHour.get(hour);
  if (offset === undefined) {
    const wall = londonWallTimeOfIntl(new Date(hour * HOUR_MS));
    offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - hour * HOUR_MS;
    if (offsetOfHour.size >= 50_000) offsetOfHour.clear();
    offsetOfHour.set(hour, offset);
  }
  const wall = new Date(ms + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** London's offset from UTC at an instant, in ms (0 in GMT, 3 600 000 in BST). */
function londonOffsetMs(ms: number): number {
  const wall = londonWallTime(new Date(ms));
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The UTC instant of a London wall-clock time. London changes offset at most once in any two days, so the offsets a
 * day either side are the only candidates. A time that happens twice (01:30 on the last Sunday of October) gives the
 * earlier instant; a time that never happens (01:30 on the last Sunday of March) is read with the pre-change offset,
 * landing an hour later on the clock (02:30 BST), as most calendar software does.
 */
export function londonToUtc(date: string, hours: number, minutes: number): Date {
  const { year, month, day } = parseIsoDate(date);
  if (
    !Number.isInteger(hours) ||
    hours < 0 ||
    hours > 23 ||
    !Number.isInteger(minutes) ||
    minutes < 0 ||
    minutes > 59
  ) {
    throw new RangeError(`Expected a time of day, got ${hours}:${minutes}`);
  }
  const wallAsUtc = Date.UTC(year, month - 1, day, hours, minutes);
  const before = londonOffsetMs(wallAsUtc - DAY_MS);
  const after = londonOffsetMs(wallAsUtc + DAY_MS);
  const candidates = [wallAsUtc - before, wallAsUtc - after]
    .filter((ms) => ms + londonOffsetMs(ms) === wallAsUtc)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wallAsUtc - before);
}

/** The London calendar date of an instant. */
export function londonDateOf(instant: Date): string {
  const wall = londonWallTime(instant);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/**
 * The UTC instants bounding a London calendar day: start inclusive, end exclusive (the next day's midnight), so a
 * query is `start <= t < end`. Clock-change days are 23 or 25 hours long.
 */
export function londonDayBoundsUtc(date: string): { start: Date; end: Date } {
  return { start: londonToUtc(date, 0, 0), end: londonToUtc(addDays(date, 1), 0, 0) };
}

export const INVALID_TIME_MESSAGE = 'Invalid time format. Use format like 09:00 or 9:00 AM';

export type TimeInputResult = { ok: true; hours: number; minutes: number } | { ok: false; message: string };

// Hours, optional ':MM', optional am/pm (spec §5). Minutes need both digits so '9:5' is not silently 09:05.
const TIME_TEXT = /^(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i;

/**
 * Reads the 'Time (24-hour format)' box: '09:00', '9:00 AM', '9am', '21:30', '9'. With am/pm the hour must be
 * 1–12 ('0am' and '13pm' are refused rather than guessed); 12 am is 00, pm adds 12 except to 12 pm.
 */
export function parseTimeInput(text: string): TimeInputResult {
  const match = TIME_TEXT.exec(text.trim());
  if (!match) return { ok: false, message: INVALID_TIME_MESSAGE };
  let hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = match[3]?.toLowerCase().replaceAll('.', '');
  if (meridiem !== undefined) {
    if (hours < 1 || hours > 12) return { ok: false, message: INVALID_TIME_MESSAGE };
    if (meridiem === 'am' && hours === 12) hours = 0;
    if (meridiem === 'pm' && hours !== 12) hours += 12;
  }
  if (hours > 23 || minutes > 59) return { ok: false, message: INVALID_TIME_MESSAGE };
  return { ok: true, hours, minutes };
}

/**
 * Puts a requested date range in order and inside [min, max]: start after end is swapped, then each end is clamped
 * (spec §5). All 'YYYY-MM-DD'; `clamped` says whether either date had to move into range.
 */
export function clampDateRange(
  start: string,
  end: string,
  min: string,
  max: string,
): { start: string; end: string; swapped: boolean; clamped: boolean } {
  for (const date of [start, end, min, max]) parseIsoDate(date);
  const swapped = start > end;
  const [from, to] = swapped ? [end, start] : [start, end];
  // ISO dates compare correctly as strings.
  const clamp = (date: string) => (date < min ? min : date > max ? max : date);
  const clampedFrom = clamp(from);
  const clampedTo = clamp(to);
  return { start: clampedFrom, end: clampedTo, swapped, clamped: clampedFrom !== from || clampedTo !== to };
}

/** Dates a historical lookup may ask for: from the first stored day up to yesterday in London. */
export function historicalRange(todayLondon: string): { start: string; end: string } {
  return { start: HISTORY_START, end: addDays(todayLondon, -1) };
}

export type DateCheck = { ok: true } | { ok: false; message: string };

/** The specific-rate lookup's date rule (spec §5): between 2024-09-30 and yesterday, London time. */
export function validateHistoricalDate(date: string, todayLondon: string): DateCheck {
  const { start, end } = historicalRange(todayLondon);
  if (!isIsoDate(date) || date < start || date > end) {
    // Written as every page writes a date ('30 Sep 2024'), not as the ISO text (issue 22).
    return {
      ok: false,
      message: `Historical data only available from ${formatIsoDate(start)} to ${formatIsoDate(end)}`,
    };
  }
  return { ok: true };
}

/** The calculator's Comparison Date, en-US as the spec shows it: '11/22/2026' (no zero padding: '1/5/2026'). */
export function formatComparisonDate(instant: Date): string {
  const wall = londonWallTime(instant);
  return `${wall.month}/${wall.day}/${wall.year}`;
}

// Our own month names: ICU's en-GB abbreviations differ between versions ('Sep' vs 'Sept').
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '22 Nov 2026, 09:00' in London time, for activity lists, schedules and reports. */
export function formatLondonDateTime(instant: Date): string {
  const wall = londonWallTime(instant);
  return `${wall.day} ${MONTHS[wall.month - 1] ?? ''} ${wall.year}, ${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** '09:05': the London wall-clock minute of an instant (what a time field holds). */
export function londonClockTime(instant: Date): string {
  const wall = londonWallTime(instant);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** '3 Nov 2026' in London time. */
export function formatLondonDate(instant: Date): string {
  const wall = londonWallTime(instant);
  return `${wall.day} ${MONTHS[wall.month - 1] ?? ''} ${wall.year}`;
}

/** 'YYYY-MM-DD' → '3 Nov 2026' (a calendar date: no time zone involved). */
export function formatIsoDate(date: string): string {
  const { year, month, day } = parseIsoDate(date);
  return `${day} ${MONTHS[month - 1] ?? ''} ${year}`;
}

/** Day of the week of a calendar date: 1 Monday … 7 Sunday (ISO). */
export function isoWeekday(date: string): number {
  const { year, month, day } = parseIsoDate(date);
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** 'YYYY-MM-DD' → 'Friday 27 Nov': a recent day named as a desk says it (the year is implied). */
export function formatWeekdayDate(date: string): string {
  const { month, day } = parseIsoDate(date);
  return `${WEEKDAYS[isoWeekday(date) - 1] ?? ''} ${day} ${MONTHS[month - 1] ?? ''}`;
}
