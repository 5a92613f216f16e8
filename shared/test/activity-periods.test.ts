import { describe, expect, it } from 'vitest';
import {
  activityPeriod,
  activityPeriodLabel,
  dashboardPeriods,
  datesOf,
  exportFileName,
  exportSpan,
  shiftPeriod,
  weeksAndDays,
} from '../src/activity-periods';

describe('dashboardPeriods', () => {
  it.each([
    ['today', '2026-11-24', '2026-11-24', '2026-11-23', '2026-11-23'],
    ['last7', '2026-11-18', '2026-11-24', '2026-11-11', '2026-11-17'],
    ['lastMonth', '2026-10-26', '2026-11-24', '2026-09-26', '2026-10-25'],
    ['lastQuarter', '2026-08-27', '2026-11-24', '2026-05-29', '2026-08-26'],
  ] as const)('%s', (range, start, end, prevStart, prevEnd) => {
    const p = dashboardPeriods(range, '2026-11-24');
    expect(p).toEqual({ current: { start, end }, previous: { start: prevStart, end: prevEnd } });
    expect(datesOf(p.current)).toHaveLength(datesOf(p.previous).length);
  });
});

describe('weeksAndDays', () => {
  it('the whole Monday–Sunday weeks of a span by their Mondays, and the loose days either side', () => {
    // The dashboard's quarter on Thursday 26 Nov 2026 and the quarter before it (a Saturday to a Thursday, a Sunday
    // to a Friday).
    expect(weeksAndDays({ start: '2026-08-29', end: '2026-11-26' })).toEqual({
      weeks: { start: '2026-08-31', end: '2026-11-16' },
      days: [
        { start: '2026-08-29', end: '2026-08-30' },
        { start: '2026-11-23', end: '2026-11-26' },
      ],
    });
    expect(weeksAndDays({ start: '2026-05-31', end: '2026-08-28' })).toEqual({
      weeks: { start: '2026-06-01', end: '2026-08-17' },
      days: [
        { start: '2026-05-31', end: '2026-05-31' },
        { start: '2026-08-24', end: '2026-08-28' },
      ],
    });
    // Monday to Sunday: one week, no loose day; a span within a week, or across two without a whole one: days only.
    expect(weeksAndDays({ start: '2026-11-23', end: '2026-11-29' })).toEqual({
      weeks: { start: '2026-11-23', end: '2026-11-23' },
      days: [],
    });
    expect(weeksAndDays({ start: '2026-11-26', end: '2026-11-26' })).toEqual({
      weeks: null,
      days: [{ start: '2026-11-26', end: '2026-11-26' }],
    });
    expect(weeksAndDays({ start: '2026-11-20', end: '2026-11-26' })).toEqual({
      weeks: null,
      days: [{ start: '2026-11-20', end: '2026-11-26' }],
    });
  });
});

describe('activityPeriod', () => {
  it('a day, its Monday–Sunday week and its calendar month', () => {
    expect(activityPeriod('daily', '2026-11-24')).toEqual({ start: '2026-11-24', end: '2026-11-24' });
    expect(activityPeriod('weekly', '2026-11-24')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(activityPeriod('weekly', '2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(activityPeriod('weekly', '2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(activityPeriod('monthly', '2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(activityPeriod('monthly', '2028-02-29')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(activityPeriod('monthly', '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('steps back and forward, across years', () => {
    expect(shiftPeriod('daily', '2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftPeriod('weekly', '2026-01-01', -1)).toBe('2025-12-22');
    expect(shiftPeriod('weekly', '2025-12-31', 1)).toBe('2026-01-05');
    expect(shiftPeriod('monthly', '2026-03-31', -1)).toBe('2026-02-01');
    expect(shiftPeriod('monthly', '2026-12-15', 1)).toBe('2027-01-01');
  });

  it('labels', () => {
    expect(activityPeriodLabel('daily', activityPeriod('daily', '2026-11-24'))).toBe('24 Nov 2026');
    expect(activityPeriodLabel('weekly', activityPeriod('weekly', '2026-11-24'))).toBe('23 Nov 2026 – 29 Nov 2026');
    expect(activityPeriodLabel('monthly', activityPeriod('monthly', '2026-11-24'))).toBe('November 2026');
  });
});

describe('exportSpan', () => {
  const today = '2026-11-24';
  it('today, the last 5 days, the last 30 days', () => {
    expect(exportSpan('today', today)).toEqual({ ok: true, span: { start: today, end: today } });
    expect(exportSpan('week', today)).toEqual({ ok: true, span: { start: '2026-11-20', end: today } });
    expect(exportSpan('month', today)).toEqual({ ok: true, span: { start: '2026-10-26', end: today } });
  });
  it('custom: both dates, in order, not after today, at most a year', () => {
    expect(exportSpan('custom', today, { start: '2026-01-01', end: '2026-01-31' })).toEqual({
      ok: true,
      span: { start: '2026-01-01', end: '2026-01-31' },
    });
    expect(exportSpan('custom', today, { start: '2026-01-01' })).toMatchObject({ ok: false });
    expect(exportSpan('custom', today, { start: '2026-02-01', end: '2026-01-01' })).toMatchObject({ ok: false });
    expect(exportSpan('custom', today, { start: '2026-11-01', end: '2026-11-25' })).toMatchObject({ ok: false });
    expect(exportSpan('custom', today, { start: '2025-11-24', end: today })).toMatchObject({ ok: true });
    expect(exportSpan('custom', today, { start: '2025-11-23', end: today })).toMatchObject({ ok: false });
  });
  it('names the file with its period', () => {
    expect(exportFileName({ start: '2026-11-20', end: '2026-11-24' })).toBe(
      'pippitch-activity-2026-11-20-to-2026-11-24.csv',
    );
    expect(exportFileName({ start: '2026-11-24', end: '2026-11-24' })).toBe('pippitch-activity-2026-11-24.csv');
  });
});
