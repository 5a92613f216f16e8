import { z } from 'zod';
import { addDays, isoWeekday, londonDateOf, londonToUtc } from './time';

// When a company's scheduled work runs (spec §3 export_schedules and monthly_report_schedule, §5, §9): one London
// day and hour per week or month. The server validates with these schemas, the dashboard's forms offer exactly
// these choices, and the worker's dispatchers ask `latestSlot` which run is due — one home for the rule.

export const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
};

/** Defaults of spec §9: monthly on the 1st at 09:00; weekly on Monday at 09:00. */
export const SCHEDULE_DEFAULTS = { dayOfMonth: 1, dayOfWeek: 1, hour: 9 } as const;

const hour = z.number().int().min(0, 'Hour must be 0–23').max(23, 'Hour must be 0–23');
const dayOfWeek = z
  .number()
  .int()
  .min(1, 'Weekly exports run Monday to Friday')
  .max(5, 'Weekly exports run Monday to Friday');
const dayOfMonth = z.number().int().min(1, 'Day of month must be 1–28').max(28, 'Day of month must be 1–28');

export const weeklyCadenceSchema = z.object({ frequency: z.literal('weekly'), dayOfWeek, hour }).strict();
export const monthlyCadenceSchema = z.object({ frequency: z.literal('monthly'), dayOfMonth, hour }).strict();

/** An export schedule's cadence: weekly (Monday–Friday) or monthly (1–28), at a London hour. */
export const cadenceSchema = z.discriminatedUnion('frequency', [weeklyCadenceSchema, monthlyCadenceSchema]);
export type Cadence = z.infer<typeof cadenceSchema>;

/** The monthly client report's schedule: always monthly. */
export const reportCadenceSchema = z.object({ dayOfMonth, hour }).strict();

/** One run of a schedule: `key` names it (unique per schedule), `at` is when it falls due. */
export interface Slot {
  key: string;
  at: Date;
  /** The London calendar date of the run. */
  date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '09:00' for hour 9. */
export function formatHour(h: number): string {
  return `${pad(h)}:00`;
}

/** 'Every Monday at 09:00' / 'Monthly on day 1 at 09:00' (London time). */
export function describeCadence(cadence: Cadence): string {
  return cadence.frequency === 'weekly'
    ? `Every ${WEEKDAY_LABELS[cadence.dayOfWeek]} at ${formatHour(cadence.hour)}`
    : `Monthly on day ${cadence.dayOfMonth} at ${formatHour(cadence.hour)}`;
}

function slotOn(date: string, h: number, key: string): Slot {
  return { key, at: londonToUtc(date, h, 0), date };
}

function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The first day of the month before the one `date` falls in. */
export function previousMonthStart(date: string): string {
  return `${monthOf(addDays(`${monthOf(date)}-01`, -1))}-01`;
}

/**
 * The most recent slot at or before `now` (London wall time; the clock-change rules are `londonToUtc`'s: an hour
 * that happens twice runs at its first occurrence, an hour that never happens runs an hour later on the clock).
 * Keys: weekly 'YYYY-MM-DD' (the day it runs), monthly 'YYYY-MM' — so a schedule runs at most once per week day
 * or month however often the dispatcher asks, and an edited hour does not run the same day twice.
 */
export function latestSlot(cadence: Cadence, now: Date): Slot {
  const today = londonDateOf(now);
  if (cadence.frequency === 'weekly') {
    for (let back = 0; back <= 7; back++) {
      const date = addDays(today, -back);
      if (isoWeekday(date) !== cadence.dayOfWeek) continue;
      const slot = slotOn(date, cadence.hour, date);
      if (slot.at.getTime() <= now.getTime()) return slot;
    }
    throw new Error('unreachable: a weekday recurs within 8 days');
  }
  const thisMonth = `${monthOf(today)}-${pad(cadence.dayOfMonth)}`;
  const slot = slotOn(thisMonth, cadence.hour, monthOf(thisMonth));
  if (slot.at.getTime() <= now.getTime()) return slot;
  const lastMonth = `${monthOf(previousMonthStart(today))}-${pad(cadence.dayOfMonth)}`;
  return slotOn(lastMonth, cadence.hour, monthOf(lastMonth));
}

/**
 * Whether a dispatcher asking at `now` should start `slot` for a schedule active since `activeSince`: a slot that
 * fell due before the schedule was set (or last re-enabled) is not run late; one missed while the workers were down
 * is, as long as it is still the latest. Whether it already ran is the caller's unique key's job.
 */
export function isDue(slot: Slot, activeSince: Date, now: Date): boolean {
  return slot.at.getTime() >= activeSince.getTime() && slot.at.getTime() <= now.getTime();
}

/** The next slot strictly after `now`, for 'Next run' lines. */
export function nextSlot(cadence: Cadence, now: Date): Slot {
  const today = londonDateOf(now);
  if (cadence.frequency === 'weekly') {
    for (let ahead = 0; ahead <= 7; ahead++) {
      const date = addDays(today, ahead);
      if (isoWeekday(date) !== cadence.dayOfWeek) continue;
      const slot = slotOn(date, cadence.hour, date);
      if (slot.at.getTime() > now.getTime()) return slot;
    }
    throw new Error('unreachable: a weekday recurs within 8 days');
  }
  const thisMonth = `${monthOf(today)}-${pad(cadence.dayOfMonth)}`;
  const slot = slotOn(thisMonth, cadence.hour, monthOf(thisMonth));
  if (slot.at.getTime() > now.getTime()) return slot;
  const nextMonth = `${monthOf(addDays(`${monthOf(today)}-28`, 7))}-${pad(cadence.dayOfMonth)}`;
  return slotOn(nextMonth, cadence.hour, monthOf(nextMonth));
}
