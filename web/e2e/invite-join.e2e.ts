/**
 * Invitations and joining (issue 10 items 1–2) in real Chromium against the real app: an admin invites a broker
 * on /admin/invite, the e-mailed link (read from the outbox) opens /join in a browser of its own, the broker
 * creates an account and lands on the calculator; an expired or bad link says why.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../core/src/services/auth/tokens';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import { calculate, fillInputs, resultsPanel, WORKED_INPUTS } from './calculator-page';
import { type Harness, MOBILE, startHarness } from './harness';
import {
  alerts,
  chooseRadio,
  failOnPageErrors,
  fillLogin,
  hasAlert,
  hasNotice,
  member,
  poll,
  screenshotBoth,
  signIn,
  text,
  waitForPath,
} from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

const ADMIN = member('Adam Admin');
const ALICE = member('Alice Broker');

/** The join link of the newest invitation e-mailed to `email`, from the outbox. */
async function joinLinkFor(email: string): Promise<string> {
  const mail = await h.t.db
    .selectFrom('email_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('template', '=', 'invitation')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const link = /(\S+\/join\?token=[A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1];
  if (!link) throw new Error(`no join link in ${mail.text_body}`);
  return link;
}

/** The number a seat tile shows ('Available Broker Seats', …). */
async function seatsShown(page: Page, label: string): Promise<number> {
  return Number(await text(page.getByRole('region', { name: label, exact: true }).locator('p').nth(1)));
}

async function historyRow(page: Page, email: string) {
  return page.getByRole('list', { name: 'Invitation history' }).getByRole('listitem').filter({ hasText: email });
}

describe('invite and join', () => {
  it('an admin invites a broker; the broker joins from the e-mailed link and lands on the calculator', async () => {
    const page = await h.newPage();
    await signIn(page, ADMIN.email, 'Admin');
    await page.goto('/admin/invite');
    await page.getByRole('heading', { name: 'Invite Team Members' }).waitFor();
    // The demo company: 2 admin seats (both taken), 5 broker seats (3 taken).
    await poll(() => seatsShown(page, 'Available Admin Seats')).toBe(0);
    expect(await seatsShown(page, 'Available Broker Seats')).toBe(2);
    expect(await seatsShown(page, 'Total Available')).toBe(2);
    await page.getByText('No invitations sent yet').waitFor();

    // No admin seat: the button is disabled and says why.
    await chooseRadio(page, /^Admin/);
    await page.getByText('No admin seats available. Please upgrade your subscription to add more seats.').waitFor();
    expect(await page.getByRole('button', { name: 'Send Invitations' }).isDisabled()).toBe(true);
    await chooseRadio(page, /^Broker/);

    // Rows: add one, remove one (never the last), and the '@' rule before anything is sent.
    await page.getByRole('button', { name: '+ Add another email' }).click();
    await page.getByLabel('Email address 2', { exact: true }).fill('second row');
    expect(await page.getByRole('button', { name: /^Remove email address/ }).count()).toBe(2);
    await page.getByRole('button', { name: 'Remove email address 2' }).click();
    expect(await page.getByRole('button', { name: /^Remove email address/ }).count()).toBe(0);
    await page.getByLabel('Email address 1', { exact: true }).fill('not an address');
    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await hasAlert(page, 'Please enter at least one valid email address');

    // One good address and one of a team member: the good one is sent, the member named.
    await page.getByLabel('Email address 1', { exact: true }).fill('dana@newhire.test');
    await page.getByRole('button', { name: '+ Add another email' }).click();
    await page.getByLabel('Email address 2', { exact: true }).fill(ALICE.email);
    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await hasNotice(page, 'Successfully sent 1 invitation(s)');
    await hasNotice(page, `${ALICE.email} is already a member of your team`);
    const row = await historyRow(page, 'dana@newhire.test');
    await poll(() => text(row)).toMatch(/Broker\s*pending/);
    await poll(() => seatsShown(page, 'Available Broker Seats')).toBe(1);
    await page.getByLabel('Email address 1', { exact: true }).fill('');
    await screenshotBoth(h, page, 'admin-invite');

    const link = await joinLinkFor('dana@newhire.test');
    expect(link.startsWith(`${h.baseUrl}/join?token=`)).toBe(true);

    const joiner = await h.newPage(MOBILE);
    await joiner.goto(link);
    await joiner.getByRole('heading', { name: `Join ${DEMO_COMPANY}` }).waitFor();
    await joiner.getByText('Broker Account', { exact: true }).waitFor();
    const email = joiner.getByLabel('Email', { exact: true });
    expect(await email.inputValue()).toBe('dana@newhire.test');
    expect(await email.isDisabled()).toBe(true);
    expect(await joiner.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    await screenshotBoth(h, joiner, 'join');

    const create = joiner.getByRole('button', { name: 'Create Account' });
    await create.click();
    await joiner.getByText('Please enter your first name').waitFor();
    await joiner.getByLabel('First Name').fill('Dana');
    await joiner.getByLabel('Password', { exact: true }).fill('short');
    await joiner.getByLabel('Confirm Password').fill('short');
    await create.click();
    await joiner.getByText('Password must be at least 8 characters').waitFor();
    await joiner.getByLabel('Password', { exact: true }).fill('dana-pass-2026');
    await joiner.getByLabel('Confirm Password').fill('dana-pass-2027');
    await create.click();
    await joiner.getByText('Passwords do not match').waitFor();
    await joiner.getByLabel('Confirm Password').fill('dana-pass-2026');
    await create.click();
    await waitForPath(joiner, '/calculator');
    await joiner.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
    await joiner.getByText('Signed in as Dana', { exact: true }).waitFor({ state: 'attached' });

    // The admin's history shows it accepted; the link is used up.
    await page.reload();
    await poll(async () => text(await historyRow(page, 'dana@newhire.test'))).toMatch(/accepted/);
    const again = await h.newPage();
    await again.goto(link);
    await hasAlert(again, 'This invitation has already been used');
  });

  it("the new broker's first calculation reaches the admin: dashboard 'Just now' → View Activity → CSV", async () => {
    // Dana joined in the test above (issue 10's journey continues): she signs in and calculates for a client.
    const dana = await h.newPage();
    await dana.goto('/login');
    await fillLogin(dana, 'dana@newhire.test', 'dana-pass-2026', 'User');
    await waitForPath(dana, '/calculator');
    await fillInputs(dana, { ...WORKED_INPUTS, clientName: 'Newhire Imports Ltd' });
    await calculate(dana);
    await resultsPanel(dana).getByText('£80,918.74').first().waitFor();

    const admin = await h.newPage();
    await signIn(admin, ADMIN.email, 'Admin');
    const row = admin.getByRole('table', { name: 'Activity per broker' }).getByRole('row').filter({ hasText: 'Dana' });
    await poll(() => text(row.getByTestId('last-active'))).toMatch(/(^|: )Just now$/);
    await row.getByRole('link', { name: /View Activity of Dana/ }).click();
    await admin.getByRole('list', { name: 'Calculations' }).getByText('Newhire Imports Ltd').waitFor();
    await admin.getByRole('button', { name: 'Export Activity' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Export Activity' });
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(await readFile(await download.path(), 'utf8')).toContain('Newhire Imports Ltd');
  });

  it('an admin invitation sends the new admin to /admin', async () => {
    await h.t.db.updateTable('companies').set({ admin_seats: 3 }).where('name', '=', DEMO_COMPANY).execute();
    const page = await h.newPage();
    await signIn(page, ADMIN.email, 'Admin');
    await page.goto('/admin/invite');
    await chooseRadio(page, /^Admin/);
    await page.getByLabel('Email address 1', { exact: true }).fill('erin@newhire.test');
    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await hasNotice(page, 'Successfully sent 1 invitation(s)');
    const joiner = await h.newPage();
    await joiner.goto(await joinLinkFor('erin@newhire.test'));
    await joiner.getByText('Admin Account', { exact: true }).waitFor();
    await joiner.getByLabel('First Name').fill('Erin');
    await joiner.getByLabel('Password', { exact: true }).fill('erin-pass-2026');
    await joiner.getByLabel('Confirm Password').fill('erin-pass-2026');
    await joiner.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(joiner, '/admin');
  });

  it('an expired link, a malformed one and a bad /signup?invitation= say why', async () => {
    const token = newToken();
    const company = await h.t.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', DEMO_COMPANY)
      .executeTakeFirstOrThrow();
    const sentAt = new Date(Date.now() - 8 * 86_400_000);
    await h.t.db
      .insertInto('invitations')
      .values({
        company_id: company.id,
        email: 'late@newhire.test',
        role_type: 'junior',
        token_hash: hashToken(token),
        created_at: sentAt,
        sent_at: sentAt,
        expires_at: new Date(sentAt.getTime() + 7 * 86_400_000),
      })
      .execute();
    const page = await h.newPage();
    await page.goto(`/join?token=${token}`);
    await hasAlert(page, 'This invitation has expired');
    await page.getByRole('heading', { name: 'Invalid Invitation' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await screenshotBoth(h, page, 'join-expired');

    await page.goto('/join');
    await hasAlert(page, 'Invalid invitation link');
    await page.goto(`/join?token=${'B'.repeat(43)}`);
    await hasAlert(page, 'Invalid or expired invitation');

    await page.goto('/signup?invitation=nonsense');
    await page.getByRole('heading', { name: 'Invalid Invitation' }).waitFor();
    expect(await alerts(page)).toEqual(['Invalid invitation link']);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await waitForPath(page, '/');
  });

  it('/signup?invitation= with a good link shows Accept Invitation and the join form', async () => {
    const page = await h.newPage();
    await signIn(page, ADMIN.email, 'Admin');
    await page.goto('/admin/invite');
    await page.getByLabel('Email address 1', { exact: true }).fill('finn@newhire.test');
    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await hasNotice(page, 'Successfully sent 1 invitation(s)');
    const token = new URL(await joinLinkFor('finn@newhire.test')).searchParams.get('token');
    const visitor = await h.newPage();
    await visitor.goto(`/signup?invitation=${token}`);
    await visitor.getByText('Accept Invitation', { exact: true }).waitFor();
    await visitor.getByRole('heading', { name: `Join ${DEMO_COMPANY}` }).waitFor();
    expect(await visitor.getByLabel('Email', { exact: true }).inputValue()).toBe('finn@newhire.test');
  });

  it('resend gives a new link and the old one stops working; revoke (confirmed) frees the seat', async () => {
    // The tests before took the demo's free broker seats.
    await h.t.db.updateTable('companies').set({ junior_seats: 8 }).where('name', '=', DEMO_COMPANY).execute();
    const page = await h.newPage();
    await signIn(page, ADMIN.email, 'Admin');
    await page.goto('/admin/invite');
    await page.getByLabel('Email address 1', { exact: true }).fill('gail@newhire.test');
    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await hasNotice(page, 'Successfully sent 1 invitation(s)');
    const first = await joinLinkFor('gail@newhire.test');

    await page.getByRole('button', { name: 'Resend invitation to gail@newhire.test' }).click();
    await hasNotice(page, 'Invitation sent again. The earlier link no longer works.');
    const second = await joinLinkFor('gail@newhire.test');
    expect(second).not.toBe(first);
    const visitor = await h.newPage();
    await visitor.goto(first);
    await hasAlert(visitor, 'Invalid or expired invitation');
    await visitor.goto(second);
    await visitor.getByRole('heading', { name: `Join ${DEMO_COMPANY}` }).waitFor();

    const before = await seatsShown(page, 'Available Broker Seats');
    await page.getByRole('button', { name: 'Revoke invitation to gail@newhire.test' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('The link in the e-mail stops working at once and the seat it holds is freed.').waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await hasNotice(page, 'Invitation revoked. Its link no longer works and its seat is free.');
    await poll(async () => text(await historyRow(page, 'gail@newhire.test'))).toMatch(/revoked/);
    await poll(() => seatsShown(page, 'Available Broker Seats')).toBe(before + 1);
    expect(await page.getByRole('button', { name: 'Resend invitation to gail@newhire.test' }).count()).toBe(0);
    await visitor.reload();
    await hasAlert(visitor, 'Invalid or expired invitation');
  });

  it('a broker opening /admin/invite is sent to the calculator', async () => {
    const page = await h.newPage();
    await signIn(page, ALICE.email);
    await page.goto('/admin/invite');
    await waitForPath(page, '/calculator');
  });
});
