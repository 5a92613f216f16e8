import { describe, expect, it } from 'vitest';
import {
  addDays,
  clampDateRange,
  formatComparisonDate,
  formatLondonDateTime,
  historicalRange,
  isIsoDate,
  londonDateOf,
  londonDayBoundsUtc,
  londonToUtc,
  parseTimeInput,
  validateHistoricalDate,
} from '../src/time';

const INVALID = { ok: false, message: 'Invalid time format. Use format like 09:00 or 9:00 AM' };

describe('parseTimeInput', () => {
  it.each<[string, number, number]>([
    ['09:00', 9, 0],
    ['9:00 AM', 9, 0],
    ['9am', 9, 0],
    ['9 am', 9, 0],
    ['9', 9, 0],
    ['21:30', 21, 30],
    ['00:00', 0, 0],
    ['23:59', 23, 59],
    ['12 am', 0, 0],
    ['12:30am', 0, 30],
    ['12 pm', 12, 0],
    ['12:15 PM', 12, 15],
    ['1pm', 13, 0],
    ['9:30 p.m.', 21, 30],
    ['  7:05  ', 7, 5],
  ])('%j → %i:%i', (text, hours, minutes) => {
    expect(parseTimeInput(text)).toEqual({ ok: true, hours, minutes });
  });

  it.each(['25:00', '24:00', 'abc', '9:75', '9:5', '', '13pm', '0am', '9:00:00', '9.30', '-1', '123', '9 xm'])(
    'rejects %j',
    (text) => {
      expect(parseTimeInput(text)).toEqual(INVALID);
    },
  );
});

describe('londonToUtc', () => {
  it.each<[string, number, number, string, string]>([
    ['2025-03-30', 9, 0, '2025-03-30T08:00:00.000Z', 'the morning the clocks go forward'],
    ['2025-10-26', 9, 0, '2025-10-26T09:00:00.000Z', 'the morning the clocks go back'],
    ['2025-01-15', 9, 0, '2025-01-15T09:00:00.000Z', 'winter (GMT)'],
    ['2025-07-01', 9, 0, '2025-07-01T08:00:00.000Z', 'summer (BST)'],
    ['2025-07-01', 0, 0, '2025-06-30T23:00:00.000Z', 'BST midnight is the previous UTC day'],
    ['2025-03-30', 0, 30, '2025-03-30T00:30:00.000Z', 'just before the spring change'],
    ['2025-03-30', 2, 0, '2025-03-30T01:00:00.000Z', 'just after the spring change'],
    ['2025-03-30', 1, 30, '2025-03-30T01:30:00.000Z', 'a time that never happens reads as 02:30 BST'],
    ['2025-10-26', 0, 30, '2025-10-25T23:30:00.000Z', 'before the autumn change'],
    ['2025-10-26', 1, 30, '2025-10-26T00:30:00.000Z', 'a time that happens twice gives the earlier one'],
    ['2025-10-26', 2, 0, '2025-10-26T02:00:00.000Z', 'after the autumn change'],
    ['2024-12-31', 23, 59, '2024-12-31T23:59:00.000Z', 'year end'],
  ])('%s %i:%i → %s (%s)', (date, hours, minutes, expected) => {
    expect(londonToUtc(date, hours, minutes).toISOString()).toBe(expected);
  });

  it.each<[string, number, number]>([
    ['2025-02-30', 9, 0],
    ['25-01-01', 9, 0],
    ['2025-01-01', 24, 0],
    ['2025-01-01', 9, 60],
  ])('rejects %s %i:%i', (date, hours, minutes) => {
    expect(() => londonToUtc(date, hours, minutes)).toThrow(RangeError);
  });
});

describe('londonDateOf', () => {
  it.each<[string, string]>([
    ['2025-07-01T22:59:59Z', '2025-07-01'],
    ['2025-07-01T23:00:00Z', '2025-07-02'],
    ['2025-01-15T23:30:00Z', '2025-01-15'],
    ['2025-10-25T23:00:00Z', '2025-10-26'],
    ['2025-03-30T00:59:00Z', '2025-03-30'],
    ['2024-12-31T23:59:59Z', '2024-12-31'],
  ])('%s is %s in London', (instant, expected) => {
    expect(londonDateOf(new Date(instant))).toBe(expected);
  });
});

describe('londonDayBoundsUtc', () => {
  it.each<[string, string, string, number]>([
    ['2025-01-15', '2025-01-15T00:00:00.000Z', '2025-01-16T00:00:00.000Z', 24],
    ['2025-07-01', '2025-06-30T23:00:00.000Z', '2025-07-01T23:00:00.000Z', 24],
    ['2025-03-30', '2025-03-30T00:00:00.000Z', '2025-03-30T23:00:00.000Z', 23],
    ['2025-10-26', '2025-10-25T23:00:00.000Z', '2025-10-27T00:00:00.000Z', 25],
  ])('%s runs %s to %s (%i h)', (date, start, end, hours) => {
    const bounds = londonDayBoundsUtc(date);
    expect(bounds.start.toISOString()).toBe(start);
    expect(bounds.end.toISOString()).toBe(end);
    expect((bounds.end.getTime() - bounds.start.getTime()) / 3_600_000).toBe(hours);
  });
});

describe('dates', () => {
  it.each<[string, number, string]>([
    ['2025-01-31', 1, '2025-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-03-29', 2, '2025-03-31'],
    ['2025-10-01', 0, '2025-10-01'],
    ['2024-09-30', 90, '2024-12-29'],
  ])('addDays(%s, %i) = %s', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['2025-01-01T00:00', false],
  ])('isIsoDate(%s) is %s', (date, expected) => {
    expect(isIsoDate(date)).toBe(expected);
  });

  it.each<[string, [string, string], { start: string; end: string; swapped: boolean; clamped: boolean }]>([
    [
      'in range',
      ['2025-01-01', '2025-02-01'],
      { start: '2025-01-01', end: '2025-02-01', swapped: false, clamped: false },
    ],
    [
      'reversed',
      ['2025-02-01', '2025-01-01'],
      { start: '2025-01-01', end: '2025-02-01', swapped: true, clamped: false },
    ],
    [
      'too early',
      ['2024-01-01', '2025-01-01'],
      { start: '2024-09-30', end: '2025-01-01', swapped: false, clamped: true },
    ],
    [
      'too late',
      ['2026-01-01', '2027-01-01'],
      { start: '2026-01-01', end: '2026-04-13', swapped: false, clamped: true },
    ],
    [
      'reversed and too wide',
      ['2027-01-01', '2020-01-01'],
      { start: '2024-09-30', end: '2026-04-13', swapped: true, clamped: true },
    ],
    [
      'wholly after max',
      ['2027-01-01', '2027-02-01'],
      { start: '2026-04-13', end: '2026-04-13', swapped: false, clamped: true },
    ],
    [
      'one day at the edges',
      ['2024-09-30', '2026-04-13'],
      { start: '2024-09-30', end: '2026-04-13', swapped: false, clamped: false },
    ],
  ])('clampDateRange: %s', (_name, [start, end], expected) => {
    expect(clampDateRange(start, end, '2024-09-30', '2026-04-13')).toEqual(expected);
  });

  it('gives the historical range as first stored day to yesterday', () => {
    expect(historicalRange('2026-04-14')).toEqual({ start: '2024-09-30', end: '2026-04-13' });
    expect(historicalRange('2025-01-01')).toEqual({ start: '2024-09-30', end: '2024-12-31' });
  });

  const outOfRange = { ok: false, message: 'Historical data only available from 30 Sep 2024 to 13 Apr 2026' };
  it.each<[string, object]>([
    ['2024-09-30', { ok: true }],
    ['2025-06-15', { ok: true }],
    ['2026-04-13', { ok: true }],
    ['2024-09-29', outOfRange],
    ['2026-04-14', outOfRange],
    ['2027-01-01', outOfRange],
    ['not a date', outOfRange],
  ])('validateHistoricalDate(%s) with today 2026-04-14', (date, expected) => {
    expect(validateHistoricalDate(date, '2026-04-14')).toEqual(expected);
  });
});

describe('display', () => {
  it.each<[string, string]>([
    ['2026-11-22T12:00:00Z', '11/22/2026'],
    ['2026-01-05T00:30:00Z', '1/5/2026'],
    ['2025-07-01T23:30:00Z', '7/2/2025'],
  ])('formatComparisonDate(%s) = %s', (instant, expected) => {
    expect(formatComparisonDate(new Date(instant))).toBe(expected);
  });

  it.each<[string, string]>([
    ['2026-11-22T09:00:00Z', '22 Nov 2026, 09:00'],
    ['2025-07-01T08:00:00Z', '1 Jul 2025, 09:00'],
    ['2025-09-10T23:05:00Z', '11 Sep 2025, 00:05'],
    ['2025-10-26T00:30:00Z', '26 Oct 2025, 01:30'],
    ['2025-10-26T01:30:00Z', '26 Oct 2025, 01:30'],
  ])('formatLondonDateTime(%s) = %s', (instant, expected) => {
    expect(formatLondonDateTime(new Date(instant))).toBe(expected);
  });
});

describe("London's wall clock read once per UTC hour", () => {
  // Intl's own answer, field by field, for the same instant: what the per-hour offset must always agree with.
  const reference = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const viaIntl = (d: Date) => {
    const p = Object.fromEntries(reference.formatToParts(d).map((x) => [x.type, x.value]));
    return `${Number(p.day)} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
  };

  it.each([
    ['the spring change', '2026-03-28T22:00:00Z'],
    ['the autumn change', '2026-10-24T22:00:00Z'],
    ['a leap day', '2028-02-28T20:00:00Z'],
    ['a year end', '2026-12-31T12:00:00Z'],
  ])('agrees with Intl minute by minute across %s', (_, start) => {
    const from = Date.parse(start);
    for (let ms = from; ms < from + 2 * 86_400_000; ms += 59_999) {
      expect(formatLondonDateTime(new Date(ms))).toBe(viaIntl(new Date(ms)));
    }
  });
});
