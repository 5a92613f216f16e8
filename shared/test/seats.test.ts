import { describe, expect, it } from 'vitest';
import { availableSeats, noSeatsMessage, seatUsage, tooFewSeatsMessage } from '../src/seats';

describe('seat arithmetic', () => {
  it('purchased minus active minus pending, never below 0', () => {
    expect(availableSeats({ purchased: 5, active: 2, pending: 1 })).toBe(2);
    expect(availableSeats({ purchased: 1, active: 1, pending: 0 })).toBe(0);
    expect(availableSeats({ purchased: 2, active: 3, pending: 1 })).toBe(0);
  });

  it('totals both roles', () => {
    const u = seatUsage({ purchased: 1, active: 1, pending: 0 }, { purchased: 5, active: 2, pending: 2 });
    expect(u.admin.available).toBe(0);
    expect(u.broker.available).toBe(1);
    expect(u.total).toEqual({ purchased: 6, used: 3, pending: 2, available: 1 });
  });

  it("words the spec's messages", () => {
    expect(noSeatsMessage('broker')).toBe(
      'No broker seats available. Please upgrade your subscription to add more seats.',
    );
    expect(tooFewSeatsMessage('admin', 1)).toBe('You only have 1 admin seat(s) available');
  });
});
