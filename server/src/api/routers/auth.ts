import {
  confirmSignupInput,
  loginInput,
  MESSAGES,
  requestResetInput,
  resetPasswordInput,
  signupInput,
} from '@pippitch/shared/auth';
import { text } from '@pippitch/shared/input';
import { z } from 'zod';
import { logIn } from '../../services/auth/login';
import { isResetTokenUsable, requestPasswordReset, resetPassword } from '../../services/auth/password-reset';
import { sessionView } from '../../services/auth/session-view';
import { createSession, deleteSession } from '../../services/auth/sessions';
import { confirmSignup, isSignupLinkUsable, requestSignup } from '../../services/auth/signup-request';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures';

export const authRouter = router({
  /** Who is signed in (null when nobody): drives the route gate and the nav buttons. */
  session: publicProcedure.query(({ ctx }) => sessionView(ctx.db, ctx.viewer)),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await logIn(ctx.db, input, { ...ctx.request, now: ctx.deps.now() });
    ctx.cookie?.set(result.token, result.expiresAt);
    return { redirectTo: result.redirectTo, role: result.role };
  }),

  logout: authedProcedure.mutation(async ({ ctx }) => {
    await deleteSession(ctx.db, ctx.viewer.sessionId);
    ctx.cookie?.clear();
    return { ok: true as const };
  }),

  /**
   * The signup wizard's final step. Verify-first in every configuration: the same answer whatever the address and
   * company name, and the e-mailed link's page (confirmSignup) sets the password and creates the company. With
   * e-mail switched off the request is kept and the answer says no e-mail is coming (issue 30).
   */
  signup: publicProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    const sent = await requestSignup(ctx.db, input, {
      ip: ctx.request.ip,
      now: ctx.deps.now(),
      publicUrl: ctx.config.publicUrl,
      emailDisabled: ctx.config.emailDisabled,
    });
    return { emailed: !ctx.config.emailDisabled, message: sent.message };
  }),

  /** The link's page: the owner's password and the company's name; company + owner + 60-day trial, signed in. */
  confirmSignup: publicProcedure.input(confirmSignupInput).mutation(async ({ ctx, input }) => {
    const now = ctx.deps.now();
    const result = await confirmSignup(ctx.db, input, { ip: ctx.request.ip, now });
    const session = await createSession(ctx.db, result.userId, ctx.request, now);
    ctx.cookie?.set(session.token, session.expiresAt);
    return { trialEndsAt: result.trialEndsAt.toISOString(), redirectTo: '/signup-success' };
  }),

  /** For the confirmation page: does this link still work, and for which company? */
  checkSignupLink: publicProcedure
    .input(z.object({ token: text('Token', 200) }))
    .query(({ ctx, input }) => isSignupLinkUsable(ctx.db, input, { ip: ctx.request.ip, now: ctx.deps.now() })),

  requestPasswordReset: publicProcedure.input(requestResetInput).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx.db, input.email, { ip: ctx.request.ip, publicUrl: ctx.config.publicUrl });
    // With e-mail switched off (EMAIL_DISABLED) nothing will arrive: say so rather than 'sent'.
    return { message: ctx.config.emailDisabled ? MESSAGES.resetEmailDisabled : MESSAGES.resetSent };
  }),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx.db, input.token, input.password, ctx.request.ip);
    return { message: MESSAGES.passwordUpdated };
  }),

  /** For the reset page: does this link still work? (Checked again when the password is sent.) */
  checkResetToken: publicProcedure.input(z.object({ token: text('Token', 200) })).query(async ({ ctx, input }) => {
    return { valid: await isResetTokenUsable(ctx.db, input.token, ctx.request, ctx.deps.now()) };
  }),
});
