import { describe, expect, it } from 'vitest';
import { choiceOfPlan } from '../src/features/billing/checkout-choice';
import { type CheckoutOrder, checkoutReducer, EMPTY_ORDER } from '../src/features/billing/checkout-order';

// The order on /checkout (issue 36 §4: one reducer for both flows instead of seven pieces of state).

const PLAN = {
  adminSeats: 1,
  brokerSeats: 2,
  activeAdmins: 2,
  activeBrokers: 3,
  billingPeriod: 'annual',
  companyFinderEnabled: true,
  clientDataEnabled: false,
};
const CHARGE = {
  sentence: 'You will be charged £12.40 now.',
  dueNowPence: 1240,
  effectiveOn: null,
  prorationDate: '2026-11-24T14:06:00.000Z',
};

const started = checkoutReducer(EMPTY_ORDER, { type: 'start', choice: choiceOfPlan(PLAN) });

describe('the order on /checkout', () => {
  it('starts from the plan on record, never below the seats in use, and only once', () => {
    expect(started.choice).toEqual({
      adminSeats: 2,
      brokerSeats: 3,
      billing: 'annual',
      addons: { companyFinder: true, clientData: false },
    });
    const again = checkoutReducer(started, { type: 'start', choice: { ...choiceOfPlan(PLAN), adminSeats: 9 } });
    expect(again).toBe(started);
  });

  it('drops what was shown or said about the old order on any change; only a seat change clears the seat note', () => {
    const shown: CheckoutOrder = {
      ...started,
      seatNote: 'You have 3 active broker(s). You cannot reduce below this number.',
      error: 'Checkout failed',
      charge: CHARGE,
      changed: { on: null },
    };
    expect(checkoutReducer(shown, { type: 'choose', patch: { billing: 'monthly' } })).toMatchObject({
      choice: { billing: 'monthly' },
      seatNote: shown.seatNote,
      error: null,
      charge: null,
      changed: null,
    });
    expect(checkoutReducer(shown, { type: 'choose', patch: { brokerSeats: 4 } }).seatNote).toBeNull();
  });

  it('a plan change: the amount shown, Cancel forgets it, Confirm says when the change takes effect', () => {
    const previewed = checkoutReducer(started, { type: 'previewed', charge: { ...CHARGE, effectiveOn: '2027-03-12' } });
    expect(checkoutReducer(previewed, { type: 'dismissed' })).toMatchObject({ charge: null, error: null });
    expect(checkoutReducer(previewed, { type: 'changed' })).toMatchObject({
      charge: null,
      changed: { on: '2027-03-12' },
    });
    const failed = checkoutReducer(previewed, { type: 'failed', message: 'The amount has changed' });
    expect(failed).toMatchObject({ charge: { dueNowPence: 1240 }, error: 'The amount has changed' });
    expect(checkoutReducer(failed, { type: 'retry' }).error).toBeNull();
  });
});
