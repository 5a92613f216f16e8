/**
 * My Leads in real Chromium against the real app with the bundled company index loaded: a calculated client
 * recorded as a lead with its Calculation Details, Find New Companies, filters, bulk actions with confirmations,
 * 5,000 leads, and the page without the Company Finder add-on (finder.e2e.ts covers the calculator's panel).
 * Driven through the UI by labels and roles; the database is written only to set up leads (one as the panel
 * adds it, 5,000 for speed) and to switch the Company Finder add-on off.
 */

import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { sql } from 'kysely';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLead } from '../../core/src/services/leads/leads';
import { createIndexCompanyFinder } from '../../core/src/services/uk-companies/finder/index-source';
import { filterLeads, type Lead, searchTextOf } from '../src/features/leads/leadModel';
import { type Harness, MOBILE, startHarness } from './harness';
import {
  actorOfEmail,
  failOnPageErrors,
  hasNotice,
  member,
  poll,
  screenshotBoth,
  signIn,
  text,
  userIdOf,
  waitForPath,
} from './journeys';
import {
  ADDON_MESSAGE,
  fillCalculator,
  leadInDb,
  leadRow,
  leadsList,
  loadIndexWithClient,
  openLeads,
  setCompanyFinder,
  stat,
} from './leads-page';

let h: Harness;
/** The client: a real company in the index (SIC 47110, London), so the finder has neighbours to offer. */
let CLIENT: string;

beforeAll(async () => {
  h = await startHarness();
  CLIENT = await loadIndexWithClient(h);
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

const ALICE = member('Alice Broker');
const BEN = member('Ben Broker');
const ADAM = member('Adam Admin');

/** The value shown under a label in a <dl> (Calculation Details, lead facts). */
function fact(scope: Locator, label: string): Locator {
  return scope.locator(`dt:text-is("${label}") + dd`).first();
}

/**
 * Adds to Alice's list what Add to List on the Company Finder panel adds (finder.e2e.ts drives the panel): the
 * first company similar to the client, not contacted, from Similar Companies. Returns its name.
 */
async function addSimilarCompany(): Promise<string> {
  const similar = await createIndexCompanyFinder(h.t.db).findSimilar({ companyName: CLIENT, exclude: [CLIENT] });
  const c = similar.companies[0];
  if (!c) throw new Error(`no company similar to ${CLIENT}`);
  await addLead(h.t.db, await actorOfEmail(h, ALICE.email), {
    name: c.name,
    source: 'similar_results',
    companyNumber: c.companyNumber ?? null,
    industry: c.industry,
    sicCodes: c.sicCodes.slice(0, 20),
    estimatedSize: c.size,
    location: c.location,
    postcode: c.postcode ?? null,
  });
  return c.name;
}

/** Alice's page, kept from test to test: the leads each one adds are the next one's starting point. */
let page: Page;
let similarAdded: string;

describe('My Leads (add-on enabled)', () => {
  it('records a calculated client as a contacted lead, with its Calculation Details', async () => {
    page = await h.newPage();
    await signIn(page, ALICE.email);
    await fillCalculator(page, CLIENT);
    await page.getByRole('button', { name: 'Calculate Savings' }).click();
    await page.getByTestId('result-price-difference').waitFor();
    expect(await text(page.getByTestId('result-price-difference'))).toBe('-0.0050');
    // The calculator's lead message (the add-on is on).
    await hasNotice(page, `Added ${CLIENT} to your list`);

    await openLeads(page);
    const row = leadRow(page, CLIENT);
    await row.waitFor();
    expect(await text(row)).toContain('Contacted');
    expect(await row.getByRole('button', { name: 'Mark Not Contacted' }).count()).toBe(1);
    expect(await text(row)).toContain('Calculator');
    expect(await stat(page, 'total')).toBe(1);
    expect(await stat(page, 'contacted')).toBe(1);
    expect(await stat(page, 'fromCalculator')).toBe(1);
    expect(await leadInDb(h, ALICE.email, CLIENT)).toMatchObject({ contacted: true, source: 'calculator' });

    // The name opens the lead's details, with its calculations.
    await row.getByRole('button', { name: CLIENT, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: CLIENT });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await dialog.getByRole('heading', { name: 'Calculation Details (1)' }).waitFor();
    expect(await text(fact(dialog, 'Currency Pair'))).toBe('GBP/USD');
    expect(await text(fact(dialog, 'Your Rate'))).toBe('1.2700');
    expect(await text(fact(dialog, 'Comp Rate'))).toBe('1.2650');
    expect(await text(fact(dialog, 'Amt to Buy (USD)'))).toBe('500,000');
    expect(await text(fact(dialog, 'Trades/Year'))).toBe('52');
    expect(await text(fact(dialog, 'Price Diff'))).toBe('-0.0050');
    expect(await text(fact(dialog, 'PIPs'))).toBe('50.0');
    expect(await text(fact(dialog, 'Cost w/ Comp'))).toBe('£395,256.92');
    expect(await text(fact(dialog, 'Cost w/ Us'))).toBe('£393,700.79');
    expect(await text(fact(dialog, 'Comp Date'))).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    expect(await text(fact(dialog, 'Time & Date'))).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await screenshotBoth(h, page, 'leads-detail-modal');
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
  });
});

describe('My Leads with a company from the Company Finder panel as well', () => {
  beforeAll(async () => {
    similarAdded = await addSimilarCompany();
    await page.reload();
    await leadRow(page, similarAdded).waitFor();
  });

  it('finds new companies by search: 2 characters minimum, Find More, Add to List, Reset', async () => {
    const box = page.getByRole('searchbox', { name: 'Find New Companies' });
    const search = page.getByRole('button', { name: 'Search', exact: true });
    // Every search the page asks the server for, by its term (tRPC puts the input in the URL).
    const asked: string[] = [];
    const onRequest = (req: Request) => {
      const url = new URL(req.url());
      if (url.pathname.includes('finder.search')) asked.push(url.searchParams.get('input') ?? '');
    };
    page.on('request', onRequest);
    await box.fill('t');
    expect(await search.isDisabled()).toBe(true);
    await box.press('Enter');
    expect(await page.getByRole('list', { name: 'Search results' }).count()).toBe(0);

    await box.fill('foods');
    expect(await search.isDisabled()).toBe(false);
    await box.press('Enter');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.waitFor();
    // Requests leave in order, so a search for 't' would have come before this one: it never did.
    page.off('request', onRequest);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('foods');
    expect(await results.getByRole('listitem').count()).toBe(5);
    await page.getByRole('button', { name: 'Find More' }).click();
    await poll(() => results.getByRole('listitem').count()).toBeGreaterThan(5);
    const names = await results.getByRole('heading', { level: 4 }).allInnerTexts();
    expect(new Set(names).size).toBe(names.length);

    const pick = results.getByRole('listitem').nth(1);
    const pickName = await text(pick.getByRole('heading', { level: 4 }));
    await pick.getByRole('button', { name: 'Add to List' }).click();
    await pick.getByRole('button', { name: '✓ Added' }).waitFor();
    await hasNotice(page, `Added ${pickName} to your list`);
    await leadRow(page, pickName).waitFor();
    expect(await leadInDb(h, ALICE.email, pickName)).toMatchObject({ contacted: false, source: 'manual_search' });
    await poll(() => stat(page, 'fromSearch')).toBe(2);

    // Changing the term drops the results; Reset clears everything.
    await box.fill('food');
    expect(await results.count()).toBe(0);
    await box.press('Enter');
    await results.waitFor();
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    expect(await box.inputValue()).toBe('');
    expect(await results.count()).toBe(0);

    await box.fill('zzqqxxvv');
    await search.click();
    await page.getByText('No companies found. Try a different search term.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
  });

  it('filters, marks contacted in bulk and deletes with a confirmation', async () => {
    await poll(() => stat(page, 'total')).toBe(3);
    expect(await stat(page, 'notContacted')).toBe(2);
    const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
    // Nothing selected: no bulk actions to take.
    expect(await bulk.getByRole('button', { name: 'Mark Contacted' }).count()).toBe(0);

    // Status buttons and the text filter.
    await page.getByRole('button', { name: 'Not Contacted (2)' }).click();
    await poll(() => leadsList(page).getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Contacted (1)', exact: true }).click();
    await poll(() => leadsList(page).getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: 'All (3)' }).click();
    await page.getByLabel('Filter leads').fill(similarAdded.slice(0, 6));
    await poll(() => leadRow(page, CLIENT).count()).toBe(0);
    await leadRow(page, similarAdded).waitFor();
    await page.getByLabel('Filter leads').fill('');
    await poll(() => leadsList(page).getByRole('listitem').count()).toBe(3);
    await screenshotBoth(h, page, 'leads');

    // Select All, then Mark Contacted after confirming.
    await bulk.getByRole('button', { name: 'Select All' }).click();
    await bulk.getByText('3 selected').waitFor();
    await bulk.getByRole('button', { name: 'Mark Contacted' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Mark as Contacted' });
    await confirm.waitFor();
    await screenshotBoth(h, page, 'leads-bulk-confirm');
    await confirm.getByRole('button', { name: 'Mark Contacted' }).click();
    await hasNotice(page, 'Successfully updated 3 companies');
    await poll(() => stat(page, 'contacted')).toBe(3);
    expect(await text(leadRow(page, similarAdded))).toContain('Contacted');
    expect((await leadInDb(h, ALICE.email, similarAdded))?.contacted).toBe(true);
    await bulk.getByText('None selected').waitFor();

    // One lead back to not contacted with its own toggle.
    await leadRow(page, similarAdded).getByRole('button', { name: 'Mark Not Contacted' }).click();
    await hasNotice(page, `Marked ${similarAdded} as not contacted`);
    await poll(() => stat(page, 'notContacted')).toBe(1);

    // Delete one: cancelling keeps it, confirming removes it.
    await leadRow(page, similarAdded).getByRole('button', { name: 'Delete' }).click();
    let ask = page.getByRole('alertdialog');
    await ask.getByText(`Are you sure you want to remove ${similarAdded} from your list?`).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => ask.count()).toBe(0);
    expect(await leadRow(page, similarAdded).count()).toBe(1);
    await leadRow(page, similarAdded).getByRole('button', { name: 'Delete' }).click();
    ask = page.getByRole('alertdialog');
    await ask.getByRole('button', { name: 'Delete' }).click();
    await poll(() => leadRow(page, similarAdded).count()).toBe(0);
    expect(await leadInDb(h, ALICE.email, similarAdded)).toBeUndefined();
    await poll(() => stat(page, 'total')).toBe(2);

    // Bulk delete of the rest.
    await bulk.getByRole('button', { name: 'Select All' }).click();
    await bulk.getByRole('button', { name: 'Delete' }).click();
    ask = page.getByRole('alertdialog', { name: 'Delete Companies' });
    await ask.getByText('Are you sure you want to delete 2 companies from your list?').waitFor();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await hasNotice(page, 'Successfully deleted 2 companies');
    await poll(() => stat(page, 'total')).toBe(0);
  });
});

describe('My Leads with 5,000 leads', () => {
  // How fast the filter runs is a benchmark's question (bench/leads.ts), not a test's: a busy machine must not fail it.
  it('filters 5,000 leads in memory and shows them 50 per page', async () => {
    const benId = await userIdOf(h, BEN.email);
    await sql`INSERT INTO user_leads (user_id, custom_name, normalized_name, contacted, source, industry, location)
      SELECT ${benId}, 'Perf Company ' || g, 'perf company ' || g, g % 3 = 0, 'manual_search',
        'Retail sale in non-specialised stores', 'London'
      FROM generate_series(1, 5000) AS g`.execute(h.t.db);

    // The filter itself, on the same data shape.
    const leads = Array.from(
      { length: 5000 },
      (_, i): Lead => ({
        id: String(i),
        name: `Perf Company ${i + 1}`,
        normalizedName: `perfcompany${i + 1}`,
        companyNumber: null,
        contacted: i % 3 === 0,
        source: 'manual_search',
        firstAddedAt: new Date().toISOString(),
        lastContactedAt: null,
        lastCalculatedAt: null,
        industry: 'Retail sale in non-specialised stores',
        sicCodes: [],
        estimatedSize: null,
        location: 'London',
        postcode: null,
        alert: null,
      }),
    );
    const text = searchTextOf(leads);
    const matched = filterLeads(leads, text, 'company 12', 'not_contacted');
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.every((l) => !l.contacted && l.name.includes('Company 12'))).toBe(true);

    const page = await h.newPage();
    await signIn(page, BEN.email);
    await page.goto('/leads');
    await page.getByText('Showing 1–50 of 5,000').waitFor();
    expect(await leadsList(page).getByRole('listitem').count()).toBe(50);
    expect(await stat(page, 'total')).toBe(5000);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 51–100 of 5,000').waitFor();

    // In the page: typing into the filter shows the matching leads, from the first page.
    await page.getByLabel('Filter leads').fill('perf company 12');
    await page.getByText('Showing 1–50 of 111').waitFor();

    // Select All takes the filtered leads only.
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Select All' }).click();
    await page.getByText('111 selected').waitFor();
  });
});

describe('without the Company Finder add-on', () => {
  afterAll(async () => {
    await setCompanyFinder(h, true);
  });

  it('locks My Leads without calling the leads procedures, and points an admin to Account Management', async () => {
    await setCompanyFinder(h, false);
    const page = await h.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/trpc\/.*(leads\.|finder\.)/.test(r.url())) calls.push(r.url());
    });
    await signIn(page, ALICE.email);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Leads' }).click();
    await waitForPath(page, '/leads');
    await page.getByRole('heading', { name: 'Feature Locked' }).waitFor();
    await page.getByText(ADDON_MESSAGE, { exact: true }).waitFor();
    const preview = page.getByTestId('locked-preview');
    expect(await preview.getAttribute('inert')).not.toBeNull();
    expect(await preview.getAttribute('aria-hidden')).toBe('true');
    expect(await preview.getAttribute('class')).toContain('blur-sm');
    // Nothing behind the notice is reachable: no search box, no list, and Tab never lands inside it.
    expect(await page.getByRole('searchbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Search' }).count()).toBe(0);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[inert]') === null)).toBe(true);
    }
    // A broker is told to ask their admin, and has no link to the admin pages.
    expect(await page.getByRole('link', { name: 'Go to Account Management' }).count()).toBe(0);
    await screenshotBoth(h, page, 'leads-locked');
    expect(calls).toEqual([]);

    // An admin, who can turn the add-on on, is told where and taken there (not told to 'contact your admin').
    const admin = await h.newPage(MOBILE);
    await signIn(admin, ADAM.email, 'Admin');
    await admin.goto('/leads');
    await admin.getByRole('heading', { name: 'Feature Locked' }).waitFor();
    await admin.getByText(ACCESS_MESSAGES.companyFinderRequiredAdmin, { exact: true }).waitFor();
    expect(await admin.getByText(/contact your admin/).count()).toBe(0);
    await h.screenshot(admin, 'leads-locked-admin-375');
    await admin.getByRole('link', { name: 'Go to Account Management' }).click();
    await waitForPath(admin, '/admin/account');
  });
});
