/**
 * The calculator page as the browser tests drive it: its fields, the margin, the results panel and the spec's
 * worked example, and the live rate pushed the way the worker does.
 */
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import type { Harness } from './harness';
import { poll, UI_TIMEOUT } from './journeys';

export const RESULT_IDS = {
  priceDifference: 'result-price-difference',
  pips: 'result-pips',
  costWithCompetitor: 'result-cost-with-competitor',
  costWithUs: 'result-cost-with-us',
  savingsPerTrade: 'result-savings-per-trade',
  annualSavings: 'result-annual-savings',
  percentageSavings: 'result-percentage-savings',
} as const;
export type Shown = Record<keyof typeof RESULT_IDS, string>;

/** Spec §9's worked example: yours 1.2700, competitor 1.2650, £500,000, 52 trades a year, no margin. */
export const WORKED_EXAMPLE: Shown = {
  priceDifference: '-0.0050',
  pips: '50.0',
  costWithCompetitor: '£395,256.92',
  costWithUs: '£393,700.79',
  savingsPerTrade: '£1,556.13',
  annualSavings: '£80,918.74',
  percentageSavings: '0.39%',
};

/** The same rates the other way round (yours 1.2650, competitor 1.2700): the competitor is cheaper. */
export const REVERSED: Shown = {
  priceDifference: '+0.0050',
  pips: '50.0',
  costWithCompetitor: '£393,700.79',
  costWithUs: '£395,256.92',
  savingsPerTrade: '£1,556.13',
  annualSavings: '£80,918.74',
  percentageSavings: '0.40%',
};

export function field(page: Page, label: string): Locator {
  // The amount's label names the pair's bought currency ('Amount to Buy (USD)'): matched whatever the pair.
  if (label === 'Amount to Buy') return page.getByLabel(/^Amount to Buy \([A-Z]{3}\)$/);
  return page.getByLabel(label, { exact: true });
}

export interface Inputs {
  yourRate?: string;
  competitorRate?: string;
  amount?: string;
  tradesPerYear?: string;
  clientName?: string;
}

export async function fillInputs(page: Page, inputs: Inputs): Promise<void> {
  const labels: Record<keyof Inputs, string> = {
    yourRate: 'Your Rate',
    competitorRate: 'Competitor Rate',
    amount: 'Amount to Buy',
    tradesPerYear: 'Trades Per Year',
    clientName: 'Client Name',
  };
  for (const [key, value] of Object.entries(inputs) as [keyof Inputs, string][]) {
    await field(page, labels[key]).fill(value);
  }
}

export const WORKED_INPUTS: Inputs = {
  yourRate: '1.2700',
  competitorRate: '1.2650',
  amount: '500,000',
  tradesPerYear: '52',
};

function marginGroup(page: Page): Locator {
  return page.getByRole('group', { name: 'Inflate Your Margin (Pips)' });
}

export function marginRadio(page: Page, label: string): Locator {
  return marginGroup(page).getByRole('radio', { name: label, exact: true });
}

/** Picks a margin the way a person does: the radio is visually hidden inside its label. */
export async function chooseMargin(page: Page, label: string): Promise<void> {
  await marginGroup(page)
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: label, exact: true }) })
    .click();
  await poll(() => marginRadio(page, label).isChecked()).toBe(true);
}

/** The text colour of an element as sRGB 0-255 (Tailwind 4 gives oklch(); a canvas converts it). */
export function textRgb(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  });
}

export function resultsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Results' });
}

export async function calculate(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Calculate Savings' }).click();
}

/** Every figure of the results panel, once it shows. */
export async function shownResults(page: Page): Promise<Shown & { outcome: string | null }> {
  await resultsPanel(page).waitFor();
  const shown = {} as Shown;
  for (const [key, id] of Object.entries(RESULT_IDS) as [keyof Shown, string][]) {
    shown[key] = ((await page.getByTestId(id).textContent()) ?? '').trim();
  }
  return { ...shown, outcome: await resultsPanel(page).getAttribute('data-outcome') };
}

export async function resultsShowing(page: Page): Promise<boolean> {
  return (await page.getByTestId(RESULT_IDS.annualSavings).count()) > 0;
}

/** Counts calculator.save calls answered (a tRPC batch names each call in its path). */
export function countSaves(page: Page): { answered(): number } {
  let answered = 0;
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (path.startsWith('/trpc/')) answered += path.split(',').filter((p) => p.endsWith('calculator.save')).length;
  });
  return { answered: () => answered };
}

export interface QuoteNotification {
  pair: string;
  mid: number;
  source?: string;
  fallback?: boolean;
  error?: string;
}

/**
 * What the worker's poller does after every poll: `pg_notify('fx_quotes', {quotes: [...]})`, which the harness's
 * quote hub hears and pushes to the browsers.
 */
export function quoteNotifier(harness: () => Harness): (...quotes: QuoteNotification[]) => Promise<void> {
  /** Every quote we NOTIFY gets a later timestamp than the one before (the hub ignores stale ones). */
  let lastQuoteAt = Date.now() - 60_000;
  return async (...quotes) => {
    lastQuoteAt = Math.max(Date.now(), lastQuoteAt + 1);
    const ts = new Date(lastQuoteAt).toISOString();
    const payload = {
      quotes: quotes.map(({ pair, mid, source = 'feed', ...rest }) => ({
        pair,
        bid: mid,
        ask: mid,
        mid,
        ts,
        source,
        ...rest,
      })),
    };
    await sql`SELECT pg_notify('fx_quotes', ${JSON.stringify(payload)})`.execute(harness().t.db);
  };
}

/**
 * Notifies a GBPUSD quote until the harness's hub holds it: the hub's LISTEN connection comes up in the background,
 * so the first NOTIFYs may go unheard.
 */
export async function holdQuote(
  h: Harness,
  notify: (...quotes: QuoteNotification[]) => Promise<void>,
  mid: number,
): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT;
  while (h.quotes.snapshot().find((q) => q.pair === 'GBPUSD')?.mid !== mid) {
    if (Date.now() > deadline) throw new Error('the quote hub never received a NOTIFY');
    await notify({ pair: 'GBPUSD', mid });
    await new Promise((r) => setTimeout(r, 100));
  }
}
