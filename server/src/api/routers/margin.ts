import { notFound } from '@pippitch/core/errors';
import {
  brokerConceded,
  decideApproval,
  listNotifications,
  marginCard,
  marginOfPitch,
  markNotificationsRead,
  myApprovals,
  pendingApprovals,
  pitchesToClient,
  policyInForce,
  policyLog,
  requestApproval,
  standingApprovals,
  updatePolicy,
  withdrawApproval,
} from '@pippitch/core/margin';
import { requestPackApproval } from '@pippitch/core/packs';
import { ACTIVITY_VIEWS, activityPeriod, DASHBOARD_RANGES, dashboardPeriods } from '@pippitch/shared/activity-periods';
import { isoDate, requiredName, requiredText, text, uuid } from '@pippitch/shared/input';
import { APPROVAL_DECISIONS, APPROVAL_MESSAGES } from '@pippitch/shared/margin-policy';
import { marginPolicySchema } from '@pippitch/shared/margin-policy-schema';
import { PACK_MESSAGES } from '@pippitch/shared/pack';
import { packDraftSchema } from '@pippitch/shared/pack-draft';
import { londonDateOf } from '@pippitch/shared/time';
import { z } from 'zod';
import { adminProcedure, memberProcedure, router } from '../trpc/procedures';

const askReason = requiredText('The reason', 1000, 'Say why this margin should go below the floor');

/** The desk's margin policy (issue 25): admins set it and decide requests; every member reads it and asks. */
export const marginRouter = router({
  /** The policy in force: brokers read it (the calculator warns with it), admins edit it. */
  policy: memberProcedure.query(({ ctx }) => policyInForce(ctx.db, ctx.actor)),

  updatePolicy: adminProcedure
    .input(marginPolicySchema)
    .mutation(({ ctx, input }) => updatePolicy(ctx.db, ctx.actor, input, { now: ctx.deps.now() })),

  /** Who changed what, when: each change with the policy before and after, newest first, a page at a time. */
  policyLog: adminProcedure
    .input(
      z
        .object({
          limit: z.number().int('A whole number of changes').min(1).max(50).default(20),
          cursor: z.number().int('Unknown change').positive('Unknown change').nullish(),
        })
        .optional(),
    )
    .query(({ ctx, input }) => policyLog(ctx.db, ctx.actor, input ?? { limit: 20 })),

  /** A saved pitch's margin and the floor it was made under: the member's own, any in the company for an admin. */
  pitch: memberProcedure
    .input(z.object({ calculationId: uuid(APPROVAL_MESSAGES.pitchNotFound) }))
    .query(async ({ ctx, input }) => {
      const pitch = await marginOfPitch(ctx.db, ctx.actor, input);
      if (!pitch) throw notFound(APPROVAL_MESSAGES.pitchNotFound);
      return pitch;
    }),

  /** The member's pitches to one client with their margins and decisions (Calculation Details). */
  pitchesToClient: memberProcedure
    .input(z.object({ companyName: requiredName('Company name', 160, 'Please enter a company name') }))
    .query(({ ctx, input }) => pitchesToClient(ctx.db, ctx.actor, input)),

  requestApproval: memberProcedure
    .input(
      z.object({
        calculationId: uuid(APPROVAL_MESSAGES.pitchNotFound),
        reason: requiredText('The reason', 1000, 'Say why this pitch should go below the floor'),
      }),
    )
    .mutation(({ ctx, input }) => requestApproval(ctx.db, ctx.actor, input)),

  /**
   * What the member's own pack shows below the floor, asked for from the pack page or the share dialog: one request
   * per pair and band it needs, at the pack's margin (issue 32 §2).
   */
  requestPackApproval: memberProcedure
    .input(
      z.union([
        z.object({ packId: uuid(PACK_MESSAGES.notFound), reason: askReason }),
        packDraftSchema.extend({ reason: askReason }),
      ]),
    )
    .mutation(({ ctx, input }) => requestPackApproval(ctx.db, ctx.actor, input)),

  /** The member's own requests and their decisions. */
  myRequests: memberProcedure.query(({ ctx }) => myApprovals(ctx.db, ctx.actor)),

  /** The admins' queue on the dashboard. */
  queue: adminProcedure.query(({ ctx }) => pendingApprovals(ctx.db, ctx.actor)),

  decide: adminProcedure
    .input(
      z.object({
        id: uuid(APPROVAL_MESSAGES.requestNotFound),
        decision: z.enum(APPROVAL_DECISIONS, 'Approve or decline'),
        note: text('The note', 1000).optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      decideApproval(
        ctx.db,
        ctx.actor,
        { id: input.id, decision: input.decision, note: input.note || null },
        { appUrl: ctx.config.publicUrl, now: ctx.deps.now() },
      ),
    ),

  /** The company's approvals still standing (what the desk allows below its floors), for admins to withdraw. */
  standing: adminProcedure.query(({ ctx }) => standingApprovals(ctx.db, ctx.actor)),

  /** An admin withdraws an approval: new packs, links and PDFs at its margin need a new one. */
  withdraw: adminProcedure
    .input(z.object({ id: uuid(APPROVAL_MESSAGES.requestNotFound) }))
    .mutation(({ ctx, input }) => withdrawApproval(ctx.db, ctx.actor, input, { now: ctx.deps.now() })),

  /**
   * Margin conceded per broker and pair over a dashboard range (issue 25 §3), beside the dashboard's activity, and
   * one line per client below the floor: its approved margin, the pitches and packs under it (issue 32 §4).
   */
  conceded: adminProcedure
    .input(z.object({ range: z.enum(DASHBOARD_RANGES) }))
    .query(({ ctx, input }) =>
      marginCard(ctx.db, ctx.actor, dashboardPeriods(input.range, londonDateOf(ctx.deps.now())).current),
    ),

  /**
   * One member's margin conceded over the user activity page's day, week or month (the same figures as the
   * dashboard's card for that broker); null when they pitched nothing then, or are not of the caller's company.
   */
  concededBy: adminProcedure
    .input(z.object({ userId: uuid('Member not found'), view: z.enum(ACTIVITY_VIEWS), date: isoDate.optional() }))
    .query(async ({ ctx, input }) => {
      const span = activityPeriod(input.view, input.date ?? londonDateOf(ctx.deps.now()));
      return { span, broker: await brokerConceded(ctx.db, ctx.actor, { userId: input.userId, span }) };
    }),

  notifications: memberProcedure.query(({ ctx }) => listNotifications(ctx.db, ctx.actor)),

  markNotificationsRead: memberProcedure.mutation(({ ctx }) =>
    markNotificationsRead(ctx.db, ctx.actor, { now: ctx.deps.now() }),
  ),
});
