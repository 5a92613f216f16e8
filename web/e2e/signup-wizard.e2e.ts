/**
 * The signup wizard (issue 2, issue 30's link-page password and company name) in real Chromium against the real
 * app, split from foundation.e2e.ts (the route gate, login, deactivation, resets, the locked-account page).
 * Everything is driven through the UI by labels and roles; the database is read only to check what was
 * stored (trial end, e-mailed reset link) and written only to set up a locked company.
 */

import { SIGNUP_LINK_PRINTED_NOTE } from '@pippitch/shared/auth';
import { OPERATOR_JSON_PATH } from '@pippitch/shared/operator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import { signupLinkToken } from '../../server/test/helpers';
import { type Harness, startHarness } from './harness';
import { alerts, failOnPageErrors, poll, screenshotBoth, text, waitForPath } from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The date the way the app shows it: en-GB 'd MMMM yyyy' in Europe/London. */
function ukDate(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(d);
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'pp_session');
}

describe('signup wizard', () => {
  it('signs up a company from /pricing, confirms the e-mailed link and lands on its dashboard with a 60-day trial', async () => {
    const company = 'Harbour Street FX';
    const page = await h.newPage();
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
    await page.waitForURL((url) => url.pathname === '/signup');
    expect(new URL(page.url()).searchParams.get('plan')).toBe('monthly');

    // Step 1: Company Information
    await page.getByRole('heading', { name: 'Company Information' }).waitFor();
    await page.getByLabel('Company Name', { exact: true }).fill(company);
    await page.getByLabel('Company Domain', { exact: true }).fill('harbourstreetfx.co.uk');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: Admin Account
    await page.getByRole('heading', { name: 'Admin Account' }).waitFor();
    await page.getByLabel('Full Name', { exact: true }).fill('Hannah Harbour');
    await page.getByLabel('Admin Email', { exact: true }).fill('hannah@harbourstreetfx.co.uk');
    // No password here (issue 30): it is chosen on the page the e-mailed link opens.
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await screenshotBoth(h, page, 'signup-step2');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: Select Your Plan (monthly preselected from the pricing link)
    await page.getByRole('heading', { name: 'Select Your Plan' }).waitFor();
    expect(await page.getByRole('radio', { name: /^Monthly/ }).isChecked()).toBe(true);
    expect(await page.getByRole('spinbutton', { name: 'Admin seats' }).inputValue()).toBe('1');
    expect(await page.getByRole('spinbutton', { name: 'Broker seats' }).inputValue()).toBe('5');
    // Add-ons are offered too, free during the trial (issue 20 §4).
    await page.getByRole('checkbox', { name: /Company Finder/ }).check();
    await screenshotBoth(h, page, 'signup-step3');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();

    // Verify-first (issue 19): nothing exists until the link in the e-mail is opened.
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page
      .getByText(
        // The harness has no SMTP and is not production: the link is printed where the server runs, and said so.
        `Check your inbox: we've sent a link to hannah@harbourstreetfx.co.uk. Open it within 24 hours to start your free trial. ${SIGNUP_LINK_PRINTED_NOTE}`,
        { exact: true },
      )
      .waitFor();
    expect(await h.t.db.selectFrom('companies').select('id').where('name', '=', company).execute()).toEqual([]);
    await screenshotBoth(h, page, 'signup-check-inbox');
    const token = await signupLinkToken(h.t.db, 'hannah@harbourstreetfx.co.uk');
    await page.goto(`/signup/confirm#token=${token}`);
    await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
    expect(await page.getByLabel('Company Name', { exact: true }).inputValue()).toBe(company);
    // The password is the first thing to type: the page puts the keyboard there.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('new-password');
    await page.getByLabel('Password', { exact: true }).fill('Harbour#2026x');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Harbour#2026y');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByText('Passwords do not match', { exact: true }).waitFor();
    await page.getByLabel('Confirm Password', { exact: true }).fill('Harbour#2026x');
    expect(await page.getByText('Passwords do not match', { exact: true }).count()).toBe(0);
    await screenshotBoth(h, page, 'signup-confirm');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();

    await waitForPath(page, '/signup-success');
    await page.getByRole('heading', { name: 'Account Successfully Created!' }).waitFor();
    const stored = await h.t.db
      .selectFrom('companies')
      .select(['trial_ends_at', 'created_at', 'subscription_status', 'company_finder_enabled', 'client_data_enabled'])
      .where('name', '=', company)
      .executeTakeFirstOrThrow();
    expect(stored.subscription_status).toBe('trialing');
    expect(stored).toMatchObject({ company_finder_enabled: true, client_data_enabled: false });
    if (!stored.trial_ends_at) throw new Error('trial_ends_at not stored');
    // 60 days after the link was opened (to the second: both come from the same request)
    const trialDays = (stored.trial_ends_at.getTime() - stored.created_at.getTime()) / 86_400_000;
    expect(trialDays).toBeCloseTo(60, 3);
    const trialEnd = page.getByTestId('trial-end');
    await poll(() => trialEnd.textContent()).toBe(ukDate(stored.trial_ends_at));
    expect(await trialEnd.textContent()).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    // One support address, from the configuration (issue 31 §6): the one the legal pages show.
    const operator = (await (await page.request.get(OPERATOR_JSON_PATH)).json()) as { contactEmail: string };
    await poll(() => text(page.getByTestId('support-email'))).toBe(operator.contactEmail);
    await screenshotBoth(h, page, 'signup-success');

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await waitForPath(page, '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByText('60 days left', { exact: true }).waitFor();
    await page.getByText(company, { exact: true }).first().waitFor();
    // The creator is the company's only member, an admin.
    await page.getByRole('row').filter({ hasText: 'hannah@harbourstreetfx.co.uk' }).getByText('(you)').waitFor();
    await screenshotBoth(h, page, 'admin-dashboard');
  });

  it("validates each step; a taken company name is only said on the link's page", async () => {
    const page = await h.newPage();
    await page.goto('/signup');

    // Step 1 empty: one message per field, and the wizard stays on step 1.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please enter your company name', { exact: true }).waitFor();
    await page.getByText('Please enter your company domain', { exact: true }).waitFor();
    expect(await page.getByLabel('Company Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('heading', { name: 'Company Information' }).isVisible()).toBe(true);

    // The demo company's name, in other case and spacing: only the server can tell it is taken.
    await page.getByLabel('Company Name', { exact: true }).fill(`  ${DEMO_COMPANY.toUpperCase()} `);
    await page.getByLabel('Company Domain', { exact: true }).fill('another-demo.co.uk');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: a name with a line break in it, then a good one; focus follows the step.
    await page.getByRole('heading', { name: 'Admin Account' }).waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('name');
    await page.getByLabel('Full Name', { exact: true }).fill('Dan\tDuplicate');
    await page.getByLabel('Admin Email', { exact: true }).fill('dan@another-demo.co.uk');
    await page.getByRole('button', { name: 'Next' }).click();
    await page
      .getByText('Full name cannot contain line breaks, tabs or other control characters', { exact: true })
      .waitFor();
    await page.getByLabel('Full Name', { exact: true }).fill('Dan Duplicate');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Select Your Plan' }).waitFor();
    await page.getByRole('button', { name: 'Start Free Trial' }).click();

    // The same answer as for a free name (issue 30: no existence tell); nothing was created.
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Check your inbox');
    expect(await alerts(page)).toEqual([]);
    expect(pathOf(page)).toBe('/signup');
    const dan = await h.t.db
      .selectFrom('user_profiles')
      .select('id')
      .where('email', '=', 'dan@another-demo.co.uk')
      .executeTakeFirst();
    expect(dan).toBeUndefined();
    expect(await sessionCookie(page)).toBeUndefined();

    // The link's holder is told, and chooses another name; the link still works.
    const token = await signupLinkToken(h.t.db, 'dan@another-demo.co.uk');
    await page.goto(`/signup/confirm#token=${token}`);
    await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Dupl1cate!pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Dupl1cate!pass');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page
      .getByText('A company with this name already exists. Please use a different company name.', { exact: true })
      .waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('organization');
    await page.getByLabel('Company Name', { exact: true }).fill('Duplicate Two FX');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await waitForPath(page, '/signup-success');
  });
});
