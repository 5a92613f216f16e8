import type { ShownCharge } from './ChargeConfirm';
import type { Choice } from './checkout-choice';

/** The charge a plan change was priced at, shown before Confirm; Confirm sends its moment and amount back. */
export type PreviewedCharge = ShownCharge & { prorationDate: string };

/**
 * The order on /checkout and where it stands (issue 36 §4: one reducer instead of seven pieces of state). Both
 * flows share the choice, the seat note and the error; the previewed charge and the change made are a plan change's.
 */
export interface CheckoutOrder {
  /** The seats, add-ons and billing period chosen; null until the company's plan (or a kept choice) is known. */
  choice: Choice | null;
  /** Why the last seat change was refused (fewer seats than active members); cleared by the next one accepted. */
  seatNote: string | null;
  error: string | null;
  /** A plan change: the amount the provider worked out, shown before anything is charged (issue 20 §3). */
  charge: PreviewedCharge | null;
  /** A plan change made: `on` is the day a change at the next renewal takes effect, null for one made at once. */
  changed: { on: string | null } | null;
}

export type CheckoutAction =
  /** The order to start from; ignored once there is one. */
  | { type: 'start'; choice: Choice }
  /** Any change of the order: what was shown or said about the old one goes. Seats also clear the seat note. */
  | { type: 'choose'; patch: Partial<Choice> }
  | { type: 'seatsRefused'; note: string }
  | { type: 'failed'; message: string }
  /** Asking again (Review change): the last error goes. */
  | { type: 'retry' }
  | { type: 'previewed'; charge: PreviewedCharge }
  /** Cancel on the confirmation: nothing charged, nothing said. */
  | { type: 'dismissed' }
  | { type: 'changed' };

export const EMPTY_ORDER: CheckoutOrder = { choice: null, seatNote: null, error: null, charge: null, changed: null };

export function checkoutReducer(order: CheckoutOrder, action: CheckoutAction): CheckoutOrder {
  switch (action.type) {
    case 'start':
      return order.choice ? order : { ...order, choice: action.choice };
    case 'choose': {
      if (!order.choice) return order;
      const seats = 'adminSeats' in action.patch || 'brokerSeats' in action.patch;
      return {
        choice: { ...order.choice, ...action.patch },
        seatNote: seats ? null : order.seatNote,
        error: null,
        charge: null,
        changed: null,
      };
    }
    case 'seatsRefused':
      return { ...order, seatNote: action.note };
    case 'failed':
      return { ...order, error: action.message };
    case 'retry':
      return { ...order, error: null };
    case 'previewed':
      return { ...order, charge: action.charge };
    case 'dismissed':
      return { ...order, charge: null, error: null };
    case 'changed':
      return { ...order, charge: null, changed: { on: order.charge?.effectiveOn ?? null } };
  }
}
