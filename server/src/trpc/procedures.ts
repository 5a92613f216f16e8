/**
 * Named base procedures: every procedure starts from one of these, so who may call it is stated where it
 * is declared. Each builds on the previous one.
 */

import { isAdminRole } from '@pippitch/shared/access';
import { MESSAGES } from '@pippitch/shared/auth';
import { TRPCError } from '@trpc/server';
import { mapDomainErrors, t } from './init';

export const router = t.router;

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(mapDomainErrors);

/** A signed-in, active member (of a company in any state: a locked company may still pay or sign out). */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  return next({ ctx: { ...ctx, viewer: ctx.viewer } });
});

export const ACCOUNT_LOCKED = 'Your company account is locked. Start a new subscription to continue.';

/** A signed-in member whose company has access (trial running or subscription active, not locked). */
export const memberProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.company.access !== 'granted') throw new TRPCError({ code: 'FORBIDDEN', message: ACCOUNT_LOCKED });
  return next();
});

/** admin or super_admin of a company with access. */
export const adminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (!isAdminRole(ctx.viewer.user.role)) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.noAdminAccess });
  return next();
});

/** super_admin only (seat management). */
export const superAdminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.user.role !== 'super_admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only the super admin can manage seats' });
  }
  return next();
});

export const COMPANY_FINDER_REQUIRED =
  'This feature requires the Company Finder add-on. Please contact your admin to enable this feature.';

/** A member whose company has the Company Finder add-on. */
export const companyFinderProcedure = memberProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer.company.companyFinderEnabled) {
    throw new TRPCError({ code: 'FORBIDDEN', message: COMPANY_FINDER_REQUIRED });
  }
  return next();
});
