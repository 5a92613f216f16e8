import { acceptInvitation, lookUpInvitation } from '@pippitch/core/invitations';
import { acceptInvitationInput, invitationToken } from '@pippitch/shared/invitations';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc/procedures';

/** /join?token=… and /signup?invitation=… (spec §2 Join, Signup): anyone holding a link. */
export const joinRouter = router({
  /** The company, address and role of a link, or why it cannot be used. */
  invitation: publicProcedure
    .input(z.object({ token: invitationToken }))
    .query(({ ctx, input }) => lookUpInvitation(ctx.db, input.token, ctx.request, ctx.deps.now())),

  /** Creates the member and signs them in, as login does (the same session cookie). */
  accept: publicProcedure.input(acceptInvitationInput).mutation(async ({ ctx, input }) => {
    const result = await acceptInvitation(ctx.db, input, ctx.request, ctx.deps.now());
    ctx.cookie?.set(result.token, result.expiresAt);
    return { redirectTo: result.redirectTo, role: result.role };
  }),
});
