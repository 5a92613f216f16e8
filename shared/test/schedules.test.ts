import { describe, expect, it } from 'vitest';
import { describeCadence, isDue, latestSlot, nextSlot, previousMonthStart } from '../src/schedules';

const at = (iso: string) => new Date(iso);

describe('schedule slots (London time)', () => {
  it('finds the latest weekly slot at or before now', () => {
    const cadence = { frequency: 'weekly', dayOfWeek: 1, hour: 9 } as const;
    // Monday 2026-11-23 09:00 GMT = 09:00 UTC.
    expect(latestSlot(cadence, at('2026-11-23T09:00:00Z'))).toMatchObject({ key: '2026-11-23' });
    expect(latestSlot(cadence, at('2026-11-23T08:59:59Z')).key).toBe('2026-11-16');
    expect(nextSlot(cadence, at('2026-11-23T09:00:00Z')).key).toBe('2026-11-30');
    expect(nextSlot(cadence, at('2026-11-23T08:00:00Z')).key).toBe('2026-11-23');
  });

  it('reads the hour in London across BST', () => {
    const cadence = { frequency: 'monthly', dayOfMonth: 1, hour: 9 } as const;
    // 1 July is BST: 09:00 London = 08:00 UTC.
    const july = latestSlot(cadence, at('2025-07-01T08:00:00Z'));
    expect(july.key).toBe('2025-07');
    expect(july.at.toISOString()).toBe('2025-07-01T08:00:00.000Z');
    expect(latestSlot(cadence, at('2025-07-01T07:59:00Z')).key).toBe('2025-06');
    expect(nextSlot(cadence, at('2025-12-01T09:00:00Z')).key).toBe('2026-01');
  });

  it('runs an hour that never happens an hour later, and a doubled hour once, at its first occurrence', () => {
    // Schedules fall on days 1–28 and Monday–Friday, so never on a clock-change Sunday; the slots around them keep
    // their London hour.
    const spring = latestSlot({ frequency: 'monthly', dayOfMonth: 28, hour: 1 }, at('2025-03-30T01:00:00Z'));
    expect(spring.key).toBe('2025-03');
    expect(spring.at.toISOString()).toBe('2025-03-28T01:00:00.000Z');
    // The Monday after each change: 09:00 London is 08:00 UTC in BST, 09:00 UTC in GMT.
    const monday = { frequency: 'weekly', dayOfWeek: 1, hour: 9 } as const;
    expect(nextSlot(monday, at('2025-03-30T01:00:00Z')).at.toISOString()).toBe('2025-03-31T08:00:00.000Z');
    expect(nextSlot(monday, at('2025-10-26T01:00:00Z')).at.toISOString()).toBe('2025-10-27T09:00:00.000Z');
    // 2025-10-26: 01:00 BST (00:00 UTC) and 01:00 GMT (01:00 UTC). The first one counts; the key stays the same.
    const autumn = { frequency: 'monthly', dayOfMonth: 26, hour: 1 } as const;
    const first = latestSlot(autumn, at('2025-10-26T00:00:00Z'));
    expect(first.at.toISOString()).toBe('2025-10-26T00:00:00.000Z');
    expect(latestSlot(autumn, at('2025-10-26T01:30:00Z')).key).toBe(first.key);
  });

  it('does not run a slot from before the schedule was set', () => {
    const slot = latestSlot({ frequency: 'weekly', dayOfWeek: 2, hour: 9 }, at('2026-11-24T12:00:00Z'));
    expect(isDue(slot, at('2026-11-24T10:00:00Z'), at('2026-11-24T12:00:00Z'))).toBe(false);
    expect(isDue(slot, at('2026-11-20T10:00:00Z'), at('2026-11-24T12:00:00Z'))).toBe(true);
  });

  it('names cadences and months', () => {
    expect(describeCadence({ frequency: 'weekly', dayOfWeek: 3, hour: 7 })).toBe('Every Wednesday at 07:00');
    expect(describeCadence({ frequency: 'monthly', dayOfMonth: 28, hour: 23 })).toBe('Monthly on day 28 at 23:00');
    expect(previousMonthStart('2026-01-15')).toBe('2025-12-01');
  });
});
