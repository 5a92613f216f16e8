/**
 * Named base procedures: every procedure starts from one of these, so who may call it is stated where it
 * is declared. Each builds on the previous one.
 */

import { type Actor, actorOf } from '@pippitch/core/actor';
import type { Viewer } from '@pippitch/core/auth';
import { badRequest, forbidden, unauthorized } from '@pippitch/core/errors';
import { notQuotedMessage } from '@pippitch/shared/desk-pairs';
import { isCataloguePair } from '@pippitch/shared/pair-catalogue';
import { type AccessLevel, refusalFor } from '../access-levels';
import type { Context } from './context';
import { mapDomainErrors, t } from './init';

export const router = t.router;

/** The context of every procedure from authedProcedure on: the signed-in viewer and the actor built from it. */
export type AuthedContext = Context & { viewer: NonNullable<Context['viewer']>; actor: Actor };

/**
 * Times each call (issue 35): from here to the last base's mark is 'access' (the checks below), from the mark to the
 * end 'procedure' (input validation and the resolver). Every base ends with `markAccessChecked`; on a chain of
 * bases the last mark is the one that counts.
 */
const timed = t.middleware(async ({ ctx, next }) => {
  const call = { start: performance.now(), checked: 0 };
  const result = await next({ ctx: { call } });
  const end = performance.now();
  const checked = call.checked || end;
  ctx.timing.access += checked - call.start;
  ctx.timing.procedure += end - checked;
  ctx.timing.procedureEnd = Math.max(ctx.timing.procedureEnd, end);
  return result;
});

const markAccessChecked = t.middleware(({ ctx, next }) => {
  const call = (ctx as { call?: { checked: number } }).call;
  if (call) call.checked = performance.now();
  return next();
});

/**
 * After a mutation through this process, the sessions it may have changed are read afresh on the next request here,
 * before the database's announcement reaches the session cache (services/auth/session-cache.ts): the caller's
 * company's after a signed-in mutation (sign-out, deactivation, role change, cancelling), everything after a
 * successful signed-out one (a password reset ends a member's sessions).
 */
const forgetSessionsAfterMutation = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  if (type === 'mutation' && (ctx.viewer || result.ok)) ctx.deps.sessionCache.forgetAfterChange(ctx.viewer?.company.id);
  return result;
});

const base = t.procedure.use(timed).use(forgetSessionsAfterMutation).use(mapDomainErrors);

/** Anyone, signed in or not. */
export const publicProcedure = base.use(markAccessChecked);

/** Throws `refusalFor`'s answer (api/access-levels.ts, the one statement of who may call what) as a domain error. */
function enforce(viewer: Viewer | null, level: AccessLevel): asserts viewer is Viewer {
  const refusal = refusalFor(viewer, level);
  if (refusal) throw refusal.status === 401 ? unauthorized(refusal.message) : forbidden(refusal.message);
}

/**
 * A signed-in, active member (of a company in any state: a locked company may still pay or sign out). The context
 * carries `actor`, who is acting as every service takes it: built here once, from the session, never from input.
 */
export const authedProcedure = base
  .use(({ ctx, next }) => {
    enforce(ctx.viewer, 'signedIn');
    return next({ ctx: { ...ctx, viewer: ctx.viewer, actor: actorOf(ctx.viewer) } });
  })
  .use(markAccessChecked);

/** A signed-in member who passes `level` (api/access-levels.ts says what each level checks, in what order). */
const atLevel = (level: Exclude<AccessLevel, 'signedIn'>) =>
  authedProcedure
    .use(({ ctx, next }) => {
      enforce(ctx.viewer, level);
      return next();
    })
    .use(markAccessChecked);

/** A signed-in member whose company has access (trial running or subscription active, not locked). */
export const memberProcedure = atLevel('member');

/** admin or super_admin of a company with access. */
export const adminProcedure = atLevel('admin');

/** admin or super_admin, whatever the company's access: paying is how a locked company gets it back. */
export const billingAdminProcedure = atLevel('billingAdmin');

/** super_admin only (seat management). */
export const superAdminProcedure = atLevel('superAdmin');

/** A member whose company has the Company Finder add-on. */
export const companyFinderProcedure = atLevel('companyFinder');

/**
 * A member reading or pitching one pair: the input's `pair`, when it is a catalogue pair, must be one the desk quotes
 * (issue 34 §3; the input schema refuses anything else). Read from the session's company row: no extra query.
 */
export const deskPairProcedure = memberProcedure.use(async ({ ctx, getRawInput, next }) => {
  const raw = await getRawInput();
  const pair = typeof raw === 'object' && raw !== null ? (raw as { pair?: unknown }).pair : undefined;
  if (typeof pair === 'string' && isCataloguePair(pair) && !ctx.viewer.company.pairs.includes(pair)) {
    throw badRequest(notQuotedMessage(pair), 'pair');
  }
  return next();
});
