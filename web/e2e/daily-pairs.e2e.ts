/**
 * A daily-only pair in real Chromium (issue 34 §2): the demo desk quotes GBP/INR (the rupee has no minute market),
 * priced from the ECB's daily reference rate. The calculator's live-rate line and the history modal's source badge
 * say 'daily reference rate — no intraday prices'. The pair's bars are one a weekday at the fix minute for the
 * ~100 days before now (the server reads the real clock), as the worker stores them.
 */

import { join } from 'node:path';
import { DAILY_REFERENCE_LABEL } from '@pippitch/shared/sources';
import { addDays, londonDateOf } from '@pippitch/shared/time';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, type Harness, MOBILE, SCREENSHOT_DIR, startHarness } from './harness';
import { failOnPageErrors, member, poll, signIn, text } from './journeys';

const ALICE = member('Alice Broker');
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  const from = addDays(londonDateOf(new Date()), -100);
  // One ECB fix a weekday at 13:10 UTC, drifting from 110 so the chart has a line to draw.
  await sql`
    INSERT INTO fx_minute_bars (pair, ts, open, high, low, close, source)
    SELECT 'GBPINR', d + time '13:10', r, r, r, r, 'ecb_daily'
    FROM (SELECT d, round((110 + 0.05 * row_number() OVER (ORDER BY d))::numeric, 6)::float8 AS r
          FROM generate_series(${from}::date, current_date - 1, interval '1 day') AS d
          WHERE extract(isodow FROM d) < 6) days`.execute(h.t.db);
  await sql`SELECT fx_refresh_rollups('GBPINR', ${from}::timestamptz, now())`.execute(h.t.db);
  const { rows } = await sql<{ company_id: string }>`
    SELECT company_id FROM user_profiles WHERE email = ${ALICE.email}`.execute(h.t.db);
  await sql`UPDATE companies SET quoted_pairs = quoted_pairs || ARRAY['GBPINR']
            WHERE id = ${rows[0]!.company_id}`.execute(h.t.db);
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

describe('a daily-only pair', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`says it has a daily reference rate only, on the calculator and the history badge (${viewport.width} px)`, async () => {
      const page = await h.newPage(viewport);
      await signIn(page, ALICE.email);
      await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
      await page.getByLabel('Currency Pair', { exact: true }).selectOption('GBPINR');
      await page.getByText(`No live price: ${DAILY_REFERENCE_LABEL}`, { exact: true }).waitFor();
      // Nothing to wait for: no 'Loading...' and no fallback rate in the field.
      expect(await page.getByTestId('live-rate').inputValue()).toBe('');
      await page.getByRole('button', { name: 'Historical Rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Historical Exchange Rates' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Currency Pair').inputValue()).toBe('GBPINR');
      await dialog.getByText(DAILY_REFERENCE_LABEL, { exact: true }).waitFor();
      await dialog.getByText('one rate a day', { exact: true }).waitFor();
      expect(await dialog.getByText('Real Market Data').count()).toBe(0);
      const canvas = dialog.locator('canvas').first();
      await canvas.waitFor();
      await poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(200);
      await shoot(page, `daily-pair-history-${viewport.width}`);
      await page.context().close();
    });
  }

  it("checks a competitor rate against a band around the day's reference rate", async () => {
    const { rows } = await sql<{ close: number }>`
      SELECT close FROM fx_minute_bars WHERE pair = 'GBPINR' ORDER BY ts DESC LIMIT 1`.execute(h.t.db);
    const fix = rows[0]!.close;
    const page = await h.newPage(DESKTOP);
    await signIn(page, ALICE.email);
    await page.getByLabel('Currency Pair', { exact: true }).selectOption('GBPINR');
    const check = page.getByTestId('range-check');
    await page.getByLabel('Competitor Rate', { exact: true }).fill((fix * 0.9).toFixed(4));
    await poll(() => text(check)).toMatch(
      new RegExp(
        `^More than 3% from the ECB reference rate ${fix.toFixed(4).replace('.', '\\.')} of .*check the rate or the date\\. Daily reference rate — no intraday prices`,
      ),
    );
    expect(await check.getAttribute('class')).toContain('amber');
    await page.getByLabel('Competitor Rate', { exact: true }).fill((fix * 0.99).toFixed(4));
    await poll(() => text(check)).toMatch(/^Within 3% of the ECB reference rate /);
    expect(await check.getAttribute('class')).not.toContain('amber');
    await shoot(page, 'daily-pair-range-check-1440');
    await page.context().close();
  });
});
