import { calculationsFor, saveCalculation } from '@pippitch/core/calculator';
import { saveCalculationInput } from '@pippitch/shared/calculation-schema';
import { requiredName } from '@pippitch/shared/input';
import { gbpLivePair } from '@pippitch/shared/money';
import { z } from 'zod';
import { deskPairProcedure, memberProcedure, router } from '../trpc/procedures';

export const calculatorRouter = router({
  /**
   * Saves one Calculate (results recomputed on the server, the live rate from the server's own latest quote);
   * repeating the same id saves nothing more.
   */
  save: deskPairProcedure.input(saveCalculationInput).mutation(({ ctx, input }) => {
    const gbpQuotePair = gbpLivePair(input.pair);
    return saveCalculation(ctx.db, ctx.actor, input, {
      now: ctx.deps.now(),
      liveQuote: ctx.deps.quotes.latestFor(input.pair) ?? null,
      gbpQuote: gbpQuotePair ? (ctx.deps.quotes.latestFor(gbpQuotePair) ?? null) : null,
    });
  }),

  /** Calculation Details for one company: the signed-in broker's own calculations only. */
  forCompany: memberProcedure
    .input(z.object({ companyName: requiredName('Company name', 160, 'Please enter a company name') }))
    .query(({ ctx, input }) => calculationsFor(ctx.db, ctx.actor, input.companyName)),
});
