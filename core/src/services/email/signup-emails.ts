import { type RenderedEmail, render } from './templates';

/**
 * The link that creates the company and starts the trial (verify-first signup, issue 19). It carries nothing the
 * requester typed (issue 30): anyone can type an address into the form, so the e-mail must not carry their words.
 */
export function signupConfirmEmail(input: { confirmUrl: string; validHours: number }): RenderedEmail {
  return render('Confirm your e-mail to start your PipPitch trial', {
    heading: 'Confirm your e-mail address',
    paragraphs: [
      'Hello,',
      'Someone (hopefully you) asked to start a PipPitch free trial with this e-mail address. Open the link below to confirm it is yours: on that page you choose your password and your company name, and your account and trial start the moment you confirm.',
      `The link works once and expires in ${input.validHours} hours.`,
    ],
    action: { label: 'Confirm and start my trial', url: input.confirmUrl },
    footnote: "If you didn't sign up for PipPitch, ignore this e-mail: nothing is created without the link.",
  });
}

/**
 * Sent instead of the link when the address already has an account, so the signup form can answer the same
 * either way and only the address's owner learns which it was.
 */
export function signupExistingAccountEmail(input: { signInUrl: string }): RenderedEmail {
  return render('You already have a PipPitch account', {
    heading: 'You already have an account',
    paragraphs: [
      'Someone (hopefully you) tried to start a PipPitch free trial with this e-mail address, which already belongs to a PipPitch account, so no new account was made.',
      "Sign in below. Forgotten your password? Enter your address on the sign-in page and choose 'Forgot password?'.",
    ],
    action: { label: 'Sign in to PipPitch', url: input.signInUrl },
    footnote: "If this wasn't you, you can ignore this e-mail: your account is unchanged.",
  });
}
