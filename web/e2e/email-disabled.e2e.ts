/**
 * A server with e-mail switched off (EMAIL_DISABLED=true, no SMTP_URL; issue 23) says so where it would otherwise
 * promise an e-mail: the login page's 'Forgot password?' tells the person no reset link can be sent.
 */
import { MESSAGES } from '@pippitch/shared/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness';
import { failOnPageErrors, notices, poll, screenshotBoth } from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { emailDisabled: true } });
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

it("'Forgot password?' says no e-mail is sent when e-mail is switched off", async () => {
  const page = await h.newPage();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('someone@example.test');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await poll(() => notices(page)).toContain(MESSAGES.resetEmailDisabled);
  expect(await notices(page)).not.toContain(MESSAGES.resetSent);
  await screenshotBoth(h, page, 'login-reset-email-disabled');
});
