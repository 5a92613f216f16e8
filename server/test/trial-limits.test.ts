/**
 * An unpaid trial's seats (issue 30): a signup asks for at most 25 seats in all, and the seats pages add none
 * beyond that until the first payment; a trial already above it may still come down; a paid plan is not limited.
 * The numbers and words come from shared/src/trial-limits.ts, as the pricing page's FAQ does.
 */
import { TRIAL_LIMITS, TRIAL_MESSAGES, trialLimitsAnswer } from '@pippitch/shared/trial-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, ownerOfNewCompany, signupInput, startTestApp, type TestApp } from './helpers';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(() => h.close());

describe("an unpaid trial's seats", () => {
  it('are said with their numbers in the error and the FAQ', () => {
    expect(TRIAL_LIMITS).toEqual({ seats: 25, invitationsPerDay: 25 });
    expect(TRIAL_MESSAGES.seats).toBe(
      'A free trial can have up to 25 seats (admin and broker seats together). Choose a plan to add more.',
    );
    expect(trialLimitsAnswer()).toContain('Up to 25 seats (admin and broker together) and 25 invitations');
  });

  it('a signup asks for at most 25 in all', async () => {
    const over = await errorOf(
      h.client().api.auth.signup.mutate(signupInput({ email: 'big@trial.io', adminSeats: 5, brokerSeats: 21 })),
    );
    expect(over).toEqual({ message: TRIAL_MESSAGES.seats, code: 'BAD_REQUEST' });
    const atLimit = await h
      .client()
      .api.auth.signup.mutate(signupInput({ email: 'fits@trial.io', adminSeats: 5, brokerSeats: 20 }));
    expect(atLimit.emailed).toBe(true);
  });

  it('the seats pages add none beyond 25 until the first payment; coming down is always allowed', async () => {
    const { c, companyId } = await ownerOfNewCompany(h, 'Seat Cap');
    await c.api.seats.save.mutate({ adminSeats: 5, brokerSeats: 20 });
    expect(await errorOf(c.api.seats.save.mutate({ adminSeats: 5, brokerSeats: 21 }))).toEqual({
      message: TRIAL_MESSAGES.seats,
      code: 'BAD_REQUEST',
    });
    expect(await errorOf(c.api.seats.saveFromAccount.mutate({ adminSeats: 26, brokerSeats: 0 }))).toEqual({
      message: TRIAL_MESSAGES.seats,
      code: 'BAD_REQUEST',
    });
    const company = () =>
      h.t.db
        .selectFrom('companies')
        .select(['admin_seats', 'junior_seats'])
        .where('id', '=', companyId)
        .executeTakeFirstOrThrow();
    expect(await company()).toEqual({ admin_seats: 5, junior_seats: 20 });
    // A trial above the limit from before it came (a database edit here) may still lower its seats.
    await h.t.db.updateTable('companies').set({ junior_seats: 100 }).where('id', '=', companyId).execute();
    await c.api.seats.save.mutate({ adminSeats: 5, brokerSeats: 50 });
    expect(await company()).toEqual({ admin_seats: 5, junior_seats: 50 });
  });
});
