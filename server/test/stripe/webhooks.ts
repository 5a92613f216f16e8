/** Webhooks from the local Stripe: an event as the signed request Stripe would send to the product. */
import Stripe from 'stripe';

export const TEST_WEBHOOK_SECRET = 'whsec_pippitch_local';

export function signed(event: Stripe.Event, secret = TEST_WEBHOOK_SECRET): { body: string; signature: string } {
  const body = JSON.stringify(event, null, 2);
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}
