/**
 * Issue 34's journey in real Chromium: an admin adds GBP/PLN and USD/JPY on the dashboard's
 * Currency pairs card (the margin policy card then offers floors for them), and a broker pitches both, each at
 * its pair's decimals (a yen quote to 0.01, its pips of 0.01) and its money by the currency's minor units.
 * The server's and the browser's clocks are Wednesday 25 Nov 2026, 14:00 UTC; that morning's minutes are seeded:
 * USD/JPY as the provider's (direct), GBP/PLN as the worker derives it (source 'derived'), so the range check
 * under the competitor rate reads each at its decimals. The broker then builds an evidence pack in GBP/PLN for the
 * client pitched, and the prospect's share page names how the pair is priced ('GBP/PLN derived from GBP/USD ×
 * USD/PLN at the same minute'). Screenshots at 1440 and 375 px.
 */

import { join } from 'node:path';
import { DESK_PAIR_MESSAGES } from '@pippitch/shared/desk-pairs';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate, field, fillInputs, shownResults } from './calculator-page';
import { DESKTOP, type Harness, MOBILE, SCREENSHOT_DIR, startHarness } from './harness';
import { failOnPageErrors, member, poll, signIn, text, waitForPath } from './journeys';
import { leadRow, openLeads } from './leads-page';

const ADAM = member('Adam Admin');
const ALICE = member('Alice Broker');
const CLIENT = 'Osaka Parts Ltd';
let h: Harness;

const WEDNESDAY = new Date('2026-11-25T14:00:00Z');

/** A morning of minutes, `base` ± `swing` (a sine over the hours), as the worker stores them. */
async function seedMinutes(pair: string, base: number, swing: number, source: string) {
  const from = '2026-11-25T00:00:00Z';
  const to = '2026-11-25T14:00:00Z';
  await sql`
    INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
    SELECT ${pair}, t, c, c, c, c, ${source}
    FROM generate_series(${from}::timestamptz, ${to}::timestamptz, interval '1 minute') t,
    LATERAL (SELECT round((${base}::float8 + ${swing}::float8 * sin(extract(epoch FROM t) / 3600.0))::numeric, 6)::float8 AS c) v
    ON CONFLICT DO NOTHING`.execute(h.t.db);
  await sql`SELECT fx_refresh_rollups(${pair}, ${from}::timestamptz, ${to}::timestamptz)`.execute(h.t.db);
}

beforeAll(async () => {
  h = await startHarness({ now: () => WEDNESDAY });
  await seedMinutes('USDJPY', 150.5, 1.5, 'dukascopy');
  await seedMinutes('GBPPLN', 5.05, 0.08, 'derived');
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', fullPage: true });
}

describe('a desk adds GBP/PLN and USD/JPY', () => {
  it('the admin adds both on the Currency pairs card; the margin policy offers floors for them', async () => {
    const page = await h.newPage(DESKTOP);
    await signIn(page, ADAM.email, 'Admin');
    const search = page.getByLabel('Search pairs by code or currency');
    for (const [words, label] of [
      ['zloty', 'GBP/PLN'],
      ['yen', 'USD/JPY'],
    ] as const) {
      await search.fill(words);
      await page.getByRole('checkbox', { name: new RegExp(`^${label} `) }).check();
    }
    await page.getByRole('button', { name: 'Save pairs' }).click();
    await page.getByText(DESK_PAIR_MESSAGES.saved).waitFor();
    await page.getByText('The pairs your brokers can pitch: 8 chosen.').waitFor();
    // The margin policy card lists the desk's pairs, the two added among them.
    const policy = page.locator('fieldset', { has: page.locator('legend', { hasText: /^GBP\/PLN$/ }) });
    await policy.getByRole('button', { name: 'Add a band for GBP/PLN' }).waitFor();
    await page.getByRole('button', { name: 'Add a band for USD/JPY' }).waitFor();
    await page.context().close();
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`a broker pitches USD/JPY at 0.01 and GBP/PLN at 0.0001 (${viewport.width} px)`, async () => {
      const page = await h.newPage(viewport);
      await page.clock.setFixedTime(WEDNESDAY);
      await signIn(page, ALICE.email);
      await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
      const pair = page.getByLabel('Currency Pair', { exact: true });

      await pair.selectOption('GBPPLN');
      await fillInputs(page, { yourRate: '4.9900', competitorRate: '4.9750', amount: '100,000', tradesPerYear: '12' });
      await poll(() => text(page.getByTestId('range-check'))).toMatch(
        /^Within 25 Nov 2026's range 4\.97\d{2}–5\.13\d{2}\./,
      );
      await calculate(page);
      expect(await shownResults(page)).toMatchObject({
        priceDifference: '-0.0150',
        pips: '150.0',
        costWithCompetitor: '£20,100.50',
        costWithUs: '£20,040.08',
        annualSavings: '£725.07',
        outcome: 'advantage',
      });

      await pair.selectOption('USDJPY');
      await field(page, 'Amount to Buy (JPY)').waitFor();
      // The last stored minute as the live rate, to the pair's 2 decimals.
      await poll(() => page.getByTestId('live-rate').inputValue()).toMatch(/^149\.\d{2}$/);
      await fillInputs(page, {
        yourRate: '149.40',
        competitorRate: '149.10',
        amount: '50,000,000',
        tradesPerYear: '12',
        clientName: 'Osaka Parts Ltd',
      });
      // The day's range and the mid at 2 decimals, as the pair is quoted.
      await poll(() => text(page.getByTestId('range-check'))).toMatch(
        /^Within 25 Nov 2026's range 149\.\d{2}–15[12]\.\d{2}\. -?\d+\.\d bps from the mid 149\.\d{2} at /,
      );
      await calculate(page);
      // Dollars sold (costs in cents), yen bought; 149.40 vs 149.10 is 0.30, 30 pips of 0.01.
      expect(await shownResults(page)).toMatchObject({
        priceDifference: '-0.30',
        pips: '30.0',
        costWithCompetitor: '$335,345.41',
        costWithUs: '$334,672.02',
        annualSavings: '$8,080.61',
        outcome: 'advantage',
      });
      expect(await page.getByTestId('results-currency').textContent()).toContain('Costs and savings in USD');
      await shoot(page, `pair-pitch-usdjpy-${viewport.width}`);
      await page.context().close();
    });
  }
  it('builds an evidence pack in GBP/PLN; the prospect’s share page names the method', async () => {
    const page = await h.newPage(DESKTOP);
    await page.clock.setFixedTime(WEDNESDAY);
    await signIn(page, ALICE.email);
    await openLeads(page);
    await leadRow(page, CLIENT).getByRole('button', { name: CLIENT, exact: true }).click();
    await page.getByRole('dialog', { name: CLIENT }).getByRole('link', { name: 'New evidence pack' }).click();
    await waitForPath(page, '/packs/new');
    // Three trades (a pack's least) that Wednesday morning, dealt on the derived GBP/PLN minutes seeded above.
    const trades = ['date,time,pair,direction,amount,rate', '2026-11-25,10:00,GBPPLN,sell,100000,5.0250'];
    trades.push('2026-11-25,11:30,GBPPLN,sell,250000,5.1120', '2026-11-25,12:15,GBPPLN,sell,80000,5.1000');
    await page.getByLabel('Trades (CSV)').fill(trades.join('\n'));
    await page.getByRole('button', { name: 'Price trades' }).click();
    await page.getByRole('heading', { name: `Evidence pack: ${CLIENT}`, exact: true }).waitFor();
    await poll(() => page.getByTestId('pack-trade').count()).toBe(3);
    expect(await text(page.getByTestId('pack-trade').first())).toMatch(/GBP\/PLN\s*sell.*5\.0250.*\d+\.\d bps/s);
    await page.getByRole('button', { name: 'Create share link' }).click();
    const url = await page.getByLabel('Share link').inputValue();
    const prospect = await h.newPage(DESKTOP);
    await prospect.clock.setFixedTime(WEDNESDAY);
    await prospect.goto(url);
    await prospect.getByRole('heading', { name: `Your FX costs, trade by trade: ${CLIENT}` }).waitFor();
    await poll(() => prospect.getByTestId('pack-trade').count()).toBe(3);
    await prospect
      .getByText(/GBP\/PLN derived from GBP\/USD × USD\/PLN at the same minute/)
      .first()
      .waitFor();
    await shoot(prospect, 'pair-pack-shared-1440');
    const phone = await h.newPage(MOBILE);
    await phone.clock.setFixedTime(WEDNESDAY);
    await phone.goto(url);
    await phone
      .getByText(/GBP\/PLN derived from GBP\/USD × USD\/PLN at the same minute/)
      .first()
      .waitFor();
    await shoot(phone, 'pair-pack-shared-375');
    await page.context().close();
  });
});
