import { findSimilarForBroker, searchCompaniesForBroker } from '@pippitch/core/uk-companies';
import { requiredName, text } from '@pippitch/shared/input';
import { z } from 'zod';
import { companyFinderProcedure, router } from '../trpc/procedures';

/** The Company Finder add-on: similar companies for a client, and company search for My Leads. */
export const finderRouter = router({
  /**
   * The next page of companies similar to the client. Never returns one already shown (`shown`) or already
   * in the broker's leads. `target` is the broker's pick among an earlier answer's `choices`.
   */
  similar: companyFinderProcedure
    .input(
      z.object({
        companyName: requiredName('Client name', 160, 'Please enter a client name first'),
        shown: z.array(text('Company name', 300)).max(500).default([]),
        target: text('Chosen company', 40).optional(),
      }),
    )
    .mutation(({ ctx, input }) => findSimilarForBroker(ctx.db, ctx.actor, input, { finder: ctx.deps.finder })),

  /** 'Find New Companies' on My Leads: at least 2 characters, pages of 5, the broker's leads left out. */
  search: companyFinderProcedure
    .input(z.object({ term: text('Search term', 160), offset: z.number().int().min(0).max(10_000).default(0) }))
    .query(({ ctx, input }) => searchCompaniesForBroker(ctx.db, ctx.actor, input)),
});
