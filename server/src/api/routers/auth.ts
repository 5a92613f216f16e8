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
import { signUpCompany } from '../../services/auth/signup';
import { confirmSignup, isSignupLinkUsable, requestSignup } from '../../services/auth/signup-request';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures';

export const authRouter = router({
  /** Who is signed in (null when nobody): drives the route gate and the nav buttons. */
  session: publicProcedure.query(({ ctx }) => sessionView(ctx.db, ctx.viewer, ctx.deps.sessionCache)),

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
   * The signup wizard's final step. Verify-first: the answer is 'check your inbox' whether or not the address
   * has an account, and the link in the e-mail creates the company (confirmSignup). A server with e-mail
   * switched off cannot send that link, so there the company is created and signed in at once.
   */
  signup: publicProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    const meta = { ip: ctx.request.ip, now: ctx.deps.now() };
    if (ctx.config.emailDisabled) {
      const result = await signUpCompany(ctx.db, input, meta);
      const session = await createSession(ctx.db, result.userId, ctx.request, meta.now);
      ctx.cookie?.set(session.token, session.expiresAt);
      return {
        status: 'signed-in' as const,
        trialEndsAt: result.trialEndsAt.toISOString(),
        redirectTo: '/signup-success',
      };
    }
    const sent = await requestSignup(ctx.db, input, { ...meta, publicUrl: ctx.config.publicUrl });
    return { status: 'check-inbox' as const, message: sent.message };
  }),

  /** The link from the sign-up e-mail: company + admin + 60-day trial from now, then signed in. */
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
