import { alertSettings, setAlertSettings, unsubscribeDigest } from '@pippitch/core/alerts';
import { notFound } from '@pippitch/core/errors';
import { ALERT_MESSAGES } from '@pippitch/shared/alerts';
import { z } from 'zod';
import { companyFinderProcedure, publicProcedure, router } from '../trpc/procedures';

/** Re-pricing alerts on the broker's own leads (leads come with the Company Finder add-on). */
export const alertsRouter = router({
  settings: companyFinderProcedure.query(({ ctx }) => alertSettings(ctx.db, ctx.actor)),

  setSettings: companyFinderProcedure
    .input(
      z.object({
        thresholdPct: z
          .number()
          .int('The threshold is a whole percent')
          .min(1, 'The threshold is between 1 and 100 %')
          .max(100, 'The threshold is between 1 and 100 %'),
        digest: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => setAlertSettings(ctx.db, ctx.actor, input, ctx.deps.now())),

  /** The digest e-mail's link: anyone holding it may stop that broker's digest, and nothing else. */
  unsubscribe: publicProcedure
    .input(z.object({ token: z.string().min(20).max(100) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await unsubscribeDigest(ctx.db, { token: input.token, ip: ctx.request.ip }, ctx.deps.now())))
        throw notFound(ALERT_MESSAGES.unsubscribeInvalid);
      return { unsubscribed: true as const };
    }),
});
