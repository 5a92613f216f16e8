import { badRequest } from '@pippitch/core/errors';
import {
  completeConnection,
  connectionStatus,
  disableExportSchedule,
  disconnect,
  exportSchedule,
  recentExports,
  requestExport,
  saveExportSchedule,
  startConnection,
  testExport,
} from '@pippitch/core/salesforce';
import { EXPORT_PERIODS, exportSpan } from '@pippitch/shared/activity-periods';
import { isoDate, text, uuid } from '@pippitch/shared/input';
import { SALESFORCE_CALLBACK_PATH } from '@pippitch/shared/salesforce';
import { cadenceSchema } from '@pippitch/shared/schedules';
import { londonDateOf } from '@pippitch/shared/time';
import { z } from 'zod';
import type { AuthedContext } from '../trpc/procedures';
import { adminProcedure, router } from '../trpc/procedures';

// OAuth values are opaque but short: Salesforce's codes and our states are well under this.
const oauthValue = text('Authorization value', 2000).optional();

type AdminContext = AuthedContext;

function crmKeys(ctx: AdminContext) {
  return {
    crm: ctx.deps.crm,
    secretsKey: ctx.config.secretsKey,
    secretsKeyPrevious: ctx.config.secretsKeyPrevious,
  };
}

function sessionActor(ctx: AdminContext) {
  return { ...ctx.actor, sessionId: ctx.viewer.sessionId };
}

function connectionDeps(ctx: AdminContext) {
  return {
    crm: ctx.deps.crm,
    secretsKey: ctx.config.secretsKey,
    redirectUri: `${ctx.config.publicUrl}${SALESFORCE_CALLBACK_PATH}`,
    now: ctx.deps.now(),
  };
}

/** The CRM export (issue 12): admins only — a broker must not connect or export the company's data. */
export const salesforceRouter = router({
  status: adminProcedure.query(({ ctx }) => connectionStatus(ctx.db, ctx.actor, ctx.deps)),

  /** Starts the OAuth flow: the browser goes to the returned URL (Salesforce's consent screen). */
  connect: adminProcedure.mutation(async ({ ctx }) => ({
    url: await startConnection(ctx.db, sessionActor(ctx), connectionDeps(ctx)),
  })),

  /** /salesforce-callback hands over Salesforce's code and our state. */
  completeConnection: adminProcedure
    .input(z.object({ code: oauthValue, state: oauthValue }))
    .mutation(({ ctx, input }) => completeConnection(ctx.db, sessionActor(ctx), input, connectionDeps(ctx))),

  disconnect: adminProcedure.mutation(({ ctx }) => disconnect(ctx.db, ctx.actor, crmKeys(ctx))),

  testExport: adminProcedure.mutation(({ ctx }) =>
    testExport(ctx.db, ctx.actor, { ...crmKeys(ctx), now: () => ctx.deps.now() }),
  ),

  /** The export modal's 'Send to Salesforce': the selected members and period, as a job. */
  exportNow: adminProcedure
    .input(
      z.object({
        userIds: z.array(uuid('Member not found')).max(500),
        period: z.enum(EXPORT_PERIODS),
        start: isoDate.optional(),
        end: isoDate.optional(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const span = exportSpan(input.period, londonDateOf(ctx.deps.now()), input);
      if (!span.ok) throw badRequest(span.message);
      return requestExport(ctx.db, ctx.actor, { userIds: input.userIds, span: span.span });
    }),

  exports: adminProcedure.query(({ ctx }) => recentExports(ctx.db, ctx.actor)),

  schedule: adminProcedure.query(({ ctx }) => exportSchedule(ctx.db, ctx.actor, ctx.deps.now())),

  saveSchedule: adminProcedure
    .input(cadenceSchema)
    .mutation(({ ctx, input }) => saveExportSchedule(ctx.db, ctx.actor, input, ctx.deps.now())),

  disableSchedule: adminProcedure.mutation(({ ctx }) => disableExportSchedule(ctx.db, ctx.actor, ctx.deps.now())),
});
