import { addLead, deleteLeads, leadStats, listLeads, setContacted } from '@pippitch/core/leads';
import { requiredName, text } from '@pippitch/shared/input';
import { LEAD_MESSAGES } from '@pippitch/shared/lead-messages';
import { z } from 'zod';
import { companyFinderProcedure, router } from '../trpc/procedures';

const ids = z.array(z.string().uuid()).min(1, LEAD_MESSAGES.selectSome).max(10_000);
const details = {
  companyNumber: text('Company number', 20).nullish(),
  industry: text('Industry', 300).nullish(),
  sicCodes: z.array(text('SIC code', 10)).max(20).optional(),
  estimatedSize: text('Size', 60).nullish(),
  location: text('Location', 200).nullish(),
  postcode: text('Postcode', 12).nullish(),
};

/** My Leads: the Company Finder add-on's pipeline, always scoped to the signed-in broker. */
export const leadsRouter = router({
  list: companyFinderProcedure.query(async ({ ctx }) => {
    const [leads, stats] = await Promise.all([listLeads(ctx.db, ctx.actor), leadStats(ctx.db, ctx.actor)]);
    return { leads, stats };
  }),

  add: companyFinderProcedure
    .input(
      z.object({
        name: requiredName('Company name', 160, LEAD_MESSAGES.enterName),
        source: z.enum(['manual_search', 'similar_results']),
        ...details,
      }),
    )
    .mutation(({ ctx, input }) => addLead(ctx.db, ctx.actor, input)),

  setContacted: companyFinderProcedure
    .input(z.object({ ids, contacted: z.boolean() }))
    .mutation(async ({ ctx, input }) => ({
      requested: input.ids.length,
      updated: await setContacted(ctx.db, ctx.actor, input.ids, input.contacted),
    })),

  delete: companyFinderProcedure.input(z.object({ ids })).mutation(async ({ ctx, input }) => ({
    requested: input.ids.length,
    deleted: await deleteLeads(ctx.db, ctx.actor, input.ids),
  })),
});
