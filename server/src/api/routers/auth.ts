import {
  confirmSignup,
  createSession,
  deleteSession,
  isResetTokenUsable,
  isSignupLinkUsable,
  logIn,
  requestPasswordReset,
  requestSignInUnlock,
  requestSignup,
  resetPassword,
  sessionView,
  unlockSignIn,
  withDeviceToken,
} from '@pippitch/core/auth';
import {
  confirmSignupInput,
  loginInput,
  MESSAGES,
  requestResetInput,
  resetPasswordInput,
  signupInput,
} from '@pippitch/shared/auth';
import { text } from '@pippitch/shared/input';
import { requestUnlockInput, UNLOCK_MESSAGES, unlockTokenInput } from '@pippitch/shared/sign-in-unlock';
import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures';

export const authRouter = router({
  /** Who is signed in (null when nobody): drives the route gate and the nav buttons. */
  session: publicProcedure.query(({ ctx }) => sessionView(ctx.db, ctx.viewer, ctx.deps.sessionCache)),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await logIn(ctx.db, input, {
      ...ctx.request,
      now: ctx.deps.now(),
      tarpit: ctx.deps.signInTarpit,
    });
    ctx.cookie?.set(result.token, result.expiresAt);
    // This browser is now a known device for the member (issue 30 §2).
    ctx.cookie?.setDevice(withDeviceToken(ctx.request.deviceCookie, result.deviceToken));
    return { redirectTo: result.redirectTo, role: result.role };
  }),

  logout: authedProcedure.mutation(async ({ ctx }) => {
    await deleteSession(ctx.db, ctx.actor, ctx.viewer.sessionId);
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
      linkPrinted: !ctx.config.smtpUrl && ctx.config.env !== 'production',
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

  /**
   * Issue 30 §2: a member whose new browser is locked out asks for an e-mailed unlock link. The same answer whether
   * or not the address has an account (none when e-mail is switched off, as for resets).
   */
  requestSignInUnlock: publicProcedure.input(requestUnlockInput).mutation(async ({ ctx, input }) => {
    const meta = { ip: ctx.request.ip, publicUrl: ctx.config.publicUrl };
    await requestSignInUnlock(ctx.db, input.email, meta, ctx.deps.now());
    return { message: ctx.config.emailDisabled ? UNLOCK_MESSAGES.emailDisabled : UNLOCK_MESSAGES.sent };
  }),

  /** The unlock link: makes this browser a known device for the member the link was sent to. */
  unlockSignIn: publicProcedure.input(unlockTokenInput).mutation(async ({ ctx, input }) => {
    const token = await unlockSignIn(ctx.db, input.token, ctx.request, ctx.deps.now());
    ctx.cookie?.setDevice(withDeviceToken(ctx.request.deviceCookie, token));
    return { message: UNLOCK_MESSAGES.done };
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
