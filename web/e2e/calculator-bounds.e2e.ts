/**
 * The calculator at its bounds (issue: one number rule for the form, the schema and the columns): the largest
 * figures fit the results card on a phone and on a desktop, and a number the server could not save is refused in
 * the form with a clear message.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate, field, fillInputs, resultsPanel, shownResults } from './calculator-page';
import { DESKTOP, type Harness, MOBILE, startHarness } from './harness';
import { alerts, failOnPageErrors, member, poll, signIn } from './journeys';

const ALICE = member('Alice Broker');
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

describe('the calculator at its bounds', () => {
  it('the largest figures stay inside the results card, one per line, at 375 px and 1440 px', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await h.newPage(viewport);
      await signIn(page, ALICE.email);
      await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
      await fillInputs(page, {
        yourRate: '0.0001',
        competitorRate: '10,000',
        amount: '1,000,000,000',
        tradesPerYear: '100,000',
      });
      await calculate(page);
      const shown = await shownResults(page);
      expect(shown.annualSavings).toBe('£999,999,990,000,000,000.00');
      expect(shown.costWithUs).toBe('£10,000,000,000,000.00');

      // Every figure sits inside the card and no two overlap; no label breaks over two lines.
      const layout = await resultsPanel(page).evaluate((card) => {
        const box = card.getBoundingClientRect();
        const values = [...card.querySelectorAll('dd')].map((el) => el.getBoundingClientRect());
        const labels = [...card.querySelectorAll('dt')].map((el) => {
          const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
          return el.getBoundingClientRect().height / lineHeight;
        });
        const outside = values.filter((r) => r.left < box.left || r.right > box.right || r.bottom > box.bottom);
        let overlaps = 0;
        for (let i = 0; i < values.length; i++) {
          for (let j = i + 1; j < values.length; j++) {
            const [a, b] = [values[i]!, values[j]!];
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps++;
          }
        }
        return { outside: outside.length, overlaps, maxLabelLines: Math.max(...labels) };
      });
      expect(layout).toEqual({ outside: 0, overlaps: 0, maxLabelLines: 1 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await h.screenshot(page, `calculator-results-largest-${viewport.width}`);
      await page.context().close();
    }
  });

  it.each<[string, Record<string, string>, string]>([
    ['more than 6 decimals', { yourRate: '1.123456789' }, 'Your rate can have at most 6 decimal places'],
    ['a rate below 0.0001', { competitorRate: '0.00000001' }, 'Competitor rate must be between 0.0001 and 10,000'],
    ['an amount over £1bn', { amount: '999,999,999,999' }, 'Amount to buy must be between £0.01 and £1,000,000,000'],
    ['a million trades', { tradesPerYear: '1000000' }, 'Trades per year must be between 1 and 100,000'],
  ])('refuses %s in the form, before anything is saved', async (_why, override, message) => {
    const page = await h.newPage(MOBILE);
    await signIn(page, ALICE.email);
    await fillInputs(page, { yourRate: '1.2700', competitorRate: '1.2650', amount: '500,000', tradesPerYear: '52' });
    await fillInputs(page, override);
    await calculate(page);
    await poll(() => alerts(page)).toContain(message);
    expect(await resultsPanel(page).count()).toBe(0);
    expect(await field(page, 'Your Rate').isVisible()).toBe(true);
    await page.context().close();
  });
});
