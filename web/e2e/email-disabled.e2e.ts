/**
 * A server with e-mail switched off (EMAIL_DISABLED=true, no SMTP_URL; issue 23) says so where it would otherwise
 * promise an e-mail: the login page's 'Forgot password?' tells the person no reset link can be sent.
 */
import { MESSAGES, signupEmailDisabledMessage } from '@pippitch/shared/auth';
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

it('the signup wizard keeps the request and says no link is sent (issue 30)', async () => {
  const page = await h.newPage();
  await page.goto('/signup');
  await page.getByRole('heading', { name: 'Company Information' }).waitFor();
  await page.getByLabel('Company Name', { exact: true }).fill('No Mail FX');
  await page.getByLabel('Company Domain', { exact: true }).fill('nomailfx.co.uk');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Admin Account' }).waitFor();
  await page.getByLabel('Full Name', { exact: true }).fill('Nia Nomail');
  await page.getByLabel('Admin Email', { exact: true }).fill('nia@nomailfx.co.uk');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Select Your Plan' }).waitFor();
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await page.getByRole('heading', { name: 'No e-mail is sent from this server' }).waitFor();
  await poll(() => notices(page)).toContain(signupEmailDisabledMessage());
  expect(await page.getByRole('button', { name: 'Send the link again' }).count()).toBe(0);
  await screenshotBoth(h, page, 'signup-email-disabled');
  const kept = await h.t.db.selectFrom('signup_requests').select('email').execute();
  expect(kept.map((r) => r.email)).toEqual(['nia@nomailfx.co.uk']);
});
