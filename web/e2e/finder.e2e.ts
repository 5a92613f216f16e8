/**
 * The calculator's Company Finder panel in real Chromium against the real app with the bundled company index
 * loaded: similar companies to the client, paging, Add to List, Reset, and the panel without the add-on. Driven
 * through the UI by labels and roles; the database is written only to switch the Company Finder add-on off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSaves } from './calculator-page';
import { type Harness, startHarness } from './harness';
import {
  failOnPageErrors,
  hasAlert,
  hasNotice,
  member,
  nextPaint,
  notices,
  poll,
  screenshotBoth,
  signIn,
  text,
} from './journeys';
import {
  ADDON_MESSAGE,
  fillCalculator,
  finder,
  leadInDb,
  leadRow,
  loadIndexWithClient,
  openLeads,
  setCompanyFinder,
  stat,
} from './leads-page';

let h: Harness;
/** The client: a real company in the index, so the finder has neighbours to offer. */
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

describe('Company Finder panel (add-on enabled)', () => {
  it('finds similar companies to the client, pages on, adds one to the list; Reset Calculator clears it', async () => {
    const page = await h.newPage();
    await signIn(page, ALICE.email);
    // No client name: no panel. Only spaces: the panel asks for a name.
    expect(await finder(page).count()).toBe(0);
    await page.getByLabel('Client Name', { exact: true }).fill('   ');
    await finder(page).getByRole('button', { name: 'Find Similar Companies to' }).click();
    await hasAlert(page, 'Please enter a client name first');

    // A name nothing resembles: the first search finds nothing.
    await page.getByLabel('Client Name', { exact: true }).fill('Qzxv Wqpj');
    await finder(page).getByRole('button', { name: 'Find Similar Companies to Qzxv Wqpj' }).click();
    await hasNotice(page, 'No similar companies found. Try a different company name.');

    await page.getByLabel('Client Name', { exact: true }).fill(CLIENT);
    const panel = finder(page);
    await panel.getByRole('button', { name: `Find Similar Companies to ${CLIENT}` }).click();
    const heading = panel.getByRole('heading', { name: /^Similar Companies \(Showing 5 of \d+\)$/ });
    await heading.waitFor();
    const total = Number(/of (\d+)\)/.exec(await text(heading))?.[1]);
    expect(total).toBeGreaterThan(5);
    const cards = panel.getByRole('listitem');
    expect(await cards.count()).toBe(5);
    const first = cards.first();
    const similarAdded = await text(first.getByRole('heading', { level: 4 }));
    expect(await text(first.locator('blockquote'))).toMatch(/Same SIC class 47\.11/);

    await first.getByRole('button', { name: 'Add to List' }).click();
    const added = first.getByRole('button', { name: '✓ Added' });
    await added.waitFor();
    expect(await added.isDisabled()).toBe(true);
    await hasNotice(page, `Added ${similarAdded} to your list`);
    expect(await leadInDb(h, ALICE.email, similarAdded)).toMatchObject({ contacted: false, source: 'similar_results' });
    expect((await leadInDb(h, ALICE.email, similarAdded))?.industry).toBeTruthy();

    // The next page: ten shown, none repeated, the total still counts from what was shown before.
    await panel.getByRole('button', { name: 'Find More Similar Companies' }).click();
    await panel.getByRole('heading', { name: `Similar Companies (Showing 10 of ${total})` }).waitFor();
    const names = await panel.getByRole('heading', { level: 4 }).allInnerTexts();
    expect(new Set(names).size).toBe(10);
    await screenshotBoth(h, page, 'finder-panel');

    // Reset Calculator: fields, list and counters go; the same name starts a fresh search.
    await page.getByRole('button', { name: 'Reset Calculator' }).click();
    expect(await finder(page).count()).toBe(0);
    await page.getByLabel('Client Name', { exact: true }).fill(CLIENT);
    await finder(page)
      .getByRole('button', { name: `Find Similar Companies to ${CLIENT}` })
      .waitFor();
    expect(await finder(page).getByRole('listitem').count()).toBe(0);

    await openLeads(page);
    const row = leadRow(page, similarAdded);
    await row.waitFor();
    expect(await text(row)).toContain('Not Contacted');
    expect(await text(row)).toContain('Similar Companies');
    expect(await stat(page, 'fromSearch')).toBe(1);
    // Its details: no calculations yet.
    await row.getByRole('button', { name: similarAdded, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: similarAdded });
    await dialog.getByText('No calculations yet', { exact: true }).waitFor();
    await dialog.getByText('This company has been added but no calculations have been performed.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await poll(() => dialog.count()).toBe(0);
  });
});

describe('without the Company Finder add-on', () => {
  afterAll(async () => {
    await setCompanyFinder(h, true);
  });

  it('says the finder is not available without calling it, and a Calculate still works without the lead message', async () => {
    await setCompanyFinder(h, false);
    const page = await h.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/trpc\/.*(leads\.|finder\.)/.test(r.url())) calls.push(r.url());
    });
    await signIn(page, ALICE.email);
    await page.getByLabel('Client Name', { exact: true }).fill(CLIENT);
    const panel = finder(page);
    await panel.getByText('Company Finder Not Available', { exact: true }).waitFor();
    await panel.getByText(ADDON_MESSAGE, { exact: true }).waitFor();
    expect(await panel.getByRole('button').count()).toBe(0);
    // A Calculate still works, without the lead message.
    const saves = countSaves(page);
    await fillCalculator(page, CLIENT);
    await page.getByRole('button', { name: 'Calculate Savings' }).click();
    await page.getByTestId('result-price-difference').waitFor();
    // Once the save is answered (and the page has painted it), a lead message would be showing.
    await poll(() => saves.answered()).toBe(1);
    await nextPaint(page);
    expect((await notices(page)).some((t) => t.includes('to your list'))).toBe(false);
    await screenshotBoth(h, page, 'finder-not-available');
    expect(calls).toEqual([]);
  });
});
