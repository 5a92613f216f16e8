/**
 * Issue 20 §2 in real Chromium, test mode: the price a company pays, shown on the dashboard, the account page,
 * the seats page, checkout and signup's 'Select Your Plan' step (the same seats, add-ons and period chosen there),
 * for monthly and annual plans with and without add-ons, compared with what the provider charged for the period
 * (its first invoice); the welcome e-mail says that amount, and signup and the e-mail the pricing page's price per
 * seat for the company's tier. The database is read for that invoice and the e-mail, and written only to end the
 * previous plan between cases.
 */
import { tierFor } from '@pippitch/shared/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../../server/src/seed/demo';
import { type Harness, startHarness } from './harness';
import { chooseRadio, failOnPageErrors, member, poll, screenshotBoth, signIn, waitForPath } from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

const OWNER = member('Olivia Owner');
const money = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

/** The newest welcome e-mail (one per subscription; each admin gets the same text) and the plan's seats. */
async function welcomeEmail(): Promise<{ text: string; adminSeats: number; brokerSeats: number }> {
  const { rows } = await h.t.pool.query<{ text_body: string; admin_seats: number; junior_seats: number }>(
    `SELECT o.text_body, c.admin_seats, c.junior_seats FROM email_outbox o
       JOIN companies c ON c.id = o.company_id
      WHERE c.name = $1 AND o.template = 'welcome' ORDER BY o.created_at DESC LIMIT 1`,
    [DEMO_COMPANY],
  );
  expect(rows).toHaveLength(1);
  return { text: rows[0]!.text_body, adminSeats: rows[0]!.admin_seats, brokerSeats: rows[0]!.junior_seats };
}

/**
 * Signup's 'Select Your Plan' step (verify-first: nothing is sent here, the form only reaches step 3) set to a
 * plan; returns its figures: the seat line, the total incl. VAT per period and, on annual, the yearly seat line.
 */
async function signupPlanStep(plan: { annual: boolean; adminSeats: number; brokerSeats: number; addons: boolean }) {
  const page = await h.newPage();
  await page.goto('/signup');
  await page.getByRole('heading', { name: 'Company Information' }).waitFor();
  await page.getByLabel('Company Name', { exact: true }).fill('Figures Check FX');
  await page.getByLabel('Company Domain', { exact: true }).fill('figurescheckfx.co.uk');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Admin Account' }).waitFor();
  await page.getByLabel('Full Name', { exact: true }).fill('Fay Figures');
  await page.getByLabel('Admin Email', { exact: true }).fill('fay@figurescheckfx.co.uk');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Select Your Plan' }).waitFor();
  await chooseRadio(page, plan.annual ? /^Annually/ : /^Monthly/);
  await page.getByRole('spinbutton', { name: 'Admin seats' }).fill(String(plan.adminSeats));
  await page.getByRole('spinbutton', { name: 'Broker seats' }).fill(String(plan.brokerSeats));
  for (const name of ['Company Finder', 'Client Data Tracking']) {
    const box = page.getByRole('checkbox', { name: new RegExp(name) });
    if ((await box.isChecked()) !== plan.addons) await box.click();
  }
  const seats = `${plan.adminSeats + plan.brokerSeats} seat${plan.adminSeats + plan.brokerSeats === 1 ? '' : 's'} × `;
  const seatLine = page.getByText(new RegExp(`^${seats}`));
  await seatLine.waitFor();
  const figures = {
    seatLine: (await seatLine.textContent()) ?? '',
    inclVat:
      (await page
        .getByText(/^Incl\. VAT \(/)
        .locator('xpath=following-sibling::span')
        .textContent()) ?? '',
    yearLine: plan.annual ? ((await page.getByText(/^Billed annually: /).textContent()) ?? '') : '',
  };
  await screenshotBoth(
    h,
    page,
    `price-signup-${plan.annual ? 'annual' : 'monthly'}-${plan.addons ? 'addons' : 'plain'}`,
  );
  await page.close();
  return figures;
}

/** The previous plan has ended (as at a period's end), so the company subscribes afresh. */
async function endPlan() {
  await h.t.pool.query(
    `UPDATE companies SET subscription_status = 'canceled', subscription_active = false, account_locked = true,
       trial_ends_at = now() - interval '1 day' WHERE name = $1`,
    [DEMO_COMPANY],
  );
  await h.t.pool.query(`UPDATE test_mode_subscriptions SET status = 'canceled', canceled_at = now()`);
}

async function firstCharge(): Promise<number> {
  const { rows } = await h.t.pool.query<{ amount_due: number }>(
    `SELECT i.amount_due FROM test_mode_invoices i JOIN test_mode_subscriptions s ON s.id = i.subscription_id
      WHERE s.status = 'active' AND i.description = 'First period'`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.amount_due;
}

describe('the price a company pays, on every page', () => {
  for (const billing of ['Monthly', 'Annual'] as const) {
    for (const addons of [false, true]) {
      it(`${billing}, ${addons ? 'with both add-ons' : 'without add-ons'}: every page shows the provider's amount`, async () => {
        await endPlan();
        const page = await h.newPage();
        await signIn(page, OWNER.email, 'Admin');
        await page.goto('/checkout');
        await page.getByRole('heading', { name: 'Order summary' }).waitFor();
        for (const name of ['Company Finder', 'Client Data Tracking']) {
          const box = page.getByRole('checkbox', { name: new RegExp(name) });
          if ((await box.isChecked()) !== addons) await box.click();
        }
        await chooseRadio(page, new RegExp(billing));
        const period = billing === 'Annual' ? 'year' : 'month';
        await page.getByRole('button', { name: 'Proceed to Payment' }).click();
        await page.waitForURL(/\/test-checkout\/tm_cs_/);
        await page.getByRole('button', { name: /^Pay £/ }).click();
        await waitForPath(page, '/admin');
        await poll(async () => {
          const { rows } = await h.t.pool.query(`SELECT 1 FROM test_mode_subscriptions WHERE status = 'active'`);
          return rows.length;
        }).toBe(1);
        const charged = money(await firstCharge());

        // The welcome e-mail: the amount charged, and per seat what the pricing page says for this tier.
        const welcome = await welcomeEmail();
        expect(welcome.text).toContain(`per ${period} ex VAT (${charged} incl. VAT)`);
        const pricing = await h.newPage();
        await pricing.goto('/pricing');
        if (billing === 'Annual') await chooseRadio(pricing, /Annually/);
        const tier = pricing.getByRole('heading', {
          name: tierFor(welcome.adminSeats + welcome.brokerSeats).name,
          exact: true,
        });
        const perSeat = ((await tier.locator('xpath=following-sibling::p[2]').textContent()) ?? '').split(' ')[0];
        expect(perSeat).toMatch(/^£\d+\.\d{2}$/);
        expect(welcome.text).toContain(`You pay ${perSeat} per seat per month`);
        const perYear = (await tier.locator('xpath=following-sibling::p[3]').textContent())?.match(/£[\d,.]+/)?.[0];
        if (billing === 'Annual') expect(welcome.text).toContain(`billed ${perYear} per seat per year`);
        await pricing.close();

        // Signup's plan step with the same seats, add-ons and period: the same total, the pricing page's seat price.
        const signup = await signupPlanStep({ annual: billing === 'Annual', addons, ...welcome });
        expect(signup.inclVat).toBe(`${charged}/${period}`);
        expect(signup.seatLine).toContain(`× ${perSeat} per seat per month`);
        if (billing === 'Annual') expect(signup.yearLine).toContain(`${perYear} per seat per year`);

        // Dashboard: the price card is the period's total with VAT and add-ons.
        await page.goto('/admin');
        const card = page.getByText(`${charged}/${period}`, { exact: true });
        await card.waitFor();
        await page.getByText(`Billed ${billing === 'Annual' ? 'annually' : 'monthly'}`).waitFor();
        if (billing === 'Annual') await page.getByText(/£21\.60 per seat per month/).waitFor();
        await screenshotBoth(h, page, `price-dashboard-${billing.toLowerCase()}-${addons ? 'addons' : 'plain'}`);

        // Account page: per seat (annual per month and per year), the period's price ex and incl. VAT.
        await page.goto('/admin/account');
        const plan = page.getByText(new RegExp(`${billing} plan · `));
        await plan.waitFor();
        const planText = (await plan.textContent()) ?? '';
        expect(planText).toContain(`per ${period} ex VAT (${charged} incl. VAT)`);
        expect(planText).toContain(addons ? 'company finder and client data tracking included' : 'no add-ons');
        if (billing === 'Annual')
          expect(planText).toContain('£21.60 per seat per month, billed £259.20 per seat per year');

        // Seats page: the billing card for the plan's period.
        await page.goto('/admin/seats');
        await page.getByRole('heading', { name: `${billing} Billing` }).waitFor();
        const total = page
          .locator('div', { has: page.getByText(`Total per ${period} incl. VAT`, { exact: true }) })
          .last();
        expect(await total.locator('dd').textContent()).toBe(charged);

        // Checkout (a plan change now): the same plan's total.
        await page.goto('/checkout');
        await page.getByRole('heading', { name: 'Change your plan' }).waitFor();
        const summary = page.locator('div', { has: page.getByText(`Total per ${period}`, { exact: true }) }).last();
        expect(await summary.locator('dd').textContent()).toBe(charged);
        await page.close();
      });
    }
  }
});
