import { MESSAGES } from '@pippitch/shared/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

// With e-mail switched off (production's EMAIL_DISABLED=true, no SMTP_URL), the reset form says no e-mail is sent
// rather than 'sent! Check your inbox' (issue 23).
let h: TestApp;
let on: TestApp;
beforeAll(async () => {
  h = await startTestApp({ emailDisabled: true });
  on = await startTestApp();
});
afterAll(async () => {
  await h.close();
  await on.close();
});

it('admits that no reset e-mail is sent', async () => {
  const off = await h.client().api.auth.requestPasswordReset.mutate({ email: 'someone@example.test' });
  expect(off.message).toBe(MESSAGES.resetEmailDisabled);
  const sent = await on.client().api.auth.requestPasswordReset.mutate({ email: 'someone@example.test' });
  expect(sent.message).toBe(MESSAGES.resetSent);
});
