/**
 * The calculator's Company Finder panel in real Chromium against the real app with the bundled company index
 * loaded: similar companies to the client, paging, Add to List, Reset, and the panel without the add-on. Driven
 * through the UI by labels and roles; the database is written only to switch the Company Finder add-on off.
 */
import type { Locator } from 'playwright-core';
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
    // Which company the name was matched to, with the facts the ranking compares.
    expect(await text(panel.getByTestId('finder-match'))).toBe(
      `Similar to ${CLIENT} · SIC 47.11 · London · 20,000+ staff`,
    );
    const cards = panel.getByRole('listitem');
    expect(await cards.count()).toBe(5);
    await cardsAgreeWithReasons(cards);
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

    // The next page: ten shown, none repeated. The total counts from what was shown before; it may shrink, as the
    // lead just added also leaves out companies whose names contain its name.
    await panel.getByRole('button', { name: 'Find More Similar Companies' }).click();
    const ten = panel.getByRole('heading', { name: /^Similar Companies \(Showing 10 of \d+\)$/ });
    await ten.waitFor();
    const totalNow = Number(/of (\d+)\)/.exec(await text(ten))?.[1]);
    expect(totalNow).toBeGreaterThan(10);
    expect(totalNow).toBeLessThanOrEqual(total);
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

/** Each card's industry names the SIC code its reason cites (the reason may cite a wider level of it). */
async function cardsAgreeWithReasons(cards: Locator): Promise<void> {
  for (const card of await cards.all()) {
    const industry = /\(SIC (\d{5})\)/.exec(await text(card.locator('dd').first()))?.[1];
    const cited = /SIC \w+ ([\d./]+)/.exec(await text(card.locator('blockquote')))?.[1];
    expect(industry, await text(card)).toBeDefined();
    expect(industry?.startsWith(cited?.replace(/[./]/g, '') ?? '-'), await text(card)).toBe(true);
  }
}

describe('the company the client name was matched to', () => {
  it("says 'JCB' was matched to J.C. Bamford, never suggests it, and lets the broker pick another match", async () => {
    const page = await h.newPage();
    await signIn(page, ALICE.email);
    await page.getByLabel('Client Name', { exact: true }).fill('JCB');
    const panel = finder(page);
    await panel.getByRole('button', { name: 'Find Similar Companies to JCB' }).click();
    await panel.getByRole('heading', { name: /^Similar Companies \(Showing 5 of \d+\)$/ }).waitFor();
    const line = panel.getByTestId('finder-match');
    expect(await text(line)).toBe(
      'Similar to J.C. BAMFORD EXCAVATORS LIMITED · SIC 28.92 · West Midlands · 1,000–4,999 staff',
    );
    const names = () => panel.getByRole('heading', { level: 4 }).allInnerTexts();
    expect(await names()).not.toContain('J.C. BAMFORD EXCAVATORS LIMITED');
    await cardsAgreeWithReasons(panel.getByRole('listitem'));

    // The name may mean another JCB company: pick it from the labelled list and rank around it instead.
    const select = panel.getByLabel('Not the right company? Match ‘JCB’ to');
    const options = await select.locator('option').allInnerTexts();
    expect(options[0]).toBe('J.C. BAMFORD EXCAVATORS LIMITED · SIC 28.92 · West Midlands · 1,000–4,999 staff');
    const cab = options.find((o) => o.startsWith('JCB CAB SYSTEMS LIMITED'));
    expect(cab).toBeDefined();
    const use = panel.getByRole('button', { name: 'Use this company' });
    expect(await use.isDisabled()).toBe(true);
    await screenshotBoth(h, page, 'finder-match');
    await select.selectOption({ label: cab ?? '' });
    await use.click();
    await poll(() => text(line)).toBe('Similar to JCB CAB SYSTEMS LIMITED · SIC 28.92 · West Midlands · 500–999 staff');
    // A fresh first page for the new match. Neither it nor J.C. Bamford, which 'JCB' spells out as much, is
    // among the client's peers.
    await panel.getByRole('heading', { name: /^Similar Companies \(Showing 5 of \d+\)$/ }).waitFor();
    expect(await names()).not.toContain('JCB CAB SYSTEMS LIMITED');
    expect(await names()).not.toContain('J.C. BAMFORD EXCAVATORS LIMITED');
    await cardsAgreeWithReasons(panel.getByRole('listitem'));
    expect(await select.inputValue()).toBe('01224998'); // JCB CAB SYSTEMS LIMITED's company number
    await screenshotBoth(h, page, 'finder-match-picked');
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
