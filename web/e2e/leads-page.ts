/**
 * My Leads and the calculator's Company Finder panel as the browser tests drive them, and the set-up both test
 * files share: the bundled company index with a real client in it, and the Company Finder add-on switch.
 */
import type { Locator, Page } from 'playwright-core';
import { loadCompanyIndex } from '../../core/src/services/uk-companies/load/load-index';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import { fillInputs } from './calculator-page';
import type { Harness } from './harness';
import { text, waitForPath } from './journeys';

export const ADDON_MESSAGE =
  'This feature requires the Company Finder add-on. Please contact your admin to enable this feature.';

/**
 * Loads the bundled company index and returns the client the tests use: a real company in it (SIC 47110, London),
 * so the finder has neighbours to offer.
 */
export async function loadIndexWithClient(h: Harness): Promise<string> {
  await loadCompanyIndex(h.t.pool);
  const row = await h.t.db
    .selectFrom('company_index')
    .select('name')
    .where('company_number', '=', '03261722')
    .executeTakeFirstOrThrow();
  return row.name;
}

/** Switches the demo company's Company Finder add-on on or off. */
export async function setCompanyFinder(h: Harness, enabled: boolean): Promise<void> {
  await h.t.db
    .updateTable('companies')
    .set({ company_finder_enabled: enabled })
    .where('name', '=', DEMO_COMPANY)
    .execute();
}

export function finder(page: Page): Locator {
  return page.getByRole('region', { name: 'Company Finder' });
}

export function leadsList(page: Page): Locator {
  return page.getByRole('list', { name: 'Leads' });
}

/** A lead's row, found by the exact name on its button. */
export function leadRow(page: Page, name: string): Locator {
  return leadsList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** One of My Leads' counters (total, contacted, notContacted, fromCalculator, fromSearch). */
export async function stat(page: Page, key: string): Promise<number> {
  return Number((await text(page.getByTestId(`stat-${key}`))).replace(/,/g, ''));
}

export async function openLeads(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Leads' }).click();
  await waitForPath(page, '/leads');
  await page.getByRole('heading', { level: 1, name: 'My Leads' }).waitFor();
}

/** The spec's worked example on the calculator, for this client. */
export async function fillCalculator(page: Page, client: string): Promise<void> {
  await fillInputs(page, {
    yourRate: '1.2700',
    competitorRate: '1.2650',
    amount: '500000',
    tradesPerYear: '52',
    clientName: client,
  });
}

/** The member's lead of this name as stored. */
export async function leadInDb(h: Harness, email: string, name: string) {
  return h.t.db
    .selectFrom('user_leads')
    .innerJoin('user_profiles', 'user_profiles.id', 'user_leads.user_id')
    .select(['user_leads.contacted', 'user_leads.source', 'user_leads.industry', 'user_leads.company_number'])
    .where('user_profiles.email', '=', email)
    .where('user_leads.custom_name', '=', name)
    .executeTakeFirst();
}
