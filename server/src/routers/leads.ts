import { z } from 'zod';
import { addLead, deleteLeads, leadStats, listLeads, setContacted } from '../services/leads/leads';
import { companyFinderProcedure, router } from '../trpc/procedures';

const ids = z.array(z.string().uuid()).min(1, 'Select at least one company').max(10_000);
const details = {
  companyNumber: z.string().max(20).nullish(),
  industry: z.string().max(300).nullish(),
  sicCodes: z.array(z.string().max(10)).max(20).optional(),
  estimatedSize: z.string().max(60).nullish(),
  location: z.string().max(200).nullish(),
  postcode: z.string().max(12).nullish(),
};

/** My Leads: the Company Finder add-on's pipeline, always scoped to the signed-in broker. */
export const leadsRouter = router({
  list: companyFinderProcedure.query(async ({ ctx }) => {
    const [leads, stats] = await Promise.all([
      listLeads(ctx.db, ctx.viewer.user.id),
      leadStats(ctx.db, ctx.viewer.user.id),
    ]);
    return { leads, stats };
  }),

  add: companyFinderProcedure
    .input(
      z.object({
        name: z.string().trim().min(1, 'Please enter a company name').max(160),
        source: z.enum(['manual_search', 'similar_results']),
        ...details,
      }),
    )
    .mutation(({ ctx, input }) => addLead(ctx.db, ctx.viewer.user.id, input)),

  setContacted: companyFinderProcedure
    .input(z.object({ ids, contacted: z.boolean() }))
    .mutation(async ({ ctx, input }) => ({
      requested: input.ids.length,
      updated: await setContacted(ctx.db, ctx.viewer.user.id, input.ids, input.contacted),
    })),

  delete: companyFinderProcedure.input(z.object({ ids })).mutation(async ({ ctx, input }) => ({
    requested: input.ids.length,
    deleted: await deleteLeads(ctx.db, ctx.viewer.user.id, input.ids),
  })),
});
