import { companySummary, deskPairs, hasCompanyLogo, setCompanyLogo, setDeskPairs } from '@pippitch/core/company';
import { deskPairsInput } from '@pippitch/shared/desk-pairs';
import { LOGO_MESSAGES } from '@pippitch/shared/logo';
import { z } from 'zod';
import { adminProcedure, authedProcedure, memberProcedure, router } from '../trpc/procedures';

export const companyRouter = router({
  /** The caller's own company: plan, trial, seats. Readable while locked so the locked page can explain. */
  summary: authedProcedure.query(({ ctx }) => companySummary(ctx.db, ctx.actor, ctx.deps.now())),

  /** Whether the company has a logo for its shared evidence packs (issue 22 §3). */
  logo: adminProcedure.query(({ ctx }) => hasCompanyLogo(ctx.db, ctx.actor)),

  /** Sets the logo (PNG or JPEG, base64, at most 200 KB; checked from its bytes); '' removes it. Admins. */
  setLogo: adminProcedure
    .input(
      z.object({
        base64: z.string().max(300_000, LOGO_MESSAGES.tooLarge),
      }),
    )
    .mutation(({ ctx, input }) => setCompanyLogo(ctx.db, ctx.actor, input.base64)),

  /** The pairs the desk quotes (issue 34 §3): the calculator's and the history modal's select. */
  pairs: memberProcedure.query(({ ctx }) => deskPairs(ctx.db, ctx.actor)),

  /** Replaces the desk's pairs with catalogue pairs (at least one). Admins. */
  setPairs: adminProcedure
    .input(deskPairsInput)
    .mutation(({ ctx, input }) => setDeskPairs(ctx.db, ctx.actor, input.pairs)),
});
