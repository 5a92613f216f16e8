import { notFound } from '@pippitch/core/errors';
import {
  createPack,
  getPack,
  packsForLead,
  packsOfMember,
  revokeShare,
  sharePack,
  viewSharedPack,
} from '@pippitch/core/packs';
import { setContactPhone } from '@pippitch/core/team';
import { uuid } from '@pippitch/shared/input';
import { PACK_MESSAGES } from '@pippitch/shared/pack';
import { packDraftSchema } from '@pippitch/shared/pack-draft';
import { brokerPhone, shareTokenInput } from '@pippitch/shared/pack-share';
import { z } from 'zod';
import { adminProcedure, companyFinderProcedure, memberProcedure, publicProcedure, router } from '../trpc/procedures';

const packId = z.object({ id: uuid(PACK_MESSAGES.notFound) });

/** Evidence packs on the broker's own leads (leads come with the Company Finder add-on), and their share links. */
export const packsRouter = router({
  /** Prices a prospect's pasted or uploaded trades on one of the broker's own leads and saves the pack. */
  create: companyFinderProcedure
    .input(packDraftSchema)
    .mutation(({ ctx, input }) => createPack(ctx.db, ctx.actor, input)),

  /** One pack: its broker's, or any in the company for an admin (team views). */
  get: memberProcedure.input(packId).query(async ({ ctx, input }) => {
    const pack = await getPack(ctx.db, ctx.actor, input.id, ctx.deps.now());
    if (!pack) throw notFound(PACK_MESSAGES.notFound);
    return pack;
  }),

  /** A member's packs, for their company's admins (the user activity page). */
  ofMember: adminProcedure
    .input(z.object({ userId: uuid('Member not found') }))
    .query(({ ctx, input }) => packsOfMember(ctx.db, ctx.actor, input.userId)),

  forLead: companyFinderProcedure
    .input(z.object({ leadId: uuid(PACK_MESSAGES.leadNotFound) }))
    .query(({ ctx, input }) => packsForLead(ctx.db, ctx.actor, input.leadId)),

  /** A new 30-day link for the prospect (an earlier one stops working); the link is only ever shown here. */
  share: companyFinderProcedure.input(packId).mutation(async ({ ctx, input }) => {
    const link = await sharePack(ctx.db, ctx.actor, input.id, ctx.deps.now());
    return { url: `${ctx.config.publicUrl}/p/${link.token}`, expiresAt: link.expiresAt };
  }),

  revokeShare: companyFinderProcedure
    .input(packId)
    .mutation(({ ctx, input }) => revokeShare(ctx.db, ctx.actor, input.id, ctx.deps.now())),

  /** The phone the signed-in member gives prospects on their shared packs and PDFs ('' removes it). */
  setContactPhone: memberProcedure
    .input(z.object({ phone: brokerPhone }))
    .mutation(({ ctx, input }) => setContactPhone(ctx.db, ctx.actor, input.phone)),

  /** The prospect's read-only page: anyone holding a live link; the pack and nothing else. */
  shared: publicProcedure.input(shareTokenInput).query(({ ctx, input }) =>
    viewSharedPack(
      ctx.db,
      {
        token: input.token,
        ip: ctx.request.ip,
        userAgent: ctx.request.userAgent,
        packUrl: (id) => `${ctx.config.publicUrl}/packs/${id}`,
      },
      ctx.deps.now(),
    ),
  ),
});
