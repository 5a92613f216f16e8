/**
 * The set-up every billing test against the local Stripe shares (billing-stripe, billing-switch,
 * billing-one-subscription): the local Stripe and an app whose payments go to it through the real SDK, started
 * once for the file; Stripe's events delivered to the product's webhook signed as Stripe signs them; and a
 * company that has paid at checkout.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../src/api/http/billing-webhook';
import { ownerOfNewCompany, signedIn, startTestApp, type TestApp, type TestClient } from './helpers';
import { type LocalStripe, startLocalStripe, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from './stripe/stripe-server';

export interface StripeTestApp {
  h: TestApp;
  stripe: LocalStripe;
  /** The app's Stripe settings (keys and the local Stripe's address). */
  settings: { secretKey: string; webhookSecret: string; apiUrl: string };
  /** Ids of the events delivered so far. */
  delivered: Set<string>;
  /** Delivers an event to the product's webhook as Stripe would (signed with `secret`, by default the app's). */
  deliver(event: LocalStripe['events'][number], secret?: string): Promise<LightMyRequestResponse>;
  /** A company of `name` past its trial, its owner signed in as admin, that paid `plan` at checkout. */
  payingCompany(
    name: string,
    plan: Parameters<TestClient['api']['billing']['startCheckout']['mutate']>[0],
  ): Promise<{ c: TestClient; companyId: string; email: string }>;
}

/** Starts the local Stripe and the app for the test file; tests read the fields once the set-up has run. */
export function stripeTestApp(): StripeTestApp {
  const app: StripeTestApp = {
    h: undefined as unknown as TestApp,
    stripe: undefined as unknown as LocalStripe,
    settings: { secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiUrl: '' },
    delivered: new Set(),
    deliver(event, secret) {
      app.delivered.add(event.id);
      const { body, signature } = app.stripe.signed(event, secret);
      return app.h.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload: body,
      });
    },
    async payingCompany(name, plan) {
      const { h, stripe } = app;
      const owner = await ownerOfNewCompany(h, name);
      // Past the trial, so the plan is charged at once (paying in the trial keeps its days: billing-trial tests).
      await h.t.db
        .updateTable('companies')
        .set({ trial_ends_at: new Date(h.clock.now.getTime() - 1000) })
        .where('id', '=', owner.companyId)
        .execute();
      const c = await signedIn(h, owner.email, 'admin');
      const { url } = await c.api.billing.startCheckout.mutate(plan);
      for (const event of stripe.completeCheckout(sessionIdOf(url), h.clock.now)) await app.deliver(event);
      return { c, companyId: owner.companyId, email: owner.email };
    },
  };
  beforeAll(async () => {
    app.stripe = await startLocalStripe();
    app.settings.apiUrl = app.stripe.url;
    app.h = await startTestApp({ stripe: app.settings });
  });
  afterAll(async () => {
    await app.h?.close();
    await app.stripe?.close();
  });
  return app;
}

/** The checkout session's id in the local Stripe's hosted page address. */
export const sessionIdOf = (url: string) => url.split('/pay/')[1] as string;
