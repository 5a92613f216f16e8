import { z } from 'zod';
import { unavailable } from '../errors';
import { CompaniesHouseError } from '../services/companies/finder/companies-house/errors';
import { FINDER_PAGE_SIZE } from '../services/companies/finder/types';
import { searchCompanies } from '../services/companies/search';
import { leadNames } from '../services/leads/leads';
import { companyFinderProcedure, router } from '../trpc/procedures';

const FAILED = 'Failed to find similar companies. Please try again.';

/** The Company Finder add-on: similar companies for a client, and company search for My Leads. */
export const finderRouter = router({
  /**
   * The next page of companies similar to the client. Never returns one already shown (`shown`) or already
   * in the broker's leads.
   */
  similar: companyFinderProcedure
    .input(
      z.object({
        companyName: z.string().trim().min(1, 'Please enter a client name first').max(160),
        shown: z.array(z.string().max(300)).max(500).default([]),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const finder = ctx.services.finder;
      if (!finder) throw new Error(FAILED);
      const leads = await leadNames(ctx.db, ctx.viewer.user.id);
      try {
        return await finder.findSimilar({
          companyName: input.companyName,
          limit: FINDER_PAGE_SIZE,
          exclude: [...input.shown, ...leads.map((l) => l.name)],
        });
      } catch (err) {
        // The Companies House adapter's failures carry a message meant for the broker.
        if (err instanceof CompaniesHouseError) throw unavailable(err.message);
        throw err;
      }
    }),

  /** 'Find New Companies' on My Leads: at least 2 characters, pages of 5, the broker's leads left out. */
  search: companyFinderProcedure
    .input(z.object({ term: z.string().max(160), offset: z.number().int().min(0).max(10_000).default(0) }))
    .query(async ({ ctx, input }) => {
      const leads = await leadNames(ctx.db, ctx.viewer.user.id);
      return searchCompanies(ctx.db, input.term, {
        limit: FINDER_PAGE_SIZE,
        offset: input.offset,
        exclude: leads.map((l) => l.name),
      });
    }),
});
