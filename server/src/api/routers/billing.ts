import { checkoutChoiceSchema } from '@pippitch/shared/checkout';
import { SUPPORT_EMAIL } from '@pippitch/shared/product';
import { z } from 'zod';
import { unavailable } from '../../errors';
import { actorOf } from '../../services/actor';
import { startCheckout } from '../../services/billing/checkout';
import { cancelTestCheckout, payTestCheckout, viewTestCheckout } from '../../services/billing/test-checkout';
import { billingAdminProcedure, router } from '../trpc/procedures';

const checkoutId = z.object({ id: z.string().regex(/^tm_cs_[0-9a-f]{24}$/, 'Checkout not found') });

export const billingRouter = router({
  /** Which payment provider runs: the checkout page labels test mode and says so when none is configured. */
  mode: billingAdminProcedure.query(({ ctx }) => ({ provider: ctx.services.payments?.kind ?? null })),

  /** The provider's hosted checkout for the caller's company; the company changes only when payment is confirmed. */
  startCheckout: billingAdminProcedure.input(checkoutChoiceSchema).mutation(async ({ ctx, input }) => {
    const payments = ctx.services.payments;
    if (!payments) {
      throw unavailable(`Online payment is not available right now. Please contact ${SUPPORT_EMAIL} to subscribe.`);
    }
    const base = ctx.config.publicUrl;
    return startCheckout(
      ctx.db,
      payments,
      { ...actorOf(ctx.viewer), email: ctx.viewer.user.email },
      input,
      { success: `${base}/admin?checkout=success`, cancel: `${base}/checkout?canceled=true` },
      ctx.services.now(),
    );
  }),

  /** The test-mode checkout page (only when no Stripe key is set; 'not found' otherwise). */
  testCheckout: router({
    view: billingAdminProcedure
      .input(checkoutId)
      .query(({ ctx, input }) => viewTestCheckout(ctx.db, ctx.services.payments, actorOf(ctx.viewer), input.id)),
    pay: billingAdminProcedure
      .input(checkoutId)
      .mutation(({ ctx, input }) =>
        payTestCheckout(
          ctx.db,
          ctx.services.payments,
          actorOf(ctx.viewer),
          input.id,
          ctx.services.now(),
          ctx.config.publicUrl,
        ),
      ),
    cancel: billingAdminProcedure
      .input(checkoutId)
      .mutation(({ ctx, input }) => cancelTestCheckout(ctx.db, ctx.services.payments, actorOf(ctx.viewer), input.id)),
  }),
});
