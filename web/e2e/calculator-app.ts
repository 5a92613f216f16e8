/**
 * The set-up both calculator browser-test files share (calculator.e2e.ts, calculator-live.e2e.ts): one harness
 * for the file, Alice Broker signed in once through the login page and her session reused, the hub holding a
 * first GBPUSD quote, and a way to push more quotes exactly as the worker does.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { field, holdQuote, quoteNotifier } from './calculator-page';
import { DESKTOP, type Harness, startHarness, type Viewport } from './harness';
import { failOnPageErrors, member, poll, signIn, userIdOf } from './journeys';

export const ALICE = member('Alice Broker');
/** The GBPUSD mid the hub holds before any test runs. */
export const INITIAL_MID = 1.27412;

type Cookies = Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>;

export interface CalculatorApp {
  /** The harness, once the file's set-up has run. */
  h: Harness;
  /** Alice's user id, once the file's set-up has run. */
  aliceId: string;
  /** Publishes quotes on fx_quotes as the worker does. */
  notifyQuote: ReturnType<typeof quoteNotifier>;
  /**
   * Alice on the calculator (her own browser context) with the live rate showing. `now`: the browser's clock, fixed
   * (timers keep running), for what depends on the day, such as the closed market's line on a weekend.
   */
  calculatorPage(viewport?: Viewport, now?: Date): Promise<Page>;
  /** Alice's saved calculations and calculation activity entries. */
  savedCounts(): Promise<{ calculations: number; activities: number }>;
}

export function calculatorTestApp(): CalculatorApp {
  /** Alice's session: signed in once through the login page, then reused by every test of the file. */
  let aliceSession: Cookies | undefined;
  const app: CalculatorApp = {
    h: undefined as unknown as Harness,
    aliceId: '',
    notifyQuote: quoteNotifier(() => app.h),
    async calculatorPage(viewport = DESKTOP, now?: Date) {
      const page = await app.h.newPage(viewport);
      if (now) await page.clock.setFixedTime(now);
      if (aliceSession) {
        await page.context().addCookies(aliceSession);
        await page.goto('/calculator');
      } else {
        await signIn(page, ALICE.email);
        aliceSession = await page.context().cookies();
      }
      await page.getByRole('heading', { name: 'FX Savings Calculator' }).waitFor();
      await poll(() => field(page, 'Live Market Rate').inputValue()).toMatch(/^\d+\.\d{4}$/);
      return page;
    },
    async savedCounts() {
      const calc = await app.h.t.db
        .selectFrom('calculations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', app.aliceId)
        .executeTakeFirstOrThrow();
      const act = await app.h.t.db
        .selectFrom('activity_logs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', app.aliceId)
        .where('action_type', '=', 'calculation')
        .executeTakeFirstOrThrow();
      return { calculations: Number(calc.n), activities: Number(act.n) };
    },
  };
  beforeAll(async () => {
    app.h = await startHarness();
    app.aliceId = await userIdOf(app.h, ALICE.email);
    // The hub's LISTEN connection comes up in the background: repeat the first quote until it has arrived.
    await holdQuote(app.h, app.notifyQuote, INITIAL_MID);
  });
  afterAll(async () => {
    await app.h?.close();
  });
  failOnPageErrors(() => app.h);
  return app;
}
