/**
 * axe-core on every signed-in page of the product (issue 13 Tests): the calculator with results and the history
 * modal open, My Leads, every admin page and the owner's seats page, checkout and the pages reached from e-mails.
 * No serious or critical violation anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate, fillInputs, resultsPanel, WORKED_INPUTS } from './calculator-page';
import { type Harness, startHarness } from './harness';
import { failOnPageErrors, member, seriousViolations, signIn, userIdOf } from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

describe('accessibility of the signed-in product', () => {
  it('the calculator with results, and with the history modal open; My Leads', async () => {
    const page = await h.newPage();
    await signIn(page, member('Alice Broker').email);
    await fillInputs(page, { ...WORKED_INPUTS, clientName: 'Axe Widgets Ltd' });
    await calculate(page);
    await resultsPanel(page).getByText('£80,918.74').first().waitFor();
    expect(await seriousViolations(page), 'calculator').toEqual([]);
    await page.getByRole('button', { name: 'Historical Rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Historical Exchange Rates' });
    // The harness has no market data: the modal shows its no-data state, with every control of the chart.
    await dialog
      .getByText(/Click to select rate|No historical data/)
      .first()
      .waitFor();
    expect(await seriousViolations(page), 'history modal').toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/leads');
    await page.getByRole('heading', { name: 'My Leads' }).waitFor();
    await page.getByText('Axe Widgets Ltd').first().waitFor();
    expect(await seriousViolations(page), 'leads').toEqual([]);
  });

  it('every admin page', async () => {
    const page = await h.newPage();
    await signIn(page, member('Adam Admin').email, 'Admin');
    const alice = await userIdOf(h, member('Alice Broker').email);
    for (const [path, heading] of [
      ['/admin', 'Admin Dashboard'],
      ['/admin/account', 'Account Management'],
      ['/admin/invite', 'Invite Team Members'],
      [`/admin/user/${alice}`, 'Alice Broker'],
      ['/admin/salesforce-settings', 'Salesforce Integration'],
      ['/checkout', 'Checkout'],
      ['/email-preview', 'Email previews'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Export Activity' }).click();
    await page.getByRole('dialog', { name: 'Export Activity' }).waitFor();
    expect(await seriousViolations(page), 'export modal').toEqual([]);
  });

  it('the owner’s seats page, and pages reached from e-mails and sign-up', async () => {
    const page = await h.newPage();
    await signIn(page, member('Olivia Owner').email, 'Admin');
    await page.goto('/admin/seats');
    await page.getByRole('heading', { name: 'Seat Management', exact: true }).waitFor();
    expect(await seriousViolations(page), '/admin/seats').toEqual([]);
    const visitor = await h.newPage();
    for (const path of ['/signup', '/signup/confirm', '/join', '/reset-password']) {
      await visitor.goto(path);
      await visitor.getByRole('heading').first().waitFor();
      await visitor.waitForLoadState('networkidle');
      expect(await seriousViolations(visitor), path).toEqual([]);
    }
  });
});
