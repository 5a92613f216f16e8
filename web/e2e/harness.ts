/**
 * Browser-test harness: the REAL app (built web/dist served by the real server, over a fresh database
 * with the demo company seeded) and a headless Chromium driving it. One harness per test file.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type Config, testConfig } from '../../core/src/config';
import { QuoteHub } from '../../core/src/market/live/quote-hub';
import { buildApp } from '../../server/src/api/app';
import { WEB_DIST } from '../../server/src/api/http/static';
import { seedDemoData } from '../../server/src/seed/demo';
import { freePort } from '../../sql/src/index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
// The types of what test/global-setup.ts provides (the database URLs test/db.ts injects).
import type {} from '../../test/global-setup';

type App = Awaited<ReturnType<typeof buildApp>>;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOT_DIR = join(ROOT, '.test-artifacts', 'screenshots');

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1440, height: 900 };
export const MOBILE: Viewport = { width: 375, height: 812 };

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Harness {
  /** e.g. http://127.0.0.1:41234 (also the app's publicUrl, so e-mailed links point here) */
  baseUrl: string;
  t: TestDatabase;
  app: App;
  /** The app's live-quote hub, LISTENing on fx_quotes like the real server (a `pg_notify` reaches browsers). */
  quotes: QuoteHub;
  browser: Browser;
  /** A page in a new browser context of its own (own cookies: a separate person). */
  newPage(viewport?: Viewport): Promise<Page>;
  /** Full-page screenshot into .test-artifacts/screenshots/<name>.png; returns the file path. */
  screenshot(page: Page, name: string): Promise<string>;
  /** Uncaught exceptions thrown in any page so far (a healthy app throws none). */
  pageErrors: string[];
  close(): Promise<void>;
}

async function listenOnFreePort(build: (baseUrl: string) => Promise<App>) {
  // The public URL has to be known before the app is built (it goes into e-mail links), so pick a free
  // port first. Another process could take it in between: try again with a new one if so.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const app = await build(baseUrl);
    try {
      await app.listen({ host: '127.0.0.1', port });
      return { app, baseUrl };
    } catch (err) {
      await app.close();
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw err;
    }
  }
}

export interface HarnessOptions {
  /** Configuration over the test defaults (e.g. a local Salesforce server's address). */
  config?: Partial<Config>;
  /** The server's clock (default: the wall clock), for journeys that span days, such as a trial's end. */
  now?: () => Date;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `The web app is not built (${join(WEB_DIST, 'index.html')} is missing). ` +
        'Run `pnpm --filter @pippitch/web build` first (the root `pnpm test:browser` script does this).',
    );
  }
  const t = await createTestDatabase();
  const cleanups: Array<() => Promise<unknown>> = [() => t.drop()];
  const runCleanups = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error('harness cleanup failed:', err);
      }
    }
  };
  try {
    await seedDemoData(t.db);
    // As server/src/main.ts does: one LISTEN connection per process feeding the live-rate subscription.
    const quotes = new QuoteHub(t.db, t.url);
    quotes.start();
    cleanups.push(() => quotes.stop());
    const { app, baseUrl } = await listenOnFreePort((publicUrl) =>
      buildApp({
        config: testConfig({ databaseUrl: t.url, publicUrl, ...options.config }),
        db: t.db,
        serveWeb: true,
        deps: { now: options.now ?? (() => new Date()), quotes, seriesCache: null },
      }),
    );
    cleanups.push(() => app.close());
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    cleanups.push(() => browser.close());
    mkdirSync(SCREENSHOT_DIR, { recursive: true });

    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    return {
      baseUrl,
      t,
      app,
      quotes,
      browser,
      pageErrors,
      async newPage(viewport = DESKTOP) {
        const context = await browser.newContext({
          baseURL: baseUrl,
          viewport,
          locale: 'en-GB',
          timezoneId: 'Europe/London',
        });
        contexts.push(context);
        // Bounds on waiting for a condition, not durations: generous, so a busy machine is slow but not failing.
        context.setDefaultTimeout(30_000);
        context.setDefaultNavigationTimeout(30_000);
        const page = await context.newPage();
        page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
        return page;
      },
      async screenshot(page, name) {
        const path = join(SCREENSHOT_DIR, `${name}.png`);
        await page.screenshot({ path, fullPage: true, animations: 'disabled' });
        return path;
      },
      async close() {
        for (const c of contexts) await c.close().catch(() => {});
        await runCleanups();
      },
    };
  } catch (err) {
    await runCleanups();
    throw err;
  }
}
