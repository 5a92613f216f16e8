import { describe, expect, it } from 'vitest';
import { seatRoute } from '../../core/src/services/seats/change';

// Spec §4 Seat save routing, every branch (the services behind each are tested in seats, billing-test-mode and
// billing-stripe).
const facts = (over: Partial<Parameters<typeof seatRoute>[0]>) => ({
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: false,
  gracePeriodUsed: false,
  currentSeats: 6,
  newSeats: 6,
  ...over,
});

describe('seat save routing', () => {
  it('in trial: saved', () => {
    expect(seatRoute(facts({ subscriptionStatus: 'trialing', newSeats: 20 }))).toEqual({ kind: 'save' });
    expect(seatRoute(facts({ subscriptionStatus: 'trialing', newSeats: 2 }))).toEqual({ kind: 'save' });
  });

  it('active with added seats: paid now; with fewer or the same: from the next period', () => {
    expect(seatRoute(facts({ newSeats: 7 }))).toEqual({ kind: 'charge_now' });
    expect(seatRoute(facts({ newSeats: 5 }))).toEqual({ kind: 'next_period' });
    expect(seatRoute(facts({ newSeats: 6 }))).toEqual({ kind: 'next_period' });
    expect(seatRoute(facts({ subscriptionStatus: 'past_due', newSeats: 7 }))).toEqual({ kind: 'charge_now' });
  });

  it('scheduled to cancel without the grace used: added seats are a seat-update payment', () => {
    expect(seatRoute(facts({ cancelAtPeriodEnd: true, newSeats: 8 }))).toEqual({ kind: 'charge_now' });
    expect(seatRoute(facts({ cancelAtPeriodEnd: true, newSeats: 4 }))).toEqual({ kind: 'next_period' });
  });

  it('scheduled to cancel with the grace used, or ended: a new checkout as reactivation', () => {
    expect(seatRoute(facts({ cancelAtPeriodEnd: true, gracePeriodUsed: true, newSeats: 8 }))).toEqual({
      kind: 'new_checkout',
    });
    expect(seatRoute(facts({ subscriptionStatus: 'canceled' }))).toEqual({ kind: 'new_checkout' });
    expect(seatRoute(facts({ subscriptionStatus: 'locked' }))).toEqual({ kind: 'new_checkout' });
  });
});
