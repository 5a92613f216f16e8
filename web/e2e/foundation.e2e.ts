/**
 * Foundation journeys (issue 2) in real Chromium against the real app: login in both modes, the route gate,
 * deactivation, password reset by e-mail link, and the locked-account page (the signup wizard: signup-wizard.e2e.ts).
 * Everything is driven through the UI by labels and roles; the database is read only to check what was
 * stored (trial end, e-mailed reset link) and written only to set up a locked company.
 */

import { formatDate } from '@pippitch/shared/format';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY, DEMO_PASSWORD } from '../../server/src/seed/demo';
import { type Harness, startHarness } from './harness';
import {
  alerts,
  failOnPageErrors,
  fillLogin,
  member,
  notices,
  poll,
  screenshotBoth,
  signIn,
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

const OWNER = member('Olivia Owner');
const ADMIN = member('Adam Admin');
const ALICE = member('Alice Broker');
const BEN = member('Ben Broker');
const CHLOE = member('Chloe Broker');

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The calculator is showing, for this member (the top bar tells screen readers who is signed in). */
async function onCalculatorAs(page: Page, fullName: string): Promise<void> {
  await waitForPath(page, '/calculator');
  await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
  await page.getByText(`Signed in as ${fullName}`, { exact: true }).waitFor({ state: 'attached' });
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'pp_session');
}

/** How many open sessions the member has. */
async function sessionsOf(email: string): Promise<number> {
  const row = await h.t.db
    .selectFrom('sessions')
    .innerJoin('user_profiles', 'user_profiles.id', 'sessions.user_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_profiles.email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('public pages and the route gate', () => {
  it('shows the landing and login pages', async () => {
    const page = await h.newPage();
    await page.goto('/');
    await page
      .getByRole('heading', {
        level: 1,
        name: 'Empower Your Brokers to Close More FX Deals with Real-Time Pitch Intelligence',
      })
      .waitFor();
    // Signed out: the nav offers Sign In (after 'Loading...') and the hero offers Sign Up Now.
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign In' }).waitFor();
    await page.getByRole('link', { name: 'Sign Up Now' }).waitFor();
    await screenshotBoth(h, page, 'landing');

    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign In' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign In as User' }).waitFor();
    expect(await page.getByRole('radio', { name: 'User', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: "You'll stay signed in for 7 days" }).isDisabled()).toBe(true);
    await screenshotBoth(h, page, 'login');
  });

  it('sends a signed-out visitor from /calculator to /login, and an unknown path to /', async () => {
    const page = await h.newPage();
    await page.goto('/calculator');
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign In as User' }).waitFor();

    await page.goto('/no/such/page');
    await waitForPath(page, '/');
    await page.getByRole('link', { name: 'Sign Up Now' }).waitFor();
  });
});

describe('login', () => {
  it('signs a broker in as User to /calculator, and keeps them out of /admin', async () => {
    const page = await h.newPage();
    await signIn(page, ALICE.email, 'User');
    await onCalculatorAs(page, ALICE.fullName);

    await page.goto('/admin');
    await onCalculatorAs(page, ALICE.fullName);
  });

  it('refuses Admin mode to a broker, a wrong password and an empty form', async () => {
    const page = await h.newPage();
    await page.goto('/login');

    await page.getByRole('button', { name: 'Sign In as User' }).click();
    await poll(() => alerts(page)).toContain('Please enter both email and password');

    await fillLogin(page, ALICE.email, DEMO_PASSWORD, 'Admin');
    await poll(() => alerts(page)).toContain('You do not have admin access');
    expect(pathOf(page)).toBe('/login');
    expect(await sessionCookie(page)).toBeUndefined();

    await fillLogin(page, ALICE.email, 'Not-the-password1!', 'User');
    await poll(() => alerts(page)).toContain('Invalid login credentials');
    expect(pathOf(page)).toBe('/login');
    expect(await sessionCookie(page)).toBeUndefined();
  });

  it('ends a deactivated member’s session at once and refuses their next sign-in', async () => {
    const ben = await h.newPage();
    await signIn(ben, BEN.email, 'User');
    await onCalculatorAs(ben, BEN.fullName);

    const admin = await h.newPage();
    await signIn(admin, ADMIN.email, 'Admin');
    const benRow = admin.getByRole('row').filter({ hasText: BEN.email });
    await benRow.getByText('Active', { exact: true }).waitFor();
    // Deactivation asks first; Cancel changes nothing.
    const confirm = admin.getByRole('alertdialog', { name: `Deactivate ${BEN.fullName}?` });
    await benRow.getByRole('button', { name: 'Deactivate' }).click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await sessionsOf(BEN.email)).toBeGreaterThan(0);
    await benRow.getByRole('button', { name: 'Deactivate' }).click();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await benRow.getByText('Inactive', { exact: true }).waitFor();
    await benRow.getByRole('button', { name: 'Reactivate' }).waitFor();
    // Deactivation ends Ben's open session at once: the server closes his calculator's live-rate socket, and his
    // page goes to the login page by itself.
    expect(await sessionsOf(BEN.email)).toBe(0);
    await waitForPath(ben, '/login');
    await fillLogin(ben, BEN.email, DEMO_PASSWORD, 'User');
    await poll(() => alerts(ben)).toContain(
      'Your account has been deactivated. Please contact your administrator to reactivate your account.',
    );
    expect(pathOf(ben)).toBe('/login');
    expect(await sessionsOf(BEN.email)).toBe(0);
  });
});

describe('forgot password', () => {
  it('e-mails a one-time reset link that sets a new password', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await poll(() => alerts(page)).toContain('Please enter your email address first');

    await page.getByLabel('Email', { exact: true }).fill(CHLOE.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await poll(() => notices(page)).toContain('Password reset email sent! Check your inbox.');

    const mail = await h.t.db
      .selectFrom('email_outbox')
      .select(['text_body', 'template'])
      .where('to_address', '=', CHLOE.email)
      .executeTakeFirstOrThrow();
    expect(mail.template).toBe('password_reset');
    const link = new RegExp(`${escapeRegExp(h.baseUrl)}/reset-password(#access_token=[\\w-]+&type=recovery)`).exec(
      mail.text_body,
    );
    if (!link?.[1]) throw new Error(`no reset link in the e-mail:\n${mail.text_body}`);
    const [resetUrl, hash] = [link[0], link[1]];

    // The same link opened on '/' is forwarded to /reset-password with its hash.
    const forwarded = await h.newPage();
    await forwarded.goto(`/${hash}`);
    await forwarded.waitForURL((url) => url.pathname === '/reset-password' && url.hash === hash);
    await forwarded.getByLabel('New Password', { exact: true }).waitFor();

    await page.goto(resetUrl);
    await page.getByLabel('New Password', { exact: true }).fill('Chl0e-new-pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Chl0e-new-pass');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await poll(() => notices(page)).toContain('Password updated successfully!');
    await waitForPath(page, '/login');

    await fillLogin(page, CHLOE.email, DEMO_PASSWORD, 'User');
    await poll(() => alerts(page)).toContain('Invalid login credentials');
    await fillLogin(page, CHLOE.email, 'Chl0e-new-pass', 'User');
    await onCalculatorAs(page, CHLOE.fullName);

    // The link works once.
    await page.goto(resetUrl);
    await poll(() => alerts(page)).toContain('Invalid or expired reset link. Please request a new password reset.');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await waitForPath(page, '/login');
  });
});

describe('locked company', () => {
  it('shows Account Locked with a way to a new subscription', async () => {
    await h.t.pool.query(`UPDATE companies SET trial_ends_at = now() - interval '1 day' WHERE name = $1`, [
      DEMO_COMPANY,
    ]);
    try {
      const page = await h.newPage();
      await signIn(page, OWNER.email, 'Admin');
      await page.getByRole('heading', { name: 'Account Locked' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
      // The trial ended a day ago: the data is kept 29 more days (design.md §3), and the page says until when.
      const until = formatDate(new Date(Date.now() + 29 * 86_400_000).toISOString());
      await page.getByText(`Your data is kept until ${until}, then deleted.`).waitFor();
      const start = page.getByRole('link', { name: 'Start New Subscription' });
      expect(await start.getAttribute('href')).toBe('/checkout');
      await screenshotBoth(h, page, 'account-locked');

      // Every protected page is locked, not only the dashboard.
      await page.goto('/calculator');
      await page.getByRole('heading', { name: 'Account Locked' }).waitFor();

      await page.getByRole('link', { name: 'Start New Subscription' }).click();
      await waitForPath(page, '/checkout');
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      await page.getByText('Total per month').waitFor();
    } finally {
      await h.t.pool.query(`UPDATE companies SET trial_ends_at = now() + interval '60 days' WHERE name = $1`, [
        DEMO_COMPANY,
      ]);
    }
  });
});
