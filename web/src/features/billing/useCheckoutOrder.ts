import { belowActiveMessage } from '@pippitch/shared/checkout';
import { useEffect, useReducer } from 'react';
import { type Choice, choiceOfPlan, type PlanOnRecord, rememberedChoice } from './checkout-choice';
import { checkoutReducer, EMPTY_ORDER } from './checkout-order';

/**
 * The order on /checkout (checkout-order.ts says what it holds): it starts from the company's plan once that is
 * known — or, back from a cancelled payment, from the choices made before it — and refuses fewer seats than are in
 * use, in the spec's words.
 */
export function useCheckoutOrder(plan: PlanOnRecord | undefined, canceled = false) {
  const [order, dispatch] = useReducer(checkoutReducer, EMPTY_ORDER);
  useEffect(() => {
    if (!plan || order.choice) return;
    // Back from a cancelled payment: the choices made before it, not the stored plan's.
    dispatch({ type: 'start', choice: (canceled ? rememberedChoice() : null) ?? choiceOfPlan(plan) });
  }, [plan, order.choice, canceled]);

  return {
    order,
    dispatch,
    choose(patch: Partial<Choice>) {
      dispatch({ type: 'choose', patch });
    },
    setSeats(role: 'admin' | 'broker', n: number) {
      if (!plan) return;
      const active = role === 'admin' ? plan.activeAdmins : plan.activeBrokers;
      if (n < active) return dispatch({ type: 'seatsRefused', note: belowActiveMessage(role, active) });
      dispatch({ type: 'choose', patch: role === 'admin' ? { adminSeats: n } : { brokerSeats: n } });
    },
  };
}
