import type { Actor } from '@pippitch/core/actor';
import type { BillingDeps } from '@pippitch/core/billing';
import {
  billingAccount,
  cancelBillingSwitch,
  cancelSubscription,
  cancelTestCheckout,
  confirmPlanChange,
  payTestCheckout,
  previewPlanChange,
  reactivateSubscription,
  setAddon,
  startCheckout,
  viewTestCheckout,
} from '@pippitch/core/billing';
import { unavailable } from '@pippitch/core/errors';
import { cancellationInput } from '@pippitch/shared/cancellation';
import { checkoutChoiceSchema, planChangeConfirmSchema, planConfirmationSchema } from '@pippitch/shared/checkout';
import type { Database } from '@pippitch/sql';
import { z } from 'zod';
import { type AuthedContext, adminProcedure, billingAdminProcedure, router } from '../trpc/procedures';

/** Billing's collaborators for this request: the payment provider, the public URL, the server's clock now. */
function billingDeps(ctx: Pick<AuthedContext, 'deps' | 'config'>): BillingDeps {
  return { provider: ctx.deps.payments, appUrl: ctx.config.publicUrl, now: ctx.deps.now() };
}

/** The resolver of a billing service taking `(db, actor, input, deps)`: the caller's company, this request's deps. */
const billing =
  <I, R>(service: (db: Database, actor: Actor, input: I, deps: BillingDeps) => Promise<R>) =>
  ({ ctx, input }: { ctx: AuthedContext; input: I }) =>
    service(ctx.db, ctx.actor, input, billingDeps(ctx));

const checkoutId = z.object({ id: z.string().regex(/^tm_cs_[0-9a-f]{24}$/, 'Checkout not found') });

export const billingRouter = router({
  /** Which payment provider runs: the checkout page labels test mode and says so when none is configured. */
  mode: billingAdminProcedure.query(({ ctx }) => ({ provider: ctx.deps.payments?.kind ?? null })),

  /** The provider's hosted checkout for the caller's company; the company changes only when payment is confirmed. */
  startCheckout: billingAdminProcedure.input(checkoutChoiceSchema).mutation(async ({ ctx, input }) => {
    const payments = ctx.deps.payments;
    if (!payments) {
      throw unavailable(
        `Online payment is not available right now. Please contact ${ctx.config.operator.contactEmail} to subscribe.`,
      );
    }
    return startCheckout(ctx.db, { ...ctx.actor, email: ctx.viewer.user.email }, input, {
      ...billingDeps(ctx),
      provider: payments,
    });
  }),

  /**
   * A paying company's checkout is a change of its one subscription (issue 20 §1): the amount first, then the
   * change, charged only when the customer confirms that amount.
   */
  planChange: router({
    preview: billingAdminProcedure.input(checkoutChoiceSchema).mutation(billing(previewPlanChange)),
    confirm: billingAdminProcedure.input(planChangeConfirmSchema).mutation(billing(confirmPlanChange)),
  }),

  /** 'Cancel this change': an annual plan's scheduled switch to monthly billing is dropped; it renews annually. */
  cancelBillingSwitch: billingAdminProcedure.mutation(({ ctx }) =>
    cancelBillingSwitch(ctx.db, ctx.actor, billingDeps(ctx)),
  ),

  /** The plan as the account page and the dashboard's banners show it. */
  account: adminProcedure.query(({ ctx }) => billingAccount(ctx.db, ctx.actor, ctx.deps.now())),

  /** Cancel (spec §4 Subscription): trial and annual end at once, monthly at the end of its paid period. */
  cancel: adminProcedure.input(cancellationInput).mutation(billing(cancelSubscription)),

  /** 'Reactivate Subscription': undoes a scheduled cancellation, or says a new checkout is needed. */
  reactivate: billingAdminProcedure.mutation(({ ctx }) => reactivateSubscription(ctx.db, ctx.actor, billingDeps(ctx))),

  /** An add-on on or off on a paid plan. */
  setAddon: adminProcedure
    .input(
      z.object({
        addon: z.enum(['companyFinder', 'clientData']),
        enabled: z.boolean(),
        confirmation: planConfirmationSchema.optional(),
      }),
    )
    .mutation(billing(setAddon)),

  /** The test-mode checkout page (only when no Stripe key is set; 'not found' otherwise). */
  testCheckout: router({
    view: billingAdminProcedure.input(checkoutId).query(billing(viewTestCheckout)),
    pay: billingAdminProcedure.input(checkoutId).mutation(billing(payTestCheckout)),
    cancel: billingAdminProcedure.input(checkoutId).mutation(billing(cancelTestCheckout)),
  }),
});
