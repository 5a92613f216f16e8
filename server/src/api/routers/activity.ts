import { dashboardActivity, exportableMembers, userActivity } from '@pippitch/core/activity';
import { ACTIVITY_VIEWS, DASHBOARD_RANGES } from '@pippitch/shared/activity-periods';
import { isoDate, uuid } from '@pippitch/shared/input';
import { z } from 'zod';
import { adminProcedure, router } from '../trpc/procedures';

export const activityRouter = router({
  /** The dashboard's figures for one range against the previous one: per active broker, team totals, chart. */
  dashboard: adminProcedure
    .input(z.object({ range: z.enum(DASHBOARD_RANGES) }))
    .query(({ ctx, input }) => dashboardActivity(ctx.db, ctx.actor, input.range, ctx.deps.now())),

  /** One member's day, week or month (members of the caller's company only; any other id is 'Member not found'). */
  user: adminProcedure
    .input(
      z.object({
        userId: uuid('Member not found'),
        view: z.enum(ACTIVITY_VIEWS),
        date: isoDate.optional(),
      }),
    )
    .query(({ ctx, input }) => userActivity(ctx.db, ctx.actor, input, ctx.deps.now())),

  /** Who the export modal offers: every member of the caller's company. */
  exportMembers: adminProcedure.query(({ ctx }) => exportableMembers(ctx.db, ctx.actor)),
});
