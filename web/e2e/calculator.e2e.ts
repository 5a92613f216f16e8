/**
 * The calculator in real Chromium against the real app (spec §2 Calculator, §4, §5, §9; design.md §3): the
 * worked example end to end, margin pips, colours, validation, Enter to calculate, one Calculate = one saved
 * calculation and one activity entry, results clearing, Reset, the live rate (pushed by `pg_notify` on
 * fx_quotes exactly as the worker does: calculator-live.e2e.ts), the comparison date and the client-name tips.
 */

import { describe, expect, it } from 'vitest';
import { calculatorTestApp } from './calculator-app';
import {
  calculate,
  chooseMargin,
  countSaves,
  field,
  fillInputs,
  marginRadio,
  RESULT_IDS,
  REVERSED,
  resultsPanel,
  resultsShowing,
  shownResults,
  textRgb,
  WORKED_EXAMPLE,
  WORKED_INPUTS,
} from './calculator-page';
import { DESKTOP, MOBILE } from './harness';
import { poll } from './journeys';

const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

const calc = calculatorTestApp();
const { calculatorPage, savedCounts } = calc;

describe('Calculator', () => {
  it('the worked example: every figure, green for an advantage, saved once', async () => {
    const { h } = calc;
    const before = await savedCounts();
    const page = await calculatorPage();
    await fillInputs(page, WORKED_INPUTS);
    expect(await marginRadio(page, 'None').isChecked()).toBe(true);
    await calculate(page);
    const shown = await shownResults(page);
    expect(shown).toEqual({ ...WORKED_EXAMPLE, outcome: 'advantage' });
    await resultsPanel(page).getByText('You save the client money').waitFor();
    // Green, not red: the figures carry the advantage colour.
    const [r, g] = await textRgb(page.getByTestId(RESULT_IDS.annualSavings));
    expect(g).toBeGreaterThan(r + 40);

    await poll(savedCounts).toEqual({
      calculations: before.calculations + 1,
      activities: before.activities + 1,
    });
    const row = await h.t.db
      .selectFrom('activity_logs')
      .select(['annual_savings', 'savings_per_trade', 'price_difference', 'pips_difference', 'payment_amount'])
      .where('user_id', '=', calc.aliceId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.payment_amount)).toBe(0);
    expect(Number(row.annual_savings)).toBe(80918.74);
    expect(Number(row.savings_per_trade)).toBe(1556.13);
    expect(Number(row.price_difference)).toBe(-0.005);
    expect(Number(row.pips_difference)).toBe(50);
    const saved = await h.t.db
      .selectFrom('calculations')
      .select(['live_rate', 'rate_source'])
      .where('user_id', '=', calc.aliceId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(saved.rate_source).toBe('feed');
    expect(Number(saved.live_rate)).toBeGreaterThan(1);
    await page.context().close();
  });

  it('margin pips are added to your rate: 1.2630 + 20 pips compares as 1.2650, and the field keeps 1.2630', async () => {
    const page = await calculatorPage();
    const saves = countSaves(page);
    await fillInputs(page, { yourRate: '1.2650', competitorRate: '1.2700', amount: '500000', tradesPerYear: '52' });
    await calculate(page);
    expect(await shownResults(page)).toEqual({ ...REVERSED, outcome: 'disadvantage' });

    await fillInputs(page, { yourRate: '1.2630' });
    await chooseMargin(page, '20');
    await calculate(page);
    expect(await shownResults(page)).toEqual({ ...REVERSED, outcome: 'disadvantage' });
    expect(await field(page, 'Your Rate').inputValue()).toBe('1.2630');

    // Against a competitor at 1.2650, 1.2630 + 20 pips is the same rate: neutral.
    await fillInputs(page, { competitorRate: '1.2650' });
    await calculate(page);
    const equal = await shownResults(page);
    expect(equal).toMatchObject({ priceDifference: '0.0000', pips: '0.0', savingsPerTrade: '£0.00' });
    expect(equal.outcome).toBe('neutral');
    await poll(() => saves.answered()).toBe(3);
    await page.context().close();
  });

  it('reversed rates show red; equal rates are neutral, never red', async () => {
    const page = await calculatorPage();
    const saves = countSaves(page);
    await fillInputs(page, { yourRate: '1.2650', competitorRate: '1.2700', amount: '500,000', tradesPerYear: '52' });
    await calculate(page);
    expect(await shownResults(page)).toEqual({ ...REVERSED, outcome: 'disadvantage' });
    await resultsPanel(page).getByText('The competitor is cheaper').waitFor();
    const [r, g] = await textRgb(page.getByTestId(RESULT_IDS.annualSavings));
    expect(r).toBeGreaterThan(g + 40);

    await fillInputs(page, { yourRate: '1.2700' });
    await calculate(page);
    const equal = await shownResults(page);
    expect(equal).toEqual({
      priceDifference: '0.0000',
      pips: '0.0',
      costWithCompetitor: '£393,700.79',
      costWithUs: '£393,700.79',
      savingsPerTrade: '£0.00',
      annualSavings: '£0.00',
      percentageSavings: '0.00%',
      outcome: 'neutral',
    });
    await resultsPanel(page).getByText('Same cost either way').waitFor();
    const [nr, ng, nb] = await textRgb(page.getByTestId(RESULT_IDS.annualSavings));
    expect(nr).toBeLessThanOrEqual(Math.max(ng, nb)); // slate, not red
    // Both saves answered before the page goes: a save still running would land in the next test's counts.
    await poll(() => saves.answered()).toBe(2);
    await page.context().close();
  });

  it("validation: an empty or zero field gives 'Please fill in all fields' and saves nothing; trades '12.7' count as 12", async () => {
    const { h } = calc;
    const before = await savedCounts();
    const page = await calculatorPage();
    await fillInputs(page, { yourRate: '1.2700', competitorRate: '1.2650', tradesPerYear: '52' });
    await calculate(page);
    await page.getByRole('alert').filter({ hasText: FILL_IN_ALL_FIELDS }).waitFor();
    expect(await resultsShowing(page)).toBe(false);

    // Typing clears the message along with any results; a zero is as good as empty.
    await fillInputs(page, { amount: '0' });
    expect(await page.getByRole('alert').filter({ hasText: FILL_IN_ALL_FIELDS }).count()).toBe(0);
    await calculate(page);
    await page.getByRole('alert').filter({ hasText: FILL_IN_ALL_FIELDS }).waitFor();
    expect(await resultsShowing(page)).toBe(false);

    await fillInputs(page, { amount: '500000', competitorRate: '0.0000' });
    await calculate(page);
    await page.getByRole('alert').filter({ hasText: FILL_IN_ALL_FIELDS }).waitFor();
    expect(await resultsShowing(page)).toBe(false);

    await fillInputs(page, { competitorRate: '1.2650', tradesPerYear: '12.7' });
    await calculate(page);
    expect(await shownResults(page)).toEqual({
      ...WORKED_EXAMPLE,
      annualSavings: '£18,673.56', // unrounded £1,556.1296 × 12
      outcome: 'advantage',
    });
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await field(page, 'Trades Per Year').inputValue()).toBe('12.7');
    // Only the valid Calculate was saved, with 12 trades.
    await poll(savedCounts).toEqual({ calculations: before.calculations + 1, activities: before.activities + 1 });
    const row = await h.t.db
      .selectFrom('activity_logs')
      .select(['trades_per_year', 'annual_savings'])
      .where('user_id', '=', calc.aliceId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.trades_per_year)).toBe(12);
    expect(Number(row.annual_savings)).toBe(18673.56);
    await page.context().close();
  });

  it('Enter calculates; Enter twice saves ONE calculation and ONE activity entry; a change clears and saves anew', async () => {
    const { h } = calc;
    const before = await savedCounts();
    const page = await calculatorPage();
    const saves = countSaves(page);
    await fillInputs(page, { ...WORKED_INPUTS, clientName: 'Enter Twice Ltd' });
    await field(page, 'Trades Per Year').press('Enter');
    expect(await shownResults(page)).toEqual({ ...WORKED_EXAMPLE, outcome: 'advantage' });
    await field(page, 'Trades Per Year').press('Enter');
    // Both presses reached the server (the second one repeats the first's id) ...
    await poll(() => saves.answered()).toBe(2);
    // ... and exactly one calculation and one activity entry were stored.
    expect(await savedCounts()).toEqual({ calculations: before.calculations + 1, activities: before.activities + 1 });
    const stored = await h.t.db
      .selectFrom('activity_logs')
      .select(['client_name'])
      .where('user_id', '=', calc.aliceId)
      .where('client_name', '=', 'Enter Twice Ltd')
      .execute();
    expect(stored).toHaveLength(1);

    // Any change clears the results: a text field ...
    await fillInputs(page, { tradesPerYear: '50' });
    expect(await resultsShowing(page)).toBe(false);
    await page
      .getByText('Enter the rates, amount and trades per year, then press Calculate Savings (or Enter).')
      .waitFor();
    // Calculate after the change (Enter in another text field): a second saved calculation.
    await field(page, 'Your Rate').press('Enter');
    await resultsPanel(page).waitFor();
    await poll(savedCounts).toEqual({ calculations: before.calculations + 2, activities: before.activities + 2 });
    // ... or the margin clears them too.
    await chooseMargin(page, '10');
    expect(await resultsShowing(page)).toBe(false);
    await chooseMargin(page, 'None');

    // The Calculate after that is saved as well (a third): every change starts a new Calculate.
    await field(page, 'Your Rate').press('Enter');
    const changed = await shownResults(page);
    expect(changed.annualSavings).toBe('£77,806.48'); // unrounded £1,556.1296 × 50
    await poll(() => saves.answered()).toBe(4);
    await poll(savedCounts).toEqual({ calculations: before.calculations + 3, activities: before.activities + 3 });
    await page.context().close();
  });

  it('Reset Calculator clears the inputs, the results and the margin (back to None)', async () => {
    const page = await calculatorPage();
    await fillInputs(page, { ...WORKED_INPUTS, clientName: 'Reset Me plc' });
    await chooseMargin(page, '30');
    await calculate(page);
    await resultsPanel(page).waitFor();
    await page.getByRole('button', { name: 'Reset Calculator' }).click();
    for (const label of ['Your Rate', 'Competitor Rate', 'Client Name', 'Amount to Buy', 'Trades Per Year']) {
      expect(await field(page, label).inputValue(), label).toBe('');
    }
    expect(await resultsShowing(page)).toBe(false);
    expect(await marginRadio(page, 'None').isChecked()).toBe(true);
    expect(await marginRadio(page, '30').isChecked()).toBe(false);
    expect(await field(page, 'Currency Pair').inputValue()).toBe('GBPUSD');
    // The Company Finder panel goes with the client name.
    expect(await page.getByText(/Find Similar Companies/).count()).toBe(0);
    await page.context().close();
  });

  it('Comparison Date shows today in en-US format (M/D/YYYY, London) and is read-only', async () => {
    const page = await calculatorPage();
    const date = field(page, 'Comparison Date');
    const today = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/London' }).format(new Date());
    expect(today).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    expect(await date.inputValue()).toBe(today);
    expect(await date.getAttribute('readonly')).not.toBeNull();
    await page.context().close();
  });

  it('the Client Name search tips are reachable from the keyboard', async () => {
    const page = await calculatorPage();
    const tip = page.getByRole('tooltip');
    expect(await tip.isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Name search tips' });
    await button.focus();
    await tip.waitFor({ state: 'visible' });
    expect(await tip.textContent()).toMatch(/^Search tips:/);
    expect(await button.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
    // Tab on to the Client Name input: the tip hides once focus leaves the button.
    await page.keyboard.press('Tab');
    await poll(() => field(page, 'Client Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await poll(() => tip.isVisible()).toBe(false);
    await page.context().close();
  });

  it('screenshots of the results at 375 px and 1440 px', async () => {
    const { h } = calc;
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await calculatorPage(viewport);
      await fillInputs(page, { ...WORKED_INPUTS, clientName: 'Acme Widgets Ltd' });
      await chooseMargin(page, 'None');
      await calculate(page);
      expect(await shownResults(page)).toEqual({ ...WORKED_EXAMPLE, outcome: 'advantage' });
      // Nothing sticks out sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await h.screenshot(page, `calculator-results-${viewport.width}`);
      await page.context().close();
    }
  });
});
