/**
 * The legal pages in production mode (issue 22 §4): the operator's details come from the configuration (here as
 * loadConfig reads OPERATOR_* in production), in the prerendered page (JavaScript off), in the page React takes over
 * (no hydration error) and in a page reached by client-side navigation; no sample notice and no placeholder.
 */
import { OPERATOR_ELEMENT_ID, OPERATOR_JSON_PATH } from '@pippitch/shared/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/src/config';
import { DESKTOP, type Harness, MOBILE, startHarness } from './harness';
import { failOnPageErrors, poll, screenshotBoth, seriousViolations, text, waitForPath } from './journeys';

const PRODUCTION = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://pippitch.harbourfx.example',
  SMTP_URL: 'smtp://mail.harbourfx.example:587',
  OPERATOR_NAME: 'Harbour FX Software Ltd',
  OPERATOR_COMPANY_NUMBER: '09876543',
  OPERATOR_ADDRESS: '10 Quay Street, Bristol BS1 4DJ',
  OPERATOR_EMAIL: 'hello@harbourfx.example',
  OPERATOR_ICO_NUMBER: 'ZB765432',
  OPERATOR_VAT_NUMBER: 'GB 123 4567 89',
  OPERATOR_PRIVACY_EMAIL: 'privacy@harbourfx.example',
});

let h: Harness;
beforeAll(async () => {
  // The operator's details as production configures them; the rest of the test set-up (cookies over http) as usual.
  h = await startHarness({ config: { operator: PRODUCTION.operator } });
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

const EXPECTED = [
  'Legal name: Harbour FX Software Ltd',
  'Company number (England and Wales): 09876543',
  'Registered office: 10 Quay Street, Bristol BS1 4DJ',
  'ICO registration: ZB765432',
  'Contact: hello@harbourfx.example',
];

function clean(main: string) {
  expect(main).not.toMatch(/to be completed|%%OPERATOR|[Ss]ample/);
}

describe('the legal pages in production', () => {
  for (const path of ['/terms', '/privacy']) {
    it(`${path}: the configured operator, prerendered and after React takes over, at 375 and 1440 px`, async () => {
      const context = await h.browser.newContext({ baseURL: h.baseUrl, javaScriptEnabled: false });
      const bare = await context.newPage();
      await bare.goto(path);
      const prerendered = await text(bare.getByRole('main'));
      for (const line of EXPECTED) expect(prerendered).toContain(line);
      clean(prerendered);
      await context.close();

      const page = await h.newPage(MOBILE);
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
      });
      await page.goto(path);
      // The optional VAT line shows once React has the page: it is only there when configured.
      await page.getByText('VAT number: GB 123 4567 89').waitFor();
      const main = await text(page.getByRole('main'));
      for (const line of EXPECTED) expect(main).toContain(line);
      clean(main);
      if (path === '/privacy') {
        expect(await page.getByRole('link', { name: 'privacy@harbourfx.example' }).getAttribute('href')).toBe(
          'mailto:privacy@harbourfx.example',
        );
      }
      expect(problems).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshotBoth(h, page, `legal-production-${path.slice(1)}`);
    });
  }

  it('a legal page reached by client-side navigation asks the server for the details, again if a request fails', async () => {
    const page = await h.newPage(DESKTOP);
    // The first request for the details is lost: the page asks again instead of showing the sample details.
    let requests = 0;
    await page.route(`**${OPERATOR_JSON_PATH}`, (route) => (requests++ === 0 ? route.abort() : route.continue()));
    await page.goto('/pricing');
    // React has adopted the page (its radios are enabled then): a click before that would load /terms afresh, and
    // one landing while it adopts the page could be lost with the element it hit.
    await poll(() => page.getByRole('radio', { name: 'Monthly', exact: true }).isEnabled()).toBe(true);
    // Signed-in pages carry no data block; the public ones do. Without it, the page must ask the server.
    await page.evaluate((id) => {
      document.getElementById(id)?.remove();
      (window as unknown as { stayed: boolean }).stayed = true;
    }, OPERATOR_ELEMENT_ID);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await waitForPath(page, '/terms');
    await page.getByText('Legal name: Harbour FX Software Ltd').waitFor();
    clean(await text(page.getByRole('main')));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(requests).toBe(2);
  });
});
