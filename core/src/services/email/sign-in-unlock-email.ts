import { type RenderedEmail, render } from './templates';

/** The link that lets a member's new browser sign in again after strangers' failures locked it out (issue 30 §2). */
export function signInUnlockEmail(input: { fullName: string; unlockUrl: string; validMinutes: number }): RenderedEmail {
  return render('Unlock sign-in to PipPitch', {
    heading: 'Unlock sign-in on your browser',
    paragraphs: [
      `Hi ${input.fullName},`,
      'Someone asked to unlock sign-in to your PipPitch account on a new browser: there were too many wrong passwords for it from browsers you have not signed in on before.',
      `Open the link below in the browser you want to sign in on; then sign in with your password as usual. The link works once and expires in ${input.validMinutes} minutes.`,
    ],
    action: { label: 'Unlock sign-in', url: input.unlockUrl },
    footnote:
      "If you didn't ask for this, you can ignore this e-mail: the browsers you already use are not affected. If you did not expect wrong passwords, consider changing yours.",
  });
}
