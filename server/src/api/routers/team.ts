import { mayActOn } from '@pippitch/shared/roles';
import { z } from 'zod';
import { listMembers, setMemberActive } from '../../services/team/members';
import { adminProcedure, router } from '../trpc/procedures';

export const teamRouter = router({
  members: adminProcedure.query(async ({ ctx }) => {
    const members = await listMembers(ctx.db, ctx.viewer.company.id);
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
    .input(z.object({ memberId: z.string().uuid('Unknown member'), active: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await setMemberActive(
        ctx.db,
        { userId: ctx.viewer.user.id, companyId: ctx.viewer.company.id, role: ctx.viewer.user.role },
        input.memberId,
        input.active,
      );
      return { ok: true as const };
    }),
});
