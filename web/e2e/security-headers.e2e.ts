/**
 * The built app runs under the server's Content-Security-Policy: every page, the Historical Exchange Rates
 * chart (ECharts, with its tooltip) and the live-rate WebSocket, with no CSP violation reported by Chromium
 * (neither a `securitypolicyviolation` event nor a console error), and every page is refused to frames.
 */
import { LIVE_PATH } from '@pippitch/shared/live-quote';
import { londonDateOf, londonToUtc } from '@pippitch/shared/time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBars } from '../../server/test/market/fixtures';
import { type Harness, startHarness } from './harness';
import { failOnPageErrors, hoverUntilPriced, member, poll, signIn } from './journeys';

let h: Harness;
const OWNER = member('Olivia Owner');

beforeAll(async () => {
  h = await startHarness();
  const from = londonToUtc(londonDateOf(new Date(Date.now() - 10 * 86_400_000)), 0, 0).toISOString();
  const to = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  await insertBars(h.t.db, 'GBPUSD', from, to, 1.27);
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

interface Watched {
  page: Page;
  /** Every violation the page reported so far, from both sources. */
  violations(): Promise<string[]>;
  /** URLs of WebSockets that received at least one frame. */
  liveSockets: string[];
}

/** A page that records CSP violations (events and console errors) and WebSocket traffic. */
async function watchedPage(): Promise<Watched> {
  const page = await h.newPage();
  const consoleErrors: string[] = [];
  const liveSockets: string[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${location.pathname}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content.Security.Policy|Refused to/i.test(msg.text())) consoleErrors.push(msg.text());
  });
  page.on('websocket', (ws) => {
    ws.on('framereceived', () => {
      if (!liveSockets.includes(ws.url())) liveSockets.push(ws.url());
    });
  });
  return {
    page,
    liveSockets,
    async violations() {
      const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
      return [...events, ...consoleErrors];
    },
  };
}

/** Opens `path`, checks the headers the document came with, and waits until the app has rendered. */
async function visit(w: Watched, path: string): Promise<void> {
  const response = await w.page.goto(path);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await w.page.locator('#root *').first().waitFor();
  await w.page.waitForLoadState('networkidle');
}

describe('Content-Security-Policy in Chromium', () => {
  it('the public pages run with no violation', async () => {
    const w = await watchedPage();
    for (const path of ['/', '/pricing', '/login', '/signup', '/terms', '/privacy', '/reset-password']) {
      await visit(w, path);
      expect(await w.violations(), path).toEqual([]);
    }
    await w.page.context().close();
  });

  it('the signed-in pages, the history chart with its tooltip, and the live-rate WebSocket run with no violation', async () => {
    const w = await watchedPage();
    await signIn(w.page, OWNER.email, 'Admin');
    await w.page.getByRole('heading').first().waitFor();
    await w.page.waitForLoadState('networkidle');
    expect(await w.violations(), '/admin').toEqual([]);

    await visit(w, '/calculator');
    await w.page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
    // Live quotes arrive over the same-origin WebSocket that connect-src must allow.
    await h.quotes.seed();
    await poll(() => w.liveSockets.some((u) => u.endsWith(LIVE_PATH))).toBe(true);
    await w.page.getByRole('button', { name: 'Historical Rate' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Historical Exchange Rates' });
    await dialog.getByText('Click to select rate', { exact: true }).waitFor();
    const canvas = dialog.locator('canvas').first();
    await poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    // The tooltip is HTML ECharts writes with inline styles.
    await hoverUntilPriced(dialog, canvas);
    expect(await w.violations(), '/calculator').toEqual([]);
    await w.page.keyboard.press('Escape');

    await visit(w, '/leads');
    expect(await w.violations(), '/leads').toEqual([]);
    await visit(w, '/admin');
    expect(await w.violations(), '/admin').toEqual([]);
    await w.page.context().close();
  });

  it('does see a violation: an injected inline script is refused and reported', async () => {
    const w = await watchedPage();
    await visit(w, '/login');
    await w.page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.head.append(s);
    });
    await poll(async () => (await w.violations()).some((v) => v.startsWith('script-src'))).toBe(true);
    expect(await w.page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    await w.page.context().close();
  });
});
