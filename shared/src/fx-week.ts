import { addDays, formatLondonDateTime, isoWeekday, londonClockTime, londonDateOf, londonToUtc } from './time';

// The FX week in London time (issue 31 §2): the market opens on Sunday at 22:00 London and closes on Friday at
// 22:00 London, in GMT and in BST alike (the wall clock, not UTC, is what stays put), and it is closed on
// 25 December and 1 January until 22:00, from 22:00 the evening before. One home for 'is the market open' and the
// words for a closed one, for the live rate and anything else that says so.

const OPEN_HOUR = 22;
const HOLIDAYS = ['12-25', '01-01'];

function isHoliday(date: string): boolean {
  return HOLIDAYS.includes(date.slice(5));
}

/** Whether the FX market is open at an instant. */
export function isMarketOpen(at: Date): boolean {
  const date = londonDateOf(at);
  const lateEvening = londonClockTime(at) >= `${OPEN_HOUR}:00`;
  const day = isoWeekday(date);
  if (isHoliday(date)) return lateEvening && day !== 5 && day !== 6;
  if (lateEvening && isHoliday(addDays(date, 1))) return false;
  if (day === 6) return false;
  if (day === 7) return lateEvening;
  if (day === 5) return !lateEvening;
  return true;
}

/** The next reopening after `at`, 22:00 London on some evening; null when the market is open. */
export function marketReopensAt(at: Date): Date | null {
  if (isMarketOpen(at)) return null;
  const today = londonDateOf(at);
  for (let d = 0; d < 8; d++) {
    const t = londonToUtc(addDays(today, d), OPEN_HOUR, 0);
    if (t > at && isMarketOpen(t)) return t;
  }
  return null;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** 'Market closed — reopens Sunday 22:00 London', or null while it is open. */
export function marketClosedNote(at: Date): string | null {
  const reopens = marketReopensAt(at);
  if (!reopens) return null;
  const day = WEEKDAYS[isoWeekday(londonDateOf(reopens)) - 1];
  return `Market closed — reopens ${day} ${londonClockTime(reopens)} London`;
}

/** When the market is closed: the last price's date and time, then the reopening. Null while it is open. */
export function closedMarketLine(lastPriceAt: Date, now: Date): string | null {
  const note = marketClosedNote(now);
  if (!note) return null;
  const seconds = String(lastPriceAt.getUTCSeconds()).padStart(2, '0');
  return `last price ${formatLondonDateTime(lastPriceAt)}:${seconds} London · ${note}`;
}
