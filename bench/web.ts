/**
 * Web app: what a broker's browser downloads for /calculator and how fast a result appears, measured in real
 * Chromium against the real app (built web/dist, served by the real server over a throw-away database with the
 * demo company seeded).
 *   - initial JavaScript for /calculator (signed in), KB gzip: every script Chromium requests before anything is
 *     clicked, each body gzipped with node:zlib and summed. Target ≤ 150 KB. The chart chunk
 *     (HistoricalRateModal, ECharts) must not be among them, and must arrive when 'Historical Rate' is clicked.
 *   - result within one frame of Calculate: from the click on 'Calculate Savings' to the result in the DOM
 *     (MutationObserver) and to the first animation frame whose DOM holds it, 30 runs with an input changed
 *     between runs; p50/p99 of both and how many runs had the result in the very next frame (the target).
 * KB are 1,000 bytes, as Vite's build report counts them.
 * Builds nothing: run `pnpm --filter @pippitch/web build` first.   tsx bench/web.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { testConfig } from '../core/src/config';
import { QuoteHub } from '../core/src/market/live/quote-hub';
import { buildApp } from '../server/src/api/app';
import { WEB_DIST } from '../server/src/api/http/static';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedDemoData } from '../server/src/seed/demo';
import { createDb, createPool } from '../sql/src/index';
import { benchDatabase, ms, percentile } from './lib/stats';

const INITIAL_JS_TARGET_KB = 150;
const FRAME_RUNS = 30;
/** One frame at 60 Hz. */
const FRAME_MS = 1000 / 60;
const CHART_CHUNK = 'HistoricalRateModal';
const CHROMIUM = '/usr/bin/chromium';
const ALICE = DEMO_MEMBERS.find((m) => m.fullName === 'Alice Broker')!;

const indexHtml = join(WEB_DIST, 'index.html');
if (!existsSync(indexHtml)) {
  console.error(
    `bench/web: the web app is not built (${indexHtml} is missing). Run \`pnpm --filter @pippitch/web build\` first.`,
  );
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`bench/web: Chromium not found at ${CHROMIUM} (Debian package 'chromium').`);
  process.exit(1);
}

let budgetBroken = false;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const gz = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const assetName = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '');

/** What index.html itself loads: the entry module and its modulepreloads. */
function declaredByHtml(): string[] {
  const html = readFileSync(indexHtml, 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return [...scripts, ...preloads].map((p) => p.replace(/^\/assets\//, ''));
}

/** Records every script response of a page: name → gzip size of the body. */
function recordScripts(page: Page): Map<string, number> {
  const seen = new Map<string, number>();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    const url = res.url();
    if (type !== 'script' && !/\.m?js(\?|$)/.test(new URL(url).pathname)) return;
    const name = assetName(url);
    if (seen.has(name)) return;
    seen.set(name, 0);
    try {
      seen.set(name, gz(await res.body()));
    } catch {
      // A body that cannot be read (redirect, aborted) counts as 0 and is named below.
    }
  });
  return seen;
}

/** Resolves once every recorded response has its size (bodies are read asynchronously). */
async function settled(sizes: Map<string, number>): Promise<void> {
  for (let i = 0; i < 50 && [...sizes.values()].some((v) => v === 0); i++) await new Promise((r) => setTimeout(r, 20));
}

// The click and the frame check run inside the page. A string, not a function: this file is compiled without DOM
// types (root tsconfig), and the page is where the clock that matters is.
const CALCULATE_AND_WAIT_FOR_FRAME = `new Promise((resolve, reject) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Calculate Savings');
  if (!button) return reject(new Error('no Calculate Savings button'));
  const shown = () => document.querySelector('[data-testid=result-annual-savings]') !== null;
  if (shown()) return reject(new Error('results already showing before the click'));
  let inDom = null;
  const observer = new MutationObserver(() => {
    if (inDom === null && shown()) inDom = performance.now() - t0;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const t0 = performance.now();
  button.click();
  let frames = 0;
  const onFrame = () => {
    frames += 1;
    if (shown()) {
      observer.disconnect();
      resolve({ frameMs: performance.now() - t0, domMs: inDom ?? performance.now() - t0, frames });
    } else if (frames > 120) reject(new Error('no result after 120 frames'));
    else requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
})`;

const database = await benchDatabase('web');
const pool = createPool(database.url, { max: 10 });
const db = createDb(pool);
await seedDemoData(db);
const quotes = new QuoteHub(db, database.url);
quotes.start();
// A live rate to show, as the worker would have published.
quotes.publish([{ pair: 'GBPUSD', bid: 1.2735, ask: 1.2737, mid: 1.2736, timestamp: Date.now(), source: 'feed' }]);
const app = await buildApp({
  config: testConfig({ databaseUrl: database.url }),
  db,
  serveWeb: true,
  deps: { now: () => new Date(), quotes },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };
const baseURL = `http://127.0.0.1:${port}`;

let browser: Browser | undefined;
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const contextOptions = {
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  };

  // Sign in once through the login page; the measured visit then starts from a cold cache with that session.
  const login = await browser.newContext(contextOptions);
  const loginPage = await login.newPage();
  await loginPage.goto('/login');
  await loginPage
    .locator('label')
    .filter({ has: loginPage.getByRole('radio', { name: 'User', exact: true }) })
    .click();
  await loginPage.getByLabel('Email', { exact: true }).fill(ALICE.email);
  await loginPage.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await loginPage.getByRole('button', { name: 'Sign In as User' }).click();
  await loginPage.waitForURL((url) => url.pathname === '/calculator');
  const cookies = await login.cookies();
  await login.close();

  const context = await browser.newContext(contextOptions);
  await context.addCookies(cookies);
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto('/calculator');
  await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
  await page.waitForLoadState('networkidle');
  await settled(scripts);
  const initial = new Map(scripts);

  const declared = declaredByHtml();
  const initialBytes = [...initial.values()].reduce((a, b) => a + b, 0);
  const chartInitially = [...initial.keys()].some((n) => n.includes(CHART_CHUNK));

  console.log('\nInitial JavaScript for /calculator (signed in, cold cache, gzip level 9 of each body)');
  for (const [name, size] of [...initial].sort((a, b) => b[1] - a[1])) {
    const fromHtml = declared.includes(name) ? ' (index.html)' : '';
    console.log(`  ${kb(size).padStart(9)}  ${name}${fromHtml}`);
  }
  const missing = declared.filter((d) => !initial.has(d));
  if (missing.length) console.log(`  declared in index.html but not requested: ${missing.join(', ')}`);
  console.log(
    `  total ${kb(initialBytes)} in ${initial.size} scripts; target ≤ ${INITIAL_JS_TARGET_KB} KB → ` +
      `${((initialBytes / 1000 / INITIAL_JS_TARGET_KB) * 100).toFixed(0)}% of budget ` +
      `${initialBytes / 1000 <= INITIAL_JS_TARGET_KB ? '✓' : '✗ OVER'}`,
  );
  console.log(`  chart chunk (${CHART_CHUNK}) in the initial load: ${chartInitially ? 'yes ✗' : 'no ✓'}`);
  // A budget once met stays met: a broken one fails `pnpm bench` (issue 24: the 150 KB drifted to 121 % unseen).
  if (initialBytes / 1000 > INITIAL_JS_TARGET_KB || chartInitially) budgetBroken = true;

  await page.getByRole('button', { name: 'Historical Rate' }).click();
  await page.getByRole('dialog', { name: 'Historical Exchange Rates' }).waitFor();
  await page.waitForLoadState('networkidle');
  await settled(scripts);
  const onOpen = [...scripts].filter(([name]) => !initial.has(name));
  const chart = onOpen.find(([name]) => name.includes(CHART_CHUNK));
  console.log(
    `  requested when 'Historical Rate' is clicked: ${onOpen.map(([n, s]) => `${n} (${kb(s)})`).join(', ') || 'nothing'} → ` +
      `chart chunk ${chart ? 'loaded on demand ✓' : 'NOT requested ✗'}`,
  );
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Historical Exchange Rates' }).waitFor({ state: 'detached' });

  // Result within one frame of Calculate.
  await page.getByLabel('Your Rate', { exact: true }).fill('1.2700');
  await page.getByLabel('Competitor Rate', { exact: true }).fill('1.2650');
  // The amount's label names the bought currency ('Amount to Buy (USD)' for GBP/USD, the default pair).
  await page.getByLabel(/^Amount to Buy \([A-Z]{3}\)$/).fill('500,000');
  const toFrame: number[] = [];
  const toDom: number[] = [];
  let nextFrame = 0;
  for (let i = 0; i < FRAME_RUNS; i++) {
    // A changed input clears the results (and makes this a new Calculate, saved like any other).
    await page.getByLabel('Trades Per Year', { exact: true }).fill(String(40 + i));
    await page.getByTestId('result-annual-savings').waitFor({ state: 'detached' });
    const run = await page.evaluate<{ frameMs: number; domMs: number; frames: number }>(CALCULATE_AND_WAIT_FOR_FRAME);
    toFrame.push(run.frameMs);
    toDom.push(run.domMs);
    if (run.frames === 1) nextFrame++;
  }
  const domP99 = percentile(toDom, 99);
  console.log(`\nResult after Calculate (${FRAME_RUNS} runs, an input changed before each)`);
  console.log(`  click → result in the DOM:                p50 ${ms(percentile(toDom, 50))}, p99 ${ms(domP99)}`);
  console.log(
    `  click → first animation frame holding it: p50 ${ms(percentile(toFrame, 50))}, p99 ${ms(percentile(toFrame, 99))} ` +
      '(mostly the wait for the next vsync)',
  );
  console.log(
    `  target: result in the next frame → ${nextFrame}/${FRAME_RUNS} runs ${nextFrame === FRAME_RUNS ? '✓' : '✗'}; ` +
      `DOM work p99 is ${((domP99 / FRAME_MS) * 100).toFixed(0)}% of one frame (${ms(FRAME_MS)} at 60 Hz)`,
  );
  await context.close();
} finally {
  await browser?.close();
  await app.close();
  await quotes.stop();
  await db.destroy();
  await database.close();
}
process.exit(budgetBroken ? 1 : 0);
