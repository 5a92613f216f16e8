/**
 * The demo company an evaluator signs in to (issue 22 §5): three months of pitches built through the services
 * (seed/demo-activity.ts, as `pnpm start` runs it), so the dashboard, a broker's activity and My Leads show work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoActivity } from '../../core/src/services/demo/activity';
import { DESKTOP, type Harness, MOBILE, startHarness } from './harness';
import { failOnPageErrors, member, poll, screenshotBoth, seriousViolations, signIn, text } from './journeys';

const ADAM = member('Adam Admin');
const ALICE = member('Alice Broker');

let h: Harness;
let pitches = 0;
beforeAll(async () => {
  h = await startHarness();
  pitches = await seedDemoActivity(h.t.db);
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

describe('the demo company', () => {
  it("the admin's dashboard shows the last quarter's work, at 375 and 1440 px", async () => {
    expect(pitches).toBeGreaterThan(90);
    const admin = await h.newPage(MOBILE);
    await signIn(admin, ADAM.email, 'Admin');
    await admin.getByRole('radio', { name: 'Last quarter' }).dispatchEvent('click'); // a visually hidden input: clicked where it is, never scrolled to
    await poll(async () => Number(await text(admin.getByTestId('total-Calculations')))).toBeGreaterThan(90);
    expect(await text(admin.getByTestId('total-Savings pitched'))).toMatch(/^£[1-9][\d,]+$/);
    expect(Number(await text(admin.getByTestId('total-Competitor cheaper')))).toBeGreaterThan(0);
    const brokers = admin.getByRole('table', { name: 'Activity per broker' });
    for (const name of ['Alice Broker', 'Ben Broker', 'Chloe Broker']) {
      expect(await text(brokers.getByRole('row').filter({ hasText: name }))).toMatch(/£[1-9]/);
    }
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshotBoth(h, admin, 'demo-dashboard');

    // A broker's activity for the month shows the companies pitched.
    await brokers.getByRole('link', { name: 'View Activity of Alice Broker' }).click();
    await admin.getByRole('heading', { name: 'Companies pitched' }).waitFor();
    await admin.getByText('Monthly', { exact: true }).click();
    await poll(() => new URL(admin.url()).searchParams.get('view')).toBe('monthly');
    await poll(() => admin.getByRole('listitem').filter({ hasText: 'Annual Savings' }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshotBoth(h, admin, 'demo-user-activity');
    await admin.context().close();
  });

  it("a broker's My Leads holds the clients pitched", async () => {
    const page = await h.newPage(DESKTOP);
    await signIn(page, ALICE.email);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Leads' }).click();
    await page.getByText('Harbour Imports Ltd').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotBoth(h, page, 'demo-leads');
    await page.context().close();
  });
});
