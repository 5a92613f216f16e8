import { changeSeats, seatsOverview } from '@pippitch/core/seats';
import { removeMembers } from '@pippitch/core/team';
import { type SeatChangeInput, seatChangeInput } from '@pippitch/shared/team-messages';
import { z } from 'zod';
import { type AuthedContext, adminProcedure, router, superAdminProcedure } from '../trpc/procedures';

const overview = ({ ctx }: { ctx: AuthedContext }) => seatsOverview(ctx.db, ctx.actor, ctx.deps.now());

const saveSeats = ({ ctx, input }: { ctx: AuthedContext; input: SeatChangeInput }) =>
  changeSeats(ctx.db, ctx.actor, input, {
    now: ctx.deps.now(),
    provider: ctx.deps.payments,
    appUrl: ctx.config.publicUrl,
    supportEmail: ctx.config.operator.contactEmail,
  });

/**
 * /admin/seats: the super_admin's alone (spec §2 Seat management, §6). The account page's seat steppers (spec §2
 * Account management) are the admins': the same seats and the same confirmed save, through their own names.
 */
export const seatsRouter = router({
  overview: superAdminProcedure.query(overview),

  save: superAdminProcedure.input(seatChangeInput).mutation(saveSeats),

  /** The account page's seat steppers: what they start from, for any admin. */
  accountOverview: adminProcedure.query(overview),

  /** The account page's save: the same routing and amount step as /admin/seats (issue 20 §5). */
  saveFromAccount: adminProcedure.input(seatChangeInput).mutation(saveSeats),

  /** 'Remove N User(s)': deletes the chosen members for good. */
  removeUsers: superAdminProcedure
    .input(z.object({ memberIds: z.array(z.string().uuid('Unknown member')).min(1).max(500) }))
    .mutation(({ ctx, input }) => removeMembers(ctx.db, ctx.actor, input.memberIds, ctx.deps.now())),
});
