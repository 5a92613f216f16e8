/**
 * Steps every browser-test file shares: the demo members, signing in through the login page, waiting for the
 * UI, reading its notices, screenshots at both widths, and the check that no page threw.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { type Actor, memberActor } from '../../core/src/services/actor';
import { roleFromStored } from '../../core/src/services/stored-role';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../server/src/seed/demo';
import { DESKTOP, type Harness, MOBILE } from './harness';

export const UI_TIMEOUT = 30_000;

/**
 * Registers the afterEach of a test file: an uncaught exception in any page fails the test it happened in,
 * even when the journey itself got through.
 */
export function failOnPageErrors(harness: () => Harness): void {
  afterEach(() => {
    expect(harness().pageErrors.splice(0)).toEqual([]);
  });
}

/** A demo company member (server/src/seed/demo.ts) by full name. */
export function member(name: (typeof DEMO_MEMBERS)[number]['fullName']) {
  const m = DEMO_MEMBERS.find((x) => x.fullName === name);
  if (!m) throw new Error(`no demo member ${name}`);
  return m;
}

/** A member's user id in the harness's database. */
export async function userIdOf(h: Harness, email: string): Promise<string> {
  const row = await h.t.db
    .selectFrom('user_profiles')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A member as the services take them (the actor), read by e-mail. */
export async function actorOfEmail(h: Harness, email: string): Promise<Actor> {
  const row = await h.t.db
    .selectFrom('user_profiles')
    .select(['id', 'company_id', 'role_type'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return memberActor({ id: row.id, role_type: roleFromStored(row.role_type) }, row.company_id);
}

/** Polls until the assertion holds (UI and database both settle asynchronously). */
export function poll<T>(fn: () => T | Promise<T>, timeout = UI_TIMEOUT) {
  return expect.poll(fn, { timeout, interval: 100 });
}

/** Resolves after the page has painted the frame after this one: what a state change rendered is on screen. */
export async function nextPaint(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** A locator's text ('' when it has none). */
export async function text(l: Locator): Promise<string> {
  return (await l.textContent()) ?? '';
}

/** Texts of every role=alert (errors) on the page. */
export function alerts(page: Page): Promise<string[]> {
  return page.getByRole('alert').allInnerTexts();
}

/** Texts of every role=status (success and info notices) on the page. */
export function notices(page: Page): Promise<string[]> {
  return page.getByRole('status').allInnerTexts();
}

/** Waits until a role=status notice contains the text. */
export async function hasNotice(page: Page, text: string): Promise<void> {
  await poll(async () => (await notices(page)).some((t) => t.includes(text))).toBe(true);
}

/** Waits until a role=alert contains the text. */
export async function hasAlert(page: Page, text: string): Promise<void> {
  await poll(async () => (await alerts(page)).some((t) => t.includes(text))).toBe(true);
}

/**
 * Picks a radio by its label the way a person does: by clicking the label (the input itself is visually
 * hidden inside it), until it takes. A prerendered page's radios are disabled until React has adopted
 * the page (web/src/lib/hydrated.ts), and a click on the label of a disabled radio does nothing: wait for it.
 */
export async function chooseRadio(page: Page, name: string | RegExp): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: true });
  await poll(() => radio.isEnabled()).toBe(true);
  // Clicked again until it takes: a click that lands while the page is still settling (its data arriving and a
  // suspended part being swapped in) is lost with the element it hit. A radio's click is idempotent.
  await poll(async () => {
    if (!(await radio.isChecked())) await page.locator('label').filter({ has: radio }).click();
    return radio.isChecked();
  }).toBe(true);
}

/** Fills in and submits the login form already showing. */
export async function fillLogin(page: Page, email: string, password: string, mode: 'User' | 'Admin'): Promise<void> {
  await chooseRadio(page, mode);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: `Sign In as ${mode}` }).click();
}

/**
 * Signs a demo member in through the login page (demo password) and waits for where that mode lands:
 * /calculator for User, /admin for Admin.
 */
export async function signIn(page: Page, email: string, mode: 'User' | 'Admin' = 'User'): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, DEMO_PASSWORD, mode);
  await waitForPath(page, mode === 'User' ? '/calculator' : '/admin');
}

/** Full-page screenshots of the page as it is, at 1440 px and at 375 px wide. */
export async function screenshotBoth(h: Harness, page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    // The layout settles after a resize (charts and lists measure themselves in the frame after it).
    await nextPaint(page);
    await nextPaint(page);
    await h.screenshot(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize(original);
}

/**
 * Hovers the history chart until its tooltip shows a price, and returns that x. The series is relative to today,
 * so a given spot may fall on a weekend ('Market closed'): step right until one has a price.
 */
export async function hoverUntilPriced(dialog: Locator, canvas: Locator): Promise<number> {
  const box = (await canvas.boundingBox()) as { width: number; height: number };
  const anyTip = dialog.locator('div').filter({ hasText: /\(London\)(Market closed|\d\.\d{4}Click to select rate)$/ });
  const priced = dialog.locator('div').filter({ hasText: /\(London\)\d\.\d{4}Click to select rate$/ });
  for (const at of [0.6, 0.63, 0.66, 0.69, 0.72, 0.75, 0.78, 0.81]) {
    await canvas.hover({ position: { x: box.width * at, y: box.height / 2 } });
    await anyTip.last().waitFor();
    if ((await priced.count()) > 0) return box.width * at;
  }
  throw new Error('no hovered spot of the chart showed a price');
}

/**
 * axe-core's serious and critical findings (WCAG 2.x A and AA rules) on the page as it is now (issue 13: none on
 * any page, public or signed in), as 'rule: selectors' lines so a failure says what to fix.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
