import { z } from 'zod';
import { text } from './input';

// Issue 30 §2: a member whose new browser is locked out of signing in (too many failures from browsers their account
// has never signed in on) asks for an e-mailed link; opening it makes that browser a known device for them.

export const UNLOCK_MESSAGES = {
  /** The sign-in page's offer, under a 429. */
  offer: 'Is this your account? We can e-mail you a link that lets this browser sign in again.',
  button: 'E-mail me an unlock link',
  /** The same answer whether or not the address has an account. */
  sent: 'If that address has a PipPitch account, we have sent it a link to unlock sign-in. Open it in this browser.',
  emailDisabled:
    'E-mail is switched off on this PipPitch server, so no unlock link can be sent. Ask your PipPitch administrator to help you sign in.',
  invalid: 'This unlock link is invalid or has expired. Ask for a new one on the sign-in page.',
  done: 'This browser can sign in again. Sign in with your password as usual.',
} as const;

/** How long an unlock link works. */
export const UNLOCK_VALID_MINUTES = 60;

export const requestUnlockInput = z.object({
  email: text('Email', 254)
    .toLowerCase()
    .pipe(z.string().min(1, 'Please enter your email address').email('Please enter a valid email address')),
});

/** The link's token as made (256 bits, base64url). */
export const unlockTokenInput = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, UNLOCK_MESSAGES.invalid),
});
