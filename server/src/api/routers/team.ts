import {
  changeMemberRole,
  listMembers,
  removeMembers,
  sendMemberPasswordReset,
  setMemberActive,
} from '@pippitch/core/team';
import { mayActOn } from '@pippitch/shared/roles';
import { TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import { z } from 'zod';
import { adminProcedure, router } from '../trpc/procedures';

const memberId = z.string().uuid(TEAM_MESSAGES.memberNotFound);

export const teamRouter = router({
  members: adminProcedure.query(async ({ ctx }) => {
    const members = await listMembers(ctx.db, ctx.actor);
    return members.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      lastActiveAt: m.lastActiveAt?.toISOString() ?? null,
      isYou: m.id === ctx.viewer.user.id,
      // What the viewer may do to this member (the server checks again on every action).
      canToggleActive: mayActOn(ctx.viewer.user, m, m.isActive ? 'deactivate' : 'reactivate'),
    }));
  }),

  setActive: adminProcedure
    .input(z.object({ memberId, active: z.boolean() }))
    .mutation(({ ctx, input }) => setMemberActive(ctx.db, ctx.actor, input, { now: ctx.deps.now() })),

  /** Broker ⇄ Admin. */
  setRole: adminProcedure
    .input(z.object({ memberId, role: z.enum(['admin', 'broker']) }))
    .mutation(({ ctx, input }) => changeMemberRole(ctx.db, ctx.actor, input, { now: ctx.deps.now() })),

  /** Deletes one member for good, with their calculations, leads and activity log. */
  remove: adminProcedure
    .input(z.object({ memberId }))
    .mutation(({ ctx, input }) => removeMembers(ctx.db, ctx.actor, [input.memberId], ctx.deps.now())),

  sendPasswordReset: adminProcedure.input(z.object({ memberId })).mutation(async ({ ctx, input }) => ({
    ...(await sendMemberPasswordReset(ctx.db, ctx.actor, input, {
      now: ctx.deps.now(),
      ip: ctx.request.ip,
      publicUrl: ctx.config.publicUrl,
    })),
    // With e-mail switched off (EMAIL_DISABLED) the page must not say 'sent'.
    emailed: !ctx.config.emailDisabled,
  })),
});
