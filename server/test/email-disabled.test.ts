import { MESSAGES } from '@pippitch/shared/auth';
import { createdWithoutEmailMessage, INVITE_MESSAGES, sentMessage } from '@pippitch/shared/invitations';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMember, startTestApp, type TestApp } from './helpers';
import { newCompany } from './invitation-helpers';

// With e-mail switched off (production's EMAIL_DISABLED=true, no SMTP_URL), the reset form says no e-mail is sent
// rather than 'sent! Check your inbox', and so do invitations and a reset an admin sends (issue 23).
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

it('says invitations and admin-sent resets were not e-mailed', async () => {
  const c = await newCompany(h, 'nomail', { adminSeats: 2, brokerSeats: 3 });
  const sent = await c.admin.api.invitations.send.mutate({ role: 'broker', emails: ['b1@nomail.test'] });
  expect(sent.message).toBe(createdWithoutEmailMessage(1));
  const [invitation] = (await c.admin.api.invitations.overview.query()).invitations;
  const resent = await c.admin.api.invitations.resend.mutate({ invitationId: invitation!.id });
  expect(resent.message).toBe(INVITE_MESSAGES.resentWithoutEmail);
  const brokerId = await addMember(h, c.name, 'broker@nomail.test', 'junior');
  expect(await c.admin.api.team.sendPasswordReset.mutate({ memberId: brokerId })).toMatchObject({ emailed: false });

  const d = await newCompany(on, 'mail', { adminSeats: 2, brokerSeats: 3 });
  const mailed = await d.admin.api.invitations.send.mutate({ role: 'broker', emails: ['b1@mail.test'] });
  expect(mailed.message).toBe(sentMessage(1));
  const memberId = await addMember(on, d.name, 'broker@mail.test', 'junior');
  expect(await d.admin.api.team.sendPasswordReset.mutate({ memberId })).toMatchObject({ emailed: true });
});
