/**
 * Issue 30 §2: a member refused for too many attempts on a browser asks for the unlock e-mail from the sign-in page,
 * opens its link in that browser, unlocks it with a click, and signs in there with their password.
 */
import { MESSAGES } from '@pippitch/shared/auth';
import { UNLOCK_MESSAGES } from '@pippitch/shared/sign-in-unlock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/src/seed/demo';
import { type Harness, startHarness } from './harness';
import { failOnPageErrors, fillLogin, hasAlert, hasNotice, member, screenshotBoth, waitForPath } from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

it('a browser refused for too many attempts is unlocked by the e-mailed link, then signs in', async () => {
  const ben = member('Ben Broker');
  // Ten wrong passwords for Ben from this machine's address (the browser's too), sent straight to the API.
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${h.baseUrl}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: h.baseUrl },
      body: JSON.stringify({ email: ben.email, password: `guess-${i}`, mode: 'user' }),
    });
    expect(res.status).toBe(401);
  }
  const page = await h.newPage();
  await page.goto('/login');
  await fillLogin(page, ben.email, DEMO_PASSWORD, 'User');
  await hasAlert(page, MESSAGES.tooManyAttempts);
  await page.getByText(UNLOCK_MESSAGES.offer).waitFor();
  await screenshotBoth(h, page, 'login-unlock-offer');
  await page.getByRole('button', { name: UNLOCK_MESSAGES.button }).click();
  await hasNotice(page, UNLOCK_MESSAGES.sent);

  const mail = await h.t.db
    .selectFrom('email_outbox')
    .select('text_body')
    .where('to_address', '=', ben.email)
    .where('template', '=', 'sign_in_unlock')
    .executeTakeFirstOrThrow();
  const link = /(http\S+\/unlock-sign-in#token=[\w-]+)/.exec(mail.text_body)?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);
  const unlock = page.getByRole('button', { name: 'Unlock sign-in on this browser' });
  await unlock.waitFor();
  await screenshotBoth(h, page, 'unlock-sign-in');
  await unlock.click();
  await hasNotice(page, UNLOCK_MESSAGES.done);
  await screenshotBoth(h, page, 'unlock-sign-in-done');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await waitForPath(page, '/login');
  await fillLogin(page, ben.email, DEMO_PASSWORD, 'User');
  await waitForPath(page, '/calculator');
});
