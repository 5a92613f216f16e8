import { invitationsOverview, resendInvitation, revokeInvitation, sendInvitations } from '@pippitch/core/invitations';
import { uuid } from '@pippitch/shared/input';
import {
  createdWithoutEmailMessage,
  INVITE_MESSAGES,
  sendInvitationsInput,
  sentMessage,
} from '@pippitch/shared/invitations';
import { z } from 'zod';
import { adminProcedure, router } from '../trpc/procedures';

const byId = z.object({ invitationId: uuid(INVITE_MESSAGES.notFound) });

/** /admin/invite (spec §2 Invite members): admins and the owner; brokers are refused by adminProcedure. */
export const invitationsRouter = router({
  /** Free seats per role (pending invitations hold one) and the invitation history. */
  overview: adminProcedure.query(async ({ ctx }) => {
    const { seats, invitations } = await invitationsOverview(ctx.db, ctx.actor, ctx.deps.now());
    return {
      seats,
      invitations: invitations.map((i) => ({
        ...i,
        createdAt: i.createdAt.toISOString(),
        sentAt: i.sentAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
        acceptedAt: i.acceptedAt?.toISOString() ?? null,
      })),
    };
  }),

  send: adminProcedure.input(sendInvitationsInput).mutation(async ({ ctx, input }) => {
    const result = await sendInvitations(ctx.db, ctx.actor, input, {
      now: ctx.deps.now(),
      publicUrl: ctx.config.publicUrl,
    });
    const sent = result.sent.length;
    // With e-mail switched off (EMAIL_DISABLED) the invitations exist but nobody was e-mailed: say so.
    const message = sent === 0 ? null : ctx.config.emailDisabled ? createdWithoutEmailMessage(sent) : sentMessage(sent);
    return { ...result, message };
  }),

  resend: adminProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await resendInvitation(ctx.db, ctx.actor, input.invitationId, {
      now: ctx.deps.now(),
      publicUrl: ctx.config.publicUrl,
    });
    return { message: ctx.config.emailDisabled ? INVITE_MESSAGES.resentWithoutEmail : INVITE_MESSAGES.resent };
  }),

  revoke: adminProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await revokeInvitation(ctx.db, ctx.actor, input.invitationId, ctx.deps.now());
    return { message: INVITE_MESSAGES.revoked };
  }),
});
