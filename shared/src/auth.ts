/**
 * Account input rules shared by the signup wizard, login, join and reset forms and the server, so the
 * browser shows the same message the server would send (spec §5 Passwords, §8 Login and Signup).
 */
import { z } from 'zod';
import { ACCESS_MESSAGES } from './access';
import { isCleanText, nameText, text } from './input';
import { TRIAL_MESSAGES, withinTrialSeats } from './trial-limits';

export const MESSAGES = {
  loginMissing: 'Please enter both email and password',
  invalidCredentials: 'Invalid login credentials',
  deactivated: 'Your account has been deactivated. Please contact your administrator to reactivate your account.',
  noAdminAccess: ACCESS_MESSAGES.noAdminAccess,
  profileUnreadable: 'Unable to verify account status',
  emailFirst: 'Please enter your email address first',
  resetSent: 'Password reset email sent! Check your inbox.',
  resetEmailDisabled:
    'E-mail is switched off on this PipPitch server, so no reset link can be sent. Ask your PipPitch administrator to help you sign in.',
  passwordTooShortSignup: 'Password must be at least 8 characters long',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordComplexity: 'Password must contain uppercase, lowercase, numbers, and special characters',
  passwordsDiffer: 'Passwords do not match',
  emailTaken: 'This email is already registered. Please use a different email or sign in.',
  companyTaken: 'A company with this name already exists. Please use a different company name.',
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset.',
  passwordUpdated: 'Password updated successfully!',
  signOutFailed: 'Error signing out. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  busy: 'PipPitch is busy signing people in. Please try again in a moment.',
  invalidSignupLink: 'This sign-up link is invalid or has expired. Please sign up again.',
} as const;

/** How long the link in the sign-up e-mail works. */
export const SIGNUP_LINK_HOURS = 24;

/**
 * The answer to every completed signup form, whether or not the address already has an account (issue 19:
 * identical answers wherever an address is typed); the e-mail tells the owner which it was.
 */
export function signupSentMessage(email: string): string {
  return `Check your inbox: we've sent a link to ${email}. Open it within ${SIGNUP_LINK_HOURS} hours to start your free trial.`;
}

/**
 * Added to the signup form's answer outside production on a server without SMTP (the log e-mail provider prints
 * each message's text, links included, where the server runs): the link is in the terminal, not in an inbox.
 */
export const SIGNUP_LINK_PRINTED_NOTE =
  'No e-mail leaves this server (no SMTP_URL is set): the e-mail, with its link, is printed in the terminal where PipPitch runs.';

/**
 * The signup form's answer on a server with e-mail switched off (EMAIL_DISABLED): the request is kept, no link
 * is sent; the same words for every address and company name.
 */
export function signupEmailDisabledMessage(): string {
  return 'E-mail is switched off on this PipPitch server, so no sign-up link can be sent. Ask your PipPitch administrator for your sign-up link.';
}

export const PASSWORD_MIN = 8;
export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

const email = text('Email', 254)
  .toLowerCase()
  .pipe(z.string().min(1, 'Please enter your email address').email('Please enter a valid email address'));

/** Signup's stricter rule: length, then upper, lower, digit and one of SPECIAL_CHARACTERS. */
export function signupPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordTooShortSignup;
  const special = [...SPECIAL_CHARACTERS].some((c) => password.includes(c));
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password) || !special) {
    return MESSAGES.passwordComplexity;
  }
  return null;
}

const signupPassword = text('Password', 200, { trim: false }).superRefine((value, ctx) => {
  const problem = signupPasswordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const plainPassword = text('Password', 200, { trim: false }).pipe(
  z.string().min(PASSWORD_MIN, MESSAGES.passwordTooShort),
);

export const loginInput = z.object({
  email: text('Email', 254).toLowerCase().pipe(z.string().min(1, MESSAGES.loginMissing)),
  password: text('Password', 200, { trim: false }).pipe(z.string().min(1, MESSAGES.loginMissing)),
  mode: z.enum(['user', 'admin']),
});
export type LoginInput = z.infer<typeof loginInput>;

/**
 * A company domain as people paste it, reduced to the domain: 'https://www.Example-Brokers.co.uk/' →
 * 'example-brokers.co.uk' (scheme, 'www.', a port, a path or query and a trailing dot dropped; issue 22).
 */
export function normaliseDomain(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^[^@/]*@/, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

export const companyStep = z.object({
  companyName: nameText('Company name', 120).pipe(z.string().min(1, 'Please enter your company name')),
  companyDomain: text('Company domain', 253)
    .transform(normaliseDomain)
    .pipe(z.string().min(1, 'Please enter your company domain'))
    .pipe(z.string().regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Please enter a domain like example.co.uk')),
});

/**
 * Step 2 asks who the owner is and where the link goes; the password is chosen on the page the link opens
 * (issue 30: only whoever holds the mailbox sets the password of an account on it).
 */
export const adminStep = z.object({
  fullName: nameText('Full name', 120).pipe(z.string().min(1, 'Please enter your full name')),
  email,
});

const planFields = z.object({
  billing: z.enum(['monthly', 'annual']),
  adminSeats: z.number().int().min(1, 'At least one admin seat is required').max(500),
  brokerSeats: z.number().int().min(0).max(500),
  /** Add-ons to try: free during the trial (issue 20 §4), on the plan chosen at checkout. */
  addons: z.object({ companyFinder: z.boolean(), clientData: z.boolean() }).optional(),
});
// A signup starts an unpaid trial (issue 30: its seats are limited until the first payment).
const trialSeats = (v: { adminSeats: number; brokerSeats: number }) => withinTrialSeats(v.adminSeats, v.brokerSeats);
const tooManyTrialSeats = { message: TRIAL_MESSAGES.seats, path: ['brokerSeats'] };

export const planStep = planFields.refine(trialSeats, tooManyTrialSeats);

/**
 * The wizard's three steps in one request: no password (it is chosen on the link's page) and no billing figure
 * (those come from the seat counts and shared pricing). A `password` sent by an older page is dropped unread.
 */
export const signupInput = companyStep
  .extend(adminStep.shape)
  .extend(planFields.shape)
  .refine(trialSeats, tooManyTrialSeats);
export type SignupInput = z.infer<typeof signupInput>;

const ownerPasswordFields = {
  password: signupPassword,
  confirmPassword: text('Password', 200, { trim: false }),
};
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const passwordsDiffer = { message: MESSAGES.passwordsDiffer, path: ['confirmPassword'] };

/** The confirmation page's password fields, checked in the browser by the server's own rule. */
export const ownerPasswordStep = z.object(ownerPasswordFields).refine(passwordsMatch, passwordsDiffer);

/**
 * The page the sign-up e-mail's link opens: the link's token, the owner's password (typed there, so only the
 * mailbox's holder chooses it) and the company's name, decided here (prefilled with the wizard's; whether it is
 * taken is only said to the link's holder, issue 30).
 */
export const confirmSignupInput = z
  .object({
    token: z
      .string()
      .min(20, MESSAGES.invalidSignupLink)
      .max(200, MESSAGES.invalidSignupLink)
      .refine(isCleanText, MESSAGES.invalidSignupLink),
    companyName: companyStep.shape.companyName,
    ...ownerPasswordFields,
  })
  .refine(passwordsMatch, passwordsDiffer);
export type ConfirmSignupInput = z.infer<typeof confirmSignupInput>;

/** A company and its owner made at once with a known password: tests, benchmarks and the demo's tools only. */
export type OwnerSignupInput = SignupInput & { password: string };

export const requestResetInput = z.object({
  email: text('Email', 254)
    .toLowerCase()
    .pipe(z.string().min(1, MESSAGES.emailFirst).email('Please enter a valid email address')),
});

export const newPasswordInput = z
  .object({ password: plainPassword, confirmPassword: text('Password', 200, { trim: false }) })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDiffer, path: ['confirmPassword'] });

/** A reset link's token: anything else is simply an invalid link. */
export const resetToken = z
  .string()
  .min(20, MESSAGES.invalidResetLink)
  .max(200, MESSAGES.invalidResetLink)
  .refine(isCleanText, MESSAGES.invalidResetLink);

export const resetPasswordInput = z.object({
  token: resetToken,
  password: plainPassword,
});
