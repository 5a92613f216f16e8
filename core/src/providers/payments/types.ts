import type { CancellationReason } from '@pippitch/shared/cancellation';
import type { AddonKey, Billing } from '@pippitch/shared/pricing';

/**
 * A payment provider (design.md §2): Stripe in production, the built-in test-mode checkout when no key is set.
 * Billing state is never taken from what the browser or an event payload claims: an event only says which
 * subscription or customer changed, and `readSubscription` reads its current state from the provider, so
 * duplicates and out-of-order deliveries all converge to the same state.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'test_mode';
  /** The provider's customer for a company, created once (the id is stored on the company). */
  ensureCustomer(company: { id: string; name: string; email: string; customerId: string | null }): Promise<string>;
  /** A hosted checkout for a new subscription; the browser is sent to `url`. */
  startCheckout(request: CheckoutRequest): Promise<{ url: string; sessionId: string }>;
  /** The subscription as it is now, or null when the provider does not know it. */
  readSubscription(subscriptionId: string): Promise<SubscriptionState | null>;
  /** A verified event from a webhook request, or a WebhookSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /**
   * Changes a live subscription. 'now' charges the prorated difference at once (added seats, an add-on);
   * 'next_period' changes the price from the next period without a refund (fewer seats, an add-on removed).
   * When the card needs the customer (3-D Secure, a decline), the result carries the page to pay on.
   */
  changeSubscription(subscriptionId: string, change: SubscriptionChange): Promise<ChangeResult>;
  /**
   * What `changeSubscription` with the same change and proration moment would charge now, in pence with VAT
   * (Stripe's invoice preview): the amount the customer confirms is the amount charged.
   */
  previewChange(subscriptionId: string, change: SubscriptionChange & { prorationDate: Date }): Promise<ChangePreview>;
  /** The customer's subscriptions that are not over (trialing, active, past due, unpaid, incomplete). */
  openSubscriptions(customerId: string): Promise<SubscriptionState[]>;
  /** Closes an open checkout so it can no longer be paid; 'complete' when it was paid meanwhile. */
  expireCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  /** Ends the subscription now (no refund) or at the end of the paid period, with the customer's reason. */
  cancel(
    subscriptionId: string,
    how: { atPeriodEnd: boolean; reason: CancellationReason; feedback: string },
  ): Promise<void>;
  /** Undoes a cancellation scheduled for the period's end. */
  resume(subscriptionId: string): Promise<void>;
  /**
   * Switches the billing period at the end of the paid period (annual → monthly mid-year): nothing is charged or
   * refunded now; the renewal is charged at the new period's price, once (Stripe: a subscription schedule whose
   * second phase holds the new prices). Seat and add-on changes made meanwhile are carried into the switch.
   */
  scheduleBillingSwitch(subscriptionId: string, billing: Billing): Promise<void>;
  /** Undoes a scheduled switch of billing period: the plan renews as it is. */
  cancelBillingSwitch(subscriptionId: string): Promise<void>;
}

export interface SubscriptionChange {
  seats?: { adminSeats: number; brokerSeats: number };
  addons?: Partial<Record<AddonKey, boolean>>;
  /** Another billing period: a new period starts at once and the unused time of the old one is credited. */
  billing?: Billing;
  charge: 'now' | 'next_period';
  /** The moment the prorations are computed for: the preview's, so the charge equals the amount shown. */
  prorationDate?: Date;
}

export interface ChangePreview {
  /** Pence, VAT included, charged at once (0 when the change costs nothing now, e.g. during a trial). */
  amountDue: number;
}

export type ChangeResult = { status: 'done' } | { status: 'requires_payment'; url: string };

export interface CheckoutRequest {
  companyId: string;
  customerId: string;
  adminSeats: number;
  brokerSeats: number;
  billing: Billing;
  addons: Record<AddonKey, boolean>;
  /** A company whose cancelled subscription is being renewed (spec §7 isReactivation). */
  reactivation: boolean;
  /** A company paying during its trial: the first charge falls on the trial's end (Stripe's trial_end). */
  trialEnd: Date | null;
  successUrl: string;
  cancelUrl: string;
}

export type ProviderSubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

/** What we mirror of a subscription; the provider's own shape stays in its vendor folder. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  billing: Billing;
  adminSeats: number;
  brokerSeats: number;
  addons: Record<AddonKey, boolean>;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** While trialing: when the trial ends and the first charge is taken. */
  trialEnd: Date | null;
  /** A switch of billing period the provider will make at the end of the paid period, or null. */
  billingSwitch: { billing: Billing; on: Date } | null;
  canceledAt: Date | null;
  created: Date;
}

/** An event, reduced to what it may be trusted for: its id, its type and the ids it names. */
export interface ProviderEvent {
  id: string;
  type: string;
  customerId: string | null;
  subscriptionId: string | null;
}

export class WebhookSignatureError extends Error {}
