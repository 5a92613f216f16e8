/**
 * The admin dashboard's layout (issue 31 §6, the walkthrough's polish list): at 1440 px the desk's cards fill two
 * balanced columns, with no ~1,000 px blank beside the tall margin policy; at 375 px every headline figure (the plan's
 * cards and the team's totals) stays on one line, never wrapped in the middle of a number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoActivity } from '../../core/src/services/demo/activity';
import { DESKTOP, type Harness, MOBILE, startHarness } from './harness';
import { failOnPageErrors, member, poll, screenshotBoth, seriousViolations, signIn, text } from './journeys';

const ADAM = member('Adam Admin');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await seedDemoActivity(h.t.db);
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

describe("the admin dashboard's layout", () => {
  it('fills two balanced columns at 1440 px and keeps each headline figure on one line at 375 px', async () => {
    const admin = await h.newPage(DESKTOP);
    await signIn(admin, ADAM.email, 'Admin');
    await admin.getByRole('heading', { name: 'Margin policy' }).waitFor();
    await admin.getByRole('heading', { name: 'Team members' }).waitFor();
    await admin.getByRole('radio', { name: 'Last quarter' }).dispatchEvent('click');
    await poll(async () => Number(await text(admin.getByTestId('total-Calculations')))).toBeGreaterThan(90);
    await admin.getByTestId('data-status').getByText('GBP/USD', { exact: true }).first().waitFor();

    // Each column's blank under its last card, in px: at most one short card's height, not a column of nothing.
    const blanks = () =>
      admin.getByTestId('desk-cards').evaluate((box) => {
        const bottom = box.getBoundingClientRect().bottom;
        const columns = new Map<number, number>();
        for (const card of box.children) {
          const r = card.getBoundingClientRect();
          if (r.height === 0) continue;
          columns.set(Math.round(r.left), Math.max(columns.get(Math.round(r.left)) ?? 0, r.bottom));
        }
        return { columns: columns.size, blanks: [...columns.values()].map((b) => Math.round(bottom - b)) };
      });
    const desktop = await blanks();
    expect(desktop.columns).toBe(2);
    expect(Math.max(...desktop.blanks)).toBeLessThan(400);
    expect(await seriousViolations(admin)).toEqual([]);

    // At 375 px: one column, and no headline figure breaks over two lines.
    await admin.setViewportSize(MOBILE);
    await poll(async () => (await blanks()).columns).toBe(1);
    const wrapped = await admin.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid^="stat-"], [data-testid^="total-"]')]
        .filter((el) => el.getBoundingClientRect().height > 1.5 * Number.parseFloat(getComputedStyle(el).lineHeight))
        .map((el) => `${el.dataset.testid}: ${el.textContent}`),
    );
    expect(wrapped).toEqual([]);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshotBoth(h, admin, 'admin-dashboard-layout');
    await admin.context().close();
  });
});
