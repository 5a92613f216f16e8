/**
 * Figures a prospect can trust (issue 22 §1–2) in real Chromium: each pair's amount labelled with the currency
 * bought and its costs with the currency sold (GBP/USD, GBP/EUR, EUR/USD), a new pair starting without the old
 * pair's rates, an off-market competitor rate needing 'Use this rate anyway' and then kept out of the dashboard's
 * totals, and the dashboard's figures whole at 375 px.
 */
import { formatGBP } from '@pippitch/shared/format';
import { londonDateOf, londonDayBoundsUtc } from '@pippitch/shared/time';
import { OFF_MARKET_CONFIRM_NEEDED } from '@pippitch/shared/totals';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calculate,
  chooseMargin,
  field,
  fillInputs,
  holdQuote,
  marginRadio,
  quoteNotifier,
  resultsPanel,
} from './calculator-page';
import { DESKTOP, type Harness, MOBILE, startHarness } from './harness';
import { failOnPageErrors, member, poll, screenshotBoth, seriousViolations, signIn, text, userIdOf } from './journeys';
import { leadRow, openLeads } from './leads-page';

const ALICE = member('Alice Broker');
const ADMIN = member('Adam Admin');

let h: Harness;
const notifyQuote = quoteNotifier(() => h);

beforeAll(async () => {
  h = await startHarness();
  // Today's GBP/USD minutes 1.26–1.28 (as web/e2e/evidence.e2e.ts), so 1.1600 is outside the day's range.
  const { start } = londonDayBoundsUtc(londonDateOf(new Date()));
  await sql`
    INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
    SELECT 'GBPUSD', t, c, c, c, c, 'ecb_sim'
    FROM generate_series(${start}::timestamptz, date_trunc('minute', now()) - interval '1 minute', interval '1 minute') t,
    LATERAL (SELECT CASE WHEN t = ${start}::timestamptz THEN 1.26 WHEN t = ${start}::timestamptz + interval '1 minute'
      THEN 1.28 ELSE 1.27 + 0.005 * sin(extract(epoch FROM t) / 60.0) END AS c) v
    ON CONFLICT DO NOTHING`.execute(h.t.db);
  await sql`SELECT fx_refresh_rollups('GBPUSD', ${start}::timestamptz, now())`.execute(h.t.db);
  await holdQuote(h, notifyQuote, 1.2712);
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

function fact(scope: Locator, label: string): Locator {
  return scope.locator(`dt:text-is("${label}") + dd`).first();
}

async function calculatorPage(viewport = DESKTOP): Promise<Page> {
  const page = await h.newPage(viewport);
  await signIn(page, ALICE.email);
  await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
  return page;
}

describe('each pair in its own currencies', () => {
  it('GBP/USD, GBP/EUR and EUR/USD: the amount in the currency bought, the costs in the currency sold', async () => {
    const page = await calculatorPage();
    const cases = [
      {
        pair: 'GBPUSD',
        bought: 'USD',
        symbol: '£',
        sold: 'GBP',
        your: '1.2700',
        comp: '1.2650',
        client: 'Dollar Buyer Ltd',
      },
      {
        pair: 'GBPEUR',
        bought: 'EUR',
        symbol: '£',
        sold: 'GBP',
        your: '1.1700',
        comp: '1.1650',
        client: 'Euro Buyer Ltd',
      },
      {
        pair: 'EURUSD',
        bought: 'USD',
        symbol: '€',
        sold: 'EUR',
        your: '1.1650',
        comp: '1.1600',
        client: 'Euro Seller SA',
      },
    ] as const;
    for (const c of cases) {
      await page.getByLabel('Currency Pair', { exact: true }).selectOption(c.pair);
      await page.getByLabel(`Amount to Buy (${c.bought})`, { exact: true }).waitFor();
      // The rates were the old pair's: a new pair starts without them.
      expect(await field(page, 'Your Rate').inputValue()).toBe('');
      expect(await field(page, 'Competitor Rate').inputValue()).toBe('');
      await fillInputs(page, {
        yourRate: c.your,
        competitorRate: c.comp,
        amount: '500000',
        tradesPerYear: '52',
        clientName: c.client,
      });
      if (c.pair === 'GBPUSD') {
        // Today's GBP/USD range is 1.26–1.28: 1.2650 is inside it.
        await poll(() => text(page.getByTestId('range-check'))).toMatch(/^Within/);
      }
      await calculate(page);
      await resultsPanel(page).waitFor();
      for (const id of ['result-cost-with-us', 'result-cost-with-competitor', 'result-annual-savings']) {
        expect(await text(page.getByTestId(id)), `${c.pair} ${id}`).toMatch(new RegExp(`^\\${c.symbol}\\d`));
      }
      expect(await text(page.getByTestId('results-currency'))).toContain(`Costs and savings in ${c.sold}`);
      await screenshotBoth(h, page, `calculator-currencies-${c.pair}`);
    }
    // The chosen margin stands out (issue 22: the selected chip had low contrast): a dark chip with white text.
    await chooseMargin(page, '10');
    const colours = await marginRadio(page, '10').evaluate((input) => {
      const label = input.closest('label') as HTMLElement;
      const style = getComputedStyle(label);
      return { background: style.backgroundColor, color: style.color };
    });
    expect(colours.color).toBe('rgb(255, 255, 255)');
    const [r = 255, g = 255, b = 255] = (colours.background.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b).toBeLessThan(300);
    expect(await seriousViolations(page)).toEqual([]);

    // Calculation Details (My Leads): each pitch's amount labelled with the currency bought, costs with the sold one.
    await poll(() =>
      h.t.db
        .selectFrom('calculations')
        .select('id')
        .where(
          'client_name',
          'in',
          cases.map((c) => c.client),
        )
        .execute(),
    ).toHaveLength(3);
    await openLeads(page);
    for (const c of cases) {
      await leadRow(page, c.client).getByRole('button', { name: c.client, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: c.client });
      await dialog.getByRole('heading', { name: 'Calculation Details (1)' }).waitFor();
      expect(await text(fact(dialog, `Amt to Buy (${c.bought})`))).toBe('500,000');
      expect(await text(fact(dialog, 'Cost w/ Us'))).toMatch(new RegExp(`^\\${c.symbol}\\d`));
      expect(await text(fact(dialog, 'Annual Savings'))).toMatch(new RegExp(`^\\${c.symbol}\\d`));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.context().close();

    // The admin's view of the broker's day: the EUR/USD pitch also in pounds, at the mid it was converted with.
    const admin = await h.newPage(DESKTOP);
    await signIn(admin, ADMIN.email, 'Admin');
    await admin.goto(`/admin/user/${await userIdOf(h, ALICE.email)}`);
    const euro = admin.getByRole('listitem').filter({ hasText: 'Euro Seller SA' });
    await euro.waitFor();
    expect(await text(fact(euro, 'Cost w/ Us'))).toMatch(/^€/);
    expect(await text(fact(euro, 'Annual Savings (GBP)'))).toMatch(/^£\d/);
    const companies = await text(admin.getByRole('table'));
    expect(companies).toContain('Savings pitched (GBP)');
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshotBoth(h, admin, 'user-activity-currencies');
    await admin.context().close();
  });
});

describe('an off-market competitor rate', () => {
  it('needs "Use this rate anyway", is saved flagged, and stays out of the dashboard totals', async () => {
    const page = await calculatorPage(MOBILE);
    await fillInputs(page, {
      yourRate: '1.2700',
      competitorRate: '1.1600',
      amount: '500000',
      tradesPerYear: '52',
      clientName: 'Typo Trading Ltd',
    });
    await poll(() => text(page.getByTestId('range-check'))).toMatch(/^Outside the day's range/);
    await calculate(page);
    await page.getByRole('alert').getByText(OFF_MARKET_CONFIRM_NEEDED).waitFor();
    expect(await resultsPanel(page).count()).toBe(0);
    await page.getByLabel(/Use this rate anyway/).check();
    await calculate(page);
    await page.getByTestId('off-market-note').waitFor();
    await screenshotBoth(h, page, 'calculator-off-market-confirmed');
    expect(await seriousViolations(page)).toEqual([]);
    await poll(() =>
      h.t.db
        .selectFrom('calculations')
        .select(['off_market', 'standing'])
        .where('client_name', '=', 'Typo Trading Ltd')
        .execute(),
    ).toEqual([{ off_market: true, standing: 'off_market' }]);
    // Flagged in the client's Calculation Details too.
    await openLeads(page);
    await leadRow(page, 'Typo Trading Ltd').getByRole('button', { name: 'Typo Trading Ltd', exact: true }).click();
    await page.getByRole('dialog', { name: 'Typo Trading Ltd' }).getByTestId('off-market-flag').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();

    const admin = await h.newPage(MOBILE);
    await signIn(admin, ADMIN.email, 'Admin');
    const excluded = admin.getByTestId('total-Not counted (off-market or below the mid)');
    await poll(() => text(excluded)).toBe('1');
    // The first test's three savings (the EUR/USD one in pounds) alone count: the typo would add £2.5m.
    const counted = await sql<{ sum: string }>`
      SELECT sum(counted_savings_gbp)::text AS sum FROM calculations WHERE NOT off_market`.execute(h.t.db);
    const savings = admin.getByTestId('total-Savings pitched');
    expect(await text(savings)).toBe(formatGBP(counted.rows[0]?.sum ?? '0', 0));
    expect(Number(counted.rows[0]?.sum)).toBeLessThan(1_000_000);
    // Never cut off at 375 px: the figure fits its box.
    const fits = await savings.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    // Nor anything on the page: it is no wider than the phone, and no figure ends in '…' (CSS truncation).
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    const cut = await admin.evaluate(() =>
      Array.from(document.querySelectorAll('main *'))
        .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth)
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    expect(await text(admin.getByTestId('totals-note'))).toContain('only pitches where we are cheaper');
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshotBoth(h, admin, 'dashboard-honest-totals');
    await admin.context().close();
  });
});
