/**
 * Issue 31 §1 in real Chromium, on a Saturday: the browser's clock and the server's are both fixed on a Saturday
 * morning. There are no prices that day, so the competitor rate is checked against the last trading session
 * (Friday's) and the feed's last price; the page names that session, an off-market typo needs 'Use this rate anyway',
 * and once confirmed the pitch stays out of the dashboard's totals. Screenshots of the results at 375 and 1440 px.
 */
import { addDays, formatWeekdayDate, isoWeekday, londonDateOf, londonToUtc } from '@pippitch/shared/time';
import { OFF_MARKET_CONFIRM_NEEDED } from '@pippitch/shared/totals';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate, field, fillInputs, holdQuote, resultsPanel } from './calculator-page';
import { type Harness, MOBILE, startHarness } from './harness';
import { failOnPageErrors, member, poll, screenshotBoth, seriousViolations, signIn, text } from './journeys';

const ALICE = member('Alice Broker');
const ADMIN = member('Adam Admin');

/**
 * This week's Saturday, 10:30 London: today or the latest before it. Near the real date because the demo data is
 * seeded around it and the browser keeps a session cookie only while its expiry (the server's clock + 7 days) is
 * ahead of the real one. Every date the test checks is derived from it: the run's own weekday does not matter.
 */
function saturdayOnOrBefore(date: string): string {
  let day = date;
  while (isoWeekday(day) !== 6) day = addDays(day, -1);
  return day;
}
const SATURDAY = saturdayOnOrBefore(londonDateOf(new Date()));
const FRIDAY = addDays(SATURDAY, -1);
const SATURDAY_MORNING = londonToUtc(SATURDAY, 10, 30);
/** The feed's last price of the week, Friday 21:59:45 London, while the market is closed. */
const LAST_QUOTE = { at: new Date(londonToUtc(FRIDAY, 21, 59).getTime() + 45_000), mid: 1.3151 };

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ now: () => SATURDAY_MORNING });
  // Friday's session, 00:00–21:59 London: GBP/USD between 1.3000 and 1.3200 (its first two minutes set the range).
  const from = londonToUtc(FRIDAY, 0, 0);
  const to = londonToUtc(FRIDAY, 22, 0);
  await sql`
    INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
    SELECT 'GBPUSD', t, c, c, c, c, 'ecb_sim'
    FROM generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 minute', interval '1 minute') t,
    LATERAL (SELECT CASE WHEN t = ${from}::timestamptz THEN 1.30 WHEN t = ${from}::timestamptz + interval '1 minute'
      THEN 1.32 ELSE 1.315 + 0.001 * sin(extract(epoch FROM t) / 600.0) END AS c) v
    ON CONFLICT DO NOTHING`.execute(h.t.db);
  await sql`SELECT fx_refresh_rollups('GBPUSD', ${from}::timestamptz, ${to}::timestamptz)`.execute(h.t.db);
  // The worker's last NOTIFY of the week, as its poller sends it; repeated until the hub's LISTEN has heard it.
  const payload = JSON.stringify({
    quotes: [
      {
        pair: 'GBPUSD',
        bid: LAST_QUOTE.mid,
        ask: LAST_QUOTE.mid,
        mid: LAST_QUOTE.mid,
        ts: LAST_QUOTE.at,
        source: 'feed',
      },
    ],
  });
  await holdQuote(
    h,
    () => sql`SELECT pg_notify('fx_quotes', ${payload})`.execute(h.t.db).then(() => {}),
    LAST_QUOTE.mid,
  );
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

async function dashboardFigures(): Promise<{ savings: string; notCounted: string }> {
  const admin = await h.newPage(MOBILE);
  await admin.clock.setFixedTime(SATURDAY_MORNING);
  await signIn(admin, ADMIN.email, 'Admin');
  const notCounted = admin.getByTestId('total-Not counted (off-market or below the mid)');
  await notCounted.waitFor();
  const figures = {
    savings: await text(admin.getByTestId('total-Savings pitched')),
    notCounted: await text(notCounted),
  };
  await admin.context().close();
  return figures;
}

describe('on a Saturday', () => {
  it("a typo is checked against Friday's session, needs 'Use this rate anyway' and stays out of the totals", async () => {
    const before = await dashboardFigures();

    const page = await h.newPage(MOBILE);
    await page.clock.setFixedTime(SATURDAY_MORNING);
    await signIn(page, ALICE.email);
    await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
    // The live rate is the week's last price, dated, with the market said closed.
    await poll(() => field(page, 'Live Market Rate').inputValue()).toBe('1.3151');
    await page.getByText(/Market closed — reopens Sunday 22:00 London/).waitFor();

    // 'Inflate Your Margin' says what it does to the broker's margin (issue 31 §6; the pips go on your rate).
    await page
      .getByText('the client is shown a better rate, and your margin against the mid falls by the same pips', {
        exact: false,
      })
      .waitFor();
    await fillInputs(page, {
      yourRate: '1.3100',
      competitorRate: '1.03',
      amount: '500000',
      tradesPerYear: '52',
      clientName: 'Saturday Typo Ltd',
    });
    const session = `Checked against ${formatWeekdayDate(FRIDAY)}, 00:00–21:59`;
    await poll(() => text(page.getByTestId('range-check'))).toMatch(
      /^Outside the last trading session's range 1\.3000–1\.3200: check the rate\. -2167\.9 bps from the mid 1\.3151 at /,
    );
    expect(await text(page.getByTestId('range-check'))).toContain(
      `${session} (no prices on ${formatWeekdayDate(SATURDAY)}).`,
    );

    // Not saved until confirmed.
    await calculate(page);
    await page.getByRole('alert').getByText(OFF_MARKET_CONFIRM_NEEDED).waitFor();
    expect(await resultsPanel(page).count()).toBe(0);
    await page.getByLabel(/Use this rate anyway/).check();
    await calculate(page);
    await page.getByTestId('off-market-note').waitFor();
    expect(await text(page.getByTestId('off-market-note'))).toBe(
      `Off-market competitor rate: this pitch is kept out of totals and averages. ${session}.`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotBoth(h, page, 'calculator-saturday-off-market');
    await page.context().close();

    const saved = await h.t.db
      .selectFrom('calculations')
      .select(['off_market', 'standing', 'counted_savings_gbp'])
      .where('client_name', '=', 'Saturday Typo Ltd')
      .execute();
    expect(saved).toEqual([{ off_market: true, standing: 'off_market', counted_savings_gbp: '0.00' }]);

    // The dashboard: one more pitch not counted, the savings unchanged (the typo alone would add about £1.4m).
    const after = await dashboardFigures();
    expect(after).toEqual({ savings: before.savings, notCounted: String(Number(before.notCounted) + 1) });
  });
});
