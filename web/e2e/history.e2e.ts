/**
 * The Historical Exchange Rates modal in real Chromium against the real app: opened from the calculator,
 * a rate picked by clicking the chart, a rate found by date and London time, the calendar's range, the
 * time validation, and the honest data-source badge. Prices are deterministic fixture bars (source
 * 'ecb_sim') for the ~100 days before now, since the server reads the real clock.
 */

import { join } from 'node:path';
import { formatRate } from '@pippitch/shared/format';
import { addDays, formatIsoDate, londonDateOf, londonToUtc } from '@pippitch/shared/time';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAt, insertBars } from '../../server/test/market/fixtures';
import { DESKTOP, type Harness, MOBILE, SCREENSHOT_DIR, startHarness, type Viewport } from './harness';
import { failOnPageErrors, hoverUntilPriced, member, poll, signIn, text } from './journeys';

// The harness's minutes are today's bundled-set minutes: after the bundled ECB file ends (13 Apr 2026) they are
// simulated with no reference, and the badge says so (issue 31 §3).
const SOURCE_BADGE = 'simulated (no reference after 13 Apr 2026)';
const INVALID_TIME = 'Invalid time format. Use format like 09:00 or 9:00 AM';
const ALICE = member('Alice Broker');

let h: Harness;
/** The first London day with bars (a Monday, never the 1st of a month, so the day before is in its month). */
let firstDay: string;
const today = londonDateOf(new Date());

beforeAll(async () => {
  h = await startHarness();
  let start = addDays(today, -100);
  while (new Date(`${start}T12:00:00Z`).getUTCDay() !== 1 || start.endsWith('-01')) start = addDays(start, -1);
  firstDay = start;
  const from = londonToUtc(start, 0, 0).toISOString();
  const to = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  await insertBars(h.t.db, 'GBPUSD', from, to, 1.27);
  await insertBars(h.t.db, 'EURGBP', from, to, 0.86);
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

/** Signs Alice in (User mode) and waits for the calculator. */
async function calculatorPage(viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await h.newPage(viewport);
  await signIn(page, ALICE.email);
  await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
  return page;
}

function modal(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Historical Exchange Rates' });
}

async function openModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Historical Rate' }).click();
  const dialog = modal(page);
  await dialog.waitFor();
  return dialog;
}

/** The chart has drawn (its canvas is there and sized) for the current pair and timeframe. */
async function chartReady(dialog: Locator): Promise<Locator> {
  await dialog.getByText('Click to select rate', { exact: true }).waitFor();
  const canvas = dialog.locator('canvas').first();
  await canvas.waitFor();
  await poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(200);
  return canvas;
}

/**
 * The screen as the person sees it. Not h.screenshot's full-page capture: the dialog is fixed to the
 * viewport, so a full-page image would show the calculator continuing below a full-screen modal.
 */
async function modalScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

/** Opens Date/Time Search and shows the calendar month holding `date`. */
async function showMonthOf(dialog: Locator, date: string): Promise<void> {
  const day = dialog.locator(`button[data-date="${date}"]`);
  await dialog.getByRole('button', { name: 'Previous month' }).waitFor();
  for (let i = 0; i < 24 && !(await day.count()); i++) {
    const back = date < (await dialog.locator('button[data-date]').first().getAttribute('data-date'))!;
    await dialog.getByRole('button', { name: back ? 'Previous month' : 'Next month' }).click();
  }
  await day.waitFor();
}

/** The latest Wednesday at least two days ago: a full trading day inside the data. */
function recentWednesday(): string {
  let d = addDays(today, -2);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 3) d = addDays(d, -1);
  return d;
}

async function expectedRate(pair: 'GBPUSD' | 'EURGBP', date: string, hours: number, minutes: number) {
  const close = await closeAt(h.t.db, pair, londonToUtc(date, hours, minutes).toISOString());
  if (close === undefined) throw new Error(`no ${pair} bar at ${date} ${hours}:${minutes}`);
  return close;
}

describe('Historical Exchange Rates modal', () => {
  it('opens from the calculator, names the data source honestly and closes with Escape', async () => {
    const page = await calculatorPage();
    const opener = page.getByRole('button', { name: 'Historical Rate' });
    const dialog = await openModal(page);
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await chartReady(dialog);
    await dialog.getByText(SOURCE_BADGE, { exact: true }).waitFor();
    await dialog.getByText('30-minute precision', { exact: true }).waitFor();
    expect((await dialog.locator('canvas').first().boundingBox())?.height).toBe(350);
    expect(await dialog.getByText('Real Market Data').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: '1M', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.getByLabel('Currency Pair').inputValue()).toBe('GBPUSD');
    await modalScreenshot(page, 'history-chart-1440');
    await dialog.getByRole('button', { name: '1D', exact: true }).click();
    await dialog.getByText('minute precision', { exact: true }).waitFor();
    await chartReady(dialog);
    await modalScreenshot(page, 'history-chart-1d-1440');

    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    await poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('3M: clicking a point on the chart fills Your Rate with that rate (4 dp) and closes', async () => {
    const page = await calculatorPage();
    const dialog = await openModal(page);
    await dialog.getByRole('button', { name: '3M', exact: true }).click();
    await dialog.getByText('hourly precision', { exact: true }).waitFor();
    const canvas = await chartReady(dialog);
    const box = (await canvas.boundingBox())!;
    // Hovering shows the crosshair tooltip: London date and time, the price to 4 dp, the hint.
    const x = await hoverUntilPriced(dialog, canvas);
    await dialog
      .locator('div')
      .filter({ hasText: /\(London\)\d\.\d{4}Click to select rate$/ })
      .last()
      .waitFor();
    await modalScreenshot(page, 'history-chart-hover-1440');
    await canvas.click({ position: { x, y: box.height / 2 } });
    await modal(page).waitFor({ state: 'detached' });
    const rate = await page.getByLabel('Your Rate', { exact: true }).inputValue();
    expect(rate).toMatch(/^\d\.\d{4}$/);
    // The fixture wave: 1.27 ± 0.01.
    expect(Number(rate)).toBeGreaterThanOrEqual(1.26);
    expect(Number(rate)).toBeLessThanOrEqual(1.28);
    await page.context().close();
  });

  it('pan mode: the hint changes and a click does not pick; zoom steps and reset', async () => {
    const page = await calculatorPage();
    const dialog = await openModal(page);
    const canvas = await chartReady(dialog);
    const hand = dialog.getByRole('button', { name: 'Pan mode' });
    await hand.click();
    expect(await hand.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByText('Drag to pan, click hand to exit', { exact: true }).waitFor();
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
    // Zoomed in, a drag moves the view; nothing is picked and the modal stays open.
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await dialog.getByText('Zoom 1.2×').waitFor();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await modal(page).isVisible()).toBe(true);
    expect(await page.getByLabel('Your Rate', { exact: true }).inputValue()).toBe('');
    await hand.click();
    await dialog.getByText('Click to select rate', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Zoom out' }).click();
    await dialog.getByRole('button', { name: 'Zoom out' }).click();
    await dialog.getByText('Zoom 0.8×').waitFor();
    for (let i = 0; i < 5; i++) await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await dialog.getByText('Zoom 2.1×').waitFor();
    await modalScreenshot(page, 'history-chart-zoomed-1440');
    await dialog.getByRole('button', { name: 'Reset view' }).click();
    await poll(() => dialog.getByText(/^Zoom /).count()).toBe(0);
    await page.context().close();
  });

  it('Date/Time Search: a weekday at 09:00 London finds the stored rate and Use This Rate fills Your Rate', async () => {
    const page = await calculatorPage();
    const dialog = await openModal(page);
    await dialog.getByRole('button', { name: 'Date/Time Search' }).click();
    // The last day with bars, but never today (at weekends that is Friday).
    const last = await h.t.db
      .selectFrom('fx_minute_bars')
      .select((eb) => eb.fn.max('ts').as('ts'))
      .where('pair', '=', 'GBPUSD')
      .executeTakeFirstOrThrow();
    const lastDay = londonDateOf(new Date(last.ts as Date));
    const max = lastDay < today ? lastDay : addDays(today, -1);
    await dialog
      .getByText(`Historical data available from ${formatIsoDate(firstDay)} to ${formatIsoDate(max)}`, { exact: true })
      .waitFor();
    const time = dialog.getByLabel('Time (24-hour format)');
    expect(await time.inputValue()).toBe('09:00');
    const find = dialog.getByRole('button', { name: 'Find Rate' });
    expect(await find.isDisabled()).toBe(true); // no day chosen yet

    const day = recentWednesday();
    await showMonthOf(dialog, day);
    await dialog.locator(`button[data-date="${day}"]`).click();
    await find.click();
    await dialog.getByText('Rate Found:', { exact: true }).waitFor();
    const expected = formatRate(await expectedRate('GBPUSD', day, 9, 0));
    await dialog.getByText(expected, { exact: true }).waitFor();
    await modalScreenshot(page, 'history-search-1440');
    await dialog.getByRole('button', { name: 'Use This Rate' }).click();
    await modal(page).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Your Rate', { exact: true }).inputValue()).toBe(expected);
    // The comparison is now about that minute: the Comparison Date says so, and the range-of-day check uses that
    // day's range and that minute's mid (issue 14 §2).
    const [y, m, d] = day.split('-').map(Number);
    expect(await page.getByLabel('Comparison Date', { exact: true }).inputValue()).toBe(`${m}/${d}/${y} 09:00 London`);
    await page.getByLabel('Competitor Rate', { exact: true }).fill('1.5000');
    await poll(() => text(page.getByTestId('range-check'))).toMatch(
      new RegExp(
        `^Outside the day's range 1\\.2\\d{3}–1\\.2\\d{3}: check the rate or the date\\. \\+\\d+\\.\\d bps from the mid ${expected.replace('.', '\\.')} at \\d{1,2} [A-Z][a-z]{2} \\d{4}, 09:00 London\\.$`,
      ),
    );
    await page.getByRole('button', { name: "Compare at today's rates instead" }).click();
    expect(await page.getByLabel('Comparison Date', { exact: true }).inputValue()).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    await page.context().close();
  });

  it('GBP/EUR is served as 1 / EURGBP', async () => {
    const page = await calculatorPage();
    const dialog = await openModal(page);
    // A pair with no stored prices says so instead of drawing an empty chart.
    await dialog.getByLabel('Currency Pair').selectOption('GBPNOK');
    await dialog.getByText('No historical data available for this date range', { exact: true }).waitFor();
    await dialog.getByLabel('Currency Pair').selectOption('GBPEUR');
    await chartReady(dialog);
    await dialog.getByText(SOURCE_BADGE, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Date/Time Search' }).click();
    const day = recentWednesday();
    await showMonthOf(dialog, day);
    await dialog.locator(`button[data-date="${day}"]`).click();
    await dialog.getByLabel('Time (24-hour format)').fill('2:30 pm');
    await dialog.getByRole('button', { name: 'Find Rate' }).click();
    await dialog.getByText('Rate Found:', { exact: true }).waitFor();
    const expected = formatRate(1 / (await expectedRate('EURGBP', day, 14, 30)));
    await dialog.getByText(expected, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Use This Rate' }).click();
    await modal(page).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Your Rate', { exact: true }).inputValue()).toBe(expected);
    expect(await page.getByLabel('Currency Pair', { exact: true }).inputValue()).toBe('GBPEUR');
    await page.context().close();
  });

  it('an invalid time is refused with the spec message; days outside the range are disabled', async () => {
    const page = await calculatorPage();
    const dialog = await openModal(page);
    await dialog.getByRole('button', { name: 'Date/Time Search' }).click();
    const day = recentWednesday();
    await showMonthOf(dialog, day);
    await dialog.locator(`button[data-date="${day}"]`).click();
    await dialog.getByLabel('Time (24-hour format)').fill('25:99');
    await dialog.getByRole('button', { name: 'Find Rate' }).click();
    await dialog.getByText(INVALID_TIME, { exact: true }).waitFor();
    expect(await dialog.getByText('Rate Found:').count()).toBe(0);

    // Today (after yesterday, the last day) and the day before the first stored day are disabled.
    if (today.slice(0, 7) === day.slice(0, 7)) {
      expect(await dialog.locator(`button[data-date="${today}"]`).isDisabled()).toBe(true);
    }
    await showMonthOf(dialog, firstDay);
    expect(await dialog.locator(`button[data-date="${firstDay}"]`).isEnabled()).toBe(true);
    const before = dialog.locator(`button[data-date="${addDays(firstDay, -1)}"]`);
    expect(await before.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(true);
    // Back to the chart.
    await dialog.getByRole('button', { name: 'Back to Chart' }).click();
    await chartReady(dialog);
    await page.context().close();
  });

  it('looks right on a phone (375 px): chart and search views', async () => {
    const page = await calculatorPage(MOBILE);
    const dialog = await openModal(page);
    const canvas = await chartReady(dialog);
    await poll(async () => (await canvas.boundingBox())?.height).toBe(250);
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBe(MOBILE.width);
    await modalScreenshot(page, 'history-chart-375');
    await dialog.getByRole('button', { name: 'Date/Time Search' }).click();
    const day = recentWednesday();
    await showMonthOf(dialog, day);
    await dialog.locator(`button[data-date="${day}"]`).click();
    await dialog.getByRole('button', { name: 'Find Rate' }).click();
    await dialog.getByText('Rate Found:', { exact: true }).waitFor();
    await modalScreenshot(page, 'history-search-375');
    await page.context().close();
  });
});
