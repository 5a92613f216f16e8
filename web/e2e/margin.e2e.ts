/**
 * The desk's margin policy in real Chromium (issue 25): an admin sets a GBP/USD floor on the dashboard, a broker
 * pitching below it sees the margin and the warning before Calculate, saves, asks for approval with a reason, and
 * the admin approves from the dashboard's queue; the broker is told in the app; the dashboard's margin conceded
 * counts the pitch with its approval. axe-clean, and at 375 px.
 */

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate, fillInputs, holdQuote, marginRadio, quoteNotifier } from './calculator-page';
import { DESKTOP, type Harness, MOBILE, startHarness } from './harness';
import { chooseRadio, failOnPageErrors, member, poll, seriousViolations, signIn, userIdOf } from './journeys';

const ADAM = member('Adam Admin');
const ALICE = member('Alice Broker');
const WARNING = "Below the desk's floor of 50 bps for GBP/USD £100k–£1m";
const BLOCKED =
  "This pack shows 20.0 bps, below the desk's floor of 50 bps for GBP/USD £100k–£1m: ask for approval first";
// Issue 32: the pitch's approval (41.3 bps) does not cover a pack at 20 bps: it asks again.
const BELOW_APPROVED =
  "This pack shows 20.0 bps, below the 41.3 bps approved under the desk's floor of 50 bps for GBP/USD £100k–£1m: ask for approval of 20.0 bps";
const TRADES = [
  'date,time,pair,direction,amount,rate',
  '2025-10-29,14:05,GBPUSD,sell,100000,1.3000',
  '2025-10-30,14:05,GBPUSD,sell,100000,1.3000',
  '2025-10-31,14:05,GBPUSD,sell,100000,1.3000',
].join('\n');

let h: Harness;
let aliceId: string;
const notifyQuote = quoteNotifier(() => h);

beforeAll(async () => {
  h = await startHarness();
  aliceId = await userIdOf(h, ALICE.email);
  // The spec's demo mid: 1.3500 against it is 41.3 bps, £1,530.00 a trade on $500,000.
  await holdQuote(h, notifyQuote, 1.3556);
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

describe('the margin policy journey', () => {
  it('admin sets a floor → broker pitches below it → asks → admin approves → broker is told', async () => {
    const admin = await h.newPage();
    await signIn(admin, ADAM.email, 'Admin');
    await admin.getByRole('button', { name: 'Add a band for GBP/USD' }).click();
    await admin.getByLabel('GBP/USD band 1 from (£)').fill('100,000');
    await admin.getByLabel('GBP/USD band 1 to (£, blank: no limit)').fill('1000000');
    await admin.getByLabel('GBP/USD band 1 floor (bps)').fill('50');
    // The desk stops brokers inflating by 40 or 50 pips.
    const options = admin.getByRole('group', { name: 'Inflate Your Margin options brokers may use' });
    await options.getByRole('checkbox', { name: '40', exact: true }).uncheck();
    await options.getByRole('checkbox', { name: '50', exact: true }).uncheck();
    await admin.getByRole('button', { name: 'Save margin policy' }).click();
    await admin.getByText('Margin policy saved. It applies to pitches made from now on.').waitFor();
    await admin.getByRole('list', { name: 'Floors in force' }).getByText('GBP/USD £100k–£1m: 50 bps').waitFor();
    expect(await admin.getByTestId('policy-last-change').textContent()).toContain('Last changed by Adam Admin');
    // The full log: every change with who, when and old → new per band and for the options.
    await admin.getByRole('button', { name: 'Show every change' }).click();
    const change = admin.getByTestId('policy-change');
    await change.first().waitFor();
    expect(await change.count()).toBe(1);
    expect(await change.first().textContent()).toContain('Adam Admin');
    expect(await change.first().getByRole('listitem').allTextContents()).toEqual([
      'GBP/USD £100k–£1m: no floor → 50 bps',
      'Inflate Your Margin: None, 10, 20, 30, 40 and 50 pips → None, 10, 20 and 30 pips',
    ]);
    expect(await admin.getByRole('button', { name: 'Show older' }).count()).toBe(0);
    expect(await seriousViolations(admin)).toEqual([]);
    // The policy card and the queue fit a phone.
    await admin.setViewportSize(MOBILE);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await h.screenshot(admin, 'margin-policy-375');
    await admin.setViewportSize(DESKTOP);

    const broker = await h.newPage(MOBILE);
    await signIn(broker, ALICE.email);
    // The calculator draws only the options the desk allows.
    await marginRadio(broker, 'None').waitFor({ state: 'attached' });
    expect(
      await broker
        .getByRole('group', { name: 'Inflate Your Margin (Pips)' })
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent)),
    ).toEqual(['None', '10', '20', '30']);
    await fillInputs(broker, {
      yourRate: '1.3500',
      competitorRate: '1.3400',
      amount: '500,000',
      tradesPerYear: '52',
      clientName: 'Margin Journey Ltd',
    });
    // Before Calculate: the margin and the warning.
    const card = broker.getByTestId('margin-card');
    await poll(() => card.getByTestId('margin-line').textContent()).toBe(
      'Your margin: 41.3 bps · £1,530 per trade · £79,560 a year',
    );
    expect(await card.getByTestId('margin-warning').textContent()).toBe(WARNING);
    expect(await broker.getByTestId('result-annual-savings').count()).toBe(0);
    await calculate(broker);
    await broker.getByLabel('Why should this pitch go below the floor?').fill('Strategic account, first trade');
    await broker.getByRole('button', { name: 'Ask for approval' }).click();
    await broker.getByText('Sent to your admins for approval.').waitFor();
    expect(await seriousViolations(broker)).toEqual([]);
    await h.screenshot(broker, 'margin-below-floor-375');
    // Nothing is wider than the phone.
    expect(await broker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Until approved, the evidence pack for this lead is refused with the floor in words.
    const lead = await h.t.db
      .selectFrom('user_leads')
      .select('id')
      .where('user_id', '=', aliceId)
      .where('custom_name', '=', 'Margin Journey Ltd')
      .executeTakeFirstOrThrow();
    await broker.goto(`/packs/new?lead=${lead.id}`);
    await broker.getByLabel('Trades (CSV)').fill(TRADES);
    await broker.getByRole('button', { name: 'Price trades' }).click();
    await broker.getByText(BLOCKED).waitFor();
    // A mark on the broker's page: still there after the decision shows, so the page was never reloaded.
    await broker.evaluate(() => Object.assign(window, { pageNotReloaded: true }));
    const notReloaded = () => broker.evaluate(() => 'pageNotReloaded' in window);

    // Issue 32 §3: no reload. The admin's page hears the request over the margin desk's socket: the top bar's badge
    // counts it and the queue shows it.
    const waiting = admin.getByTestId('pending-requests');
    await poll(() => waiting.textContent()).toBe('Requests 1 waiting for approval');
    await h.screenshot(admin, 'margin-requests-badge-1440');
    const request = admin.getByTestId('approval-request');
    await request.getByText('“Strategic account, first trade”').waitFor();
    expect(await request.textContent()).toContain('Alice Broker · Margin Journey Ltd · GBP/USD at 41.3 bps');
    await request.getByLabel('Note to the broker (optional)').fill('Fine for the first trade');
    await request.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('No requests waiting for a decision.').waitFor();
    await poll(() => waiting.count()).toBe(0);

    // The broker is told where they stand, without a reload (issue 32 §3): the pack page's top bar counts the unread
    // decision at once (the desk's socket re-reads the session), and leads to My Leads, where it is listed.
    const badge = broker.getByRole('link', { name: 'Decisions 1 unread' });
    await badge.waitFor();
    expect(await notReloaded()).toBe(true);
    await broker.goto('/calculator');
    await badge.waitFor();
    expect(await seriousViolations(broker)).toEqual([]);
    expect(await broker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await h.screenshot(broker, 'margin-decisions-badge-375');
    await badge.click();
    await broker.waitForURL(/\/leads#margin-decisions$/);
    const decision = broker.getByTestId('margin-decision');
    await decision.first().waitFor();
    expect(await decision.first().textContent()).toContain(
      'Approved: Margin Journey Ltd, GBP/USD at 41.3 bpsAdam Admin: Fine for the first trade',
    );
    expect(await seriousViolations(broker)).toEqual([]);
    await broker.getByRole('button', { name: 'Mark as read' }).click();
    await broker.getByRole('heading', { name: 'Approvals of pitches below the floor' }).waitFor();
    // Read: the top bar no longer counts it.
    await poll(() => broker.getByRole('link', { name: /^Decisions/ }).count()).toBe(0);
    // The decision is kept with the pitch's record, in Calculation Details.
    await broker.getByRole('button', { name: 'Margin Journey Ltd', exact: true }).click();
    const details = broker.getByRole('dialog', { name: 'Margin Journey Ltd' });
    await poll(() => details.getByTestId('pitch-margin').first().textContent()).toContain(
      'Approved by Adam Admin: Fine for the first trade',
    );
    expect(await seriousViolations(broker)).toEqual([]);
    // A pack at 20 bps is lower than the 41.3 approved: refused, and asked for from the pack form, no pitch made.
    await broker.goto(`/packs/new?lead=${lead.id}`);
    await broker.getByLabel('Trades (CSV)').fill(TRADES);
    await broker.getByRole('button', { name: 'Price trades' }).click();
    await broker.getByText(BELOW_APPROVED).waitFor();
    await broker.getByLabel('Why should this margin go below the floor?').fill('They send three trades a week');
    await broker.getByRole('button', { name: 'Ask for approval' }).click();
    await broker
      .getByTestId('approval-asked')
      .getByText(/Sent to your admins: GBP\/USD £100k–£1m at 20\.0 bps/)
      .waitFor();
    await h.screenshot(broker, 'margin-pack-ask-375');
    // Again without a reload: the badge and the queue show the new request.
    await poll(() => waiting.textContent()).toBe('Requests 1 waiting for approval');
    const again = admin.getByTestId('approval-request');
    await again.getByText('“They send three trades a week”').waitFor();
    expect(await again.textContent()).toContain('Alice Broker · Margin Journey Ltd · GBP/USD at 20.0 bps');
    await again.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('No requests waiting for a decision.').waitFor();
    // The broker sees the decision where they asked, without a reload.
    await broker
      .getByTestId('approval-asked')
      .getByText(/Approved: GBP\/USD £100k–£1m at 20\.0 bps/)
      .waitFor();
    await broker.getByRole('link', { name: 'Decisions 1 unread' }).waitFor();
    await broker.getByRole('button', { name: 'Price trades' }).click();
    await broker.getByRole('heading', { name: 'Evidence pack: Margin Journey Ltd', exact: true }).waitFor();
    await broker.getByRole('button', { name: 'Create share link' }).click();
    await broker.getByLabel('Share link').waitFor();

    const notices = await h.t.db
      .selectFrom('notifications')
      .select(['kind', 'body'])
      .where('user_id', '=', aliceId)
      .execute();
    expect(notices.map((n) => n.kind)).toEqual(['margin_approved', 'margin_approved']);

    // Issue 25 §3: the dashboard's 'Margin conceded' for today counts the pitch below the floor with its approval.
    await admin.goto('/admin');
    await chooseRadio(admin, 'Today');
    const alice = admin.getByTestId('margin-conceded-broker').filter({ hasText: 'Alice Broker' });
    await poll(() => alice.textContent()).toContain('1 below the floor: 1 approved');
    expect(await alice.textContent()).toMatch(/bps against a floor of 50\.0 bps · £[\d,]+ a year/);
    // Issue 32 §4: one story per client — the margin approved for Margin Journey Ltd (the lower of its two
    // approvals), the pitch and the pack under it; and the same line in the card's CSV.
    const client = admin.getByTestId('margin-client').filter({ hasText: 'Margin Journey Ltd' });
    await poll(() => client.textContent()).toContain(
      'Approved: GBP/USD £100k–£1m at 20.0 bps (floor 50 bps, Adam Admin)',
    );
    expect(await client.textContent()).toContain(
      '1 pitch below the floor, lowest 41.3 bps: 1 approved · 1 pack at 20 bps',
    );
    const [perClient] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: 'Download per client (CSV)' }).click(),
    ]);
    const clientLines = (await readFile((await perClient.path()) as string, 'utf8')).trim().split(/\r?\n/);
    expect(clientLines).toHaveLength(2);
    expect(clientLines[1]).toMatch(
      /^Margin Journey Ltd,Alice Broker,GBP\/USD £100k–£1m at 20\.0 bps,0,1,1,0,0,0,41\.3,1,20,/,
    );
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.setViewportSize(MOBILE);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await alice.scrollIntoViewIfNeeded();
    await h.screenshot(admin, 'margin-conceded-375');
    // The user activity page carries the same figures for that broker.
    await admin.setViewportSize(DESKTOP);
    await admin.goto(`/admin/user/${aliceId}`);
    await poll(() => admin.getByTestId('member-margin-conceded').textContent()).toContain(
      '1 below the floor: 1 approved',
    );
    expect(await seriousViolations(admin)).toEqual([]);
    // And the team CSV carries the pitch: its margin, the floor of its time, below it, approved.
    await admin.getByRole('button', { name: 'Export Activity' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Export Activity' });
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const [header = '', ...lines] = (await readFile((await download.path()) as string, 'utf8')).trim().split(/\r?\n/);
    expect(header.endsWith('Margin (bps),Margin per Year (GBP),Floor (bps),Below Floor,Approval')).toBe(true);
    const pitch = lines.filter((line) => line.includes('Margin Journey Ltd'));
    expect(pitch).toHaveLength(1);
    expect(pitch[0]).toMatch(/,41\.3,79560\.\d\d,50(\.0)?,Yes,Approved$/);
  });
  it("a pitch below the floor asked for from the lead's details: no new pitch, the admin's badge counts it live", async () => {
    const admin = await h.newPage();
    await signIn(admin, ADAM.email, 'Admin');
    await admin.getByText('No requests waiting for a decision.').waitFor();
    const broker = await h.newPage(MOBILE);
    await signIn(broker, ALICE.email);
    await fillInputs(broker, {
      yourRate: '1.3500',
      competitorRate: '1.3400',
      amount: '500,000',
      tradesPerYear: '52',
      clientName: 'Lead Details Ask Ltd',
    });
    await calculate(broker);
    // Saved (the calculator's own form to ask shows), and not asked from there.
    await broker.getByLabel('Why should this pitch go below the floor?').waitFor();
    await broker.goto('/leads');
    await broker.getByRole('button', { name: 'Lead Details Ask Ltd', exact: true }).click();
    const details = broker.getByRole('dialog', { name: 'Lead Details Ask Ltd' });
    await details.getByRole('heading', { name: 'Calculation Details (1)' }).waitFor();
    const note = details.getByTestId('pitch-margin');
    await poll(() => note.getByTestId('pitch-approval-state').textContent()).toBe('Not yet asked');
    await note.getByLabel('Why should this pitch go below the floor?').fill('Moving all their payments to us');
    await h.screenshot(broker, 'margin-lead-details-ask-375');
    await note.getByRole('button', { name: 'Ask for approval' }).click();
    // The pitch's record says it waits; no pitch was saved to ask.
    await poll(() => note.textContent()).toContain('Approval requested (asked: “Moving all their payments to us”)');
    expect(await details.getByRole('heading', { name: 'Calculation Details (1)' }).count()).toBe(1);
    expect(await note.getByRole('button', { name: 'Ask for approval' }).count()).toBe(0);
    expect(await seriousViolations(broker)).toEqual([]);
    expect(await broker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The admin's page, untouched since it loaded: the badge and the queue show it.
    await poll(() => admin.getByTestId('pending-requests').textContent()).toBe('Requests 1 waiting for approval');
    const request = admin.getByTestId('approval-request');
    expect(await request.textContent()).toContain('Alice Broker · Lead Details Ask Ltd · GBP/USD at 41.3 bps');
    await request.getByRole('button', { name: 'Decline' }).click();
    await admin.getByText('No requests waiting for a decision.').waitFor();
    // The broker sees the decline in the lead's details, open all along, and may ask again.
    await poll(() => note.textContent()).toContain('Declined by Adam Admin');
    await note.getByRole('button', { name: 'Ask for approval' }).waitFor();
    await admin.setViewportSize(MOBILE);
    await h.screenshot(admin, 'margin-requests-none-375');
    await admin.context().close();
    await broker.context().close();
  });
  it('the policy log shows ten changes at a time, newest first, and older ones on asking', async () => {
    // Eleven earlier changes (January, one a day, the options narrowing then widening), before the journey's.
    const adam = await h.t.db
      .selectFrom('user_profiles')
      .select(['id', 'company_id'])
      .where('email', '=', ADAM.email)
      .executeTakeFirstOrThrow();
    const options = [
      [0, 10, 20, 30, 40],
      [0, 10, 20, 30, 40, 50],
    ];
    for (let day = 1; day <= 11; day++) {
      await h.t.db
        .insertInto('margin_policy_versions')
        .values({
          company_id: adam.company_id,
          floors: JSON.stringify({}),
          margin_options: options[(day + 1) % 2] as number[],
          changed_by: adam.id,
          changed_by_name: 'Adam Admin',
          changed_at: new Date(`2026-01-${String(day).padStart(2, '0')}T09:00:00Z`),
        })
        .execute();
    }
    const admin = await h.newPage(MOBILE);
    await signIn(admin, ADAM.email, 'Admin');
    await admin.getByRole('button', { name: 'Show every change' }).click();
    const change = admin.getByTestId('policy-change');
    await poll(() => change.count()).toBe(10);
    // Newest first: the journey's change, then 11 January's.
    expect(await change.nth(1).textContent()).toContain('11 Jan 2026');
    await admin.getByRole('button', { name: 'Show older' }).click();
    await poll(() => change.count()).toBe(12);
    expect(await change.nth(11).textContent()).toContain('1 Jan 2026');
    expect(await change.nth(11).getByRole('listitem').allTextContents()).toEqual([
      'Inflate Your Margin: None, 10, 20, 30, 40 and 50 pips → None, 10, 20, 30 and 40 pips',
    ]);
    expect(await admin.getByRole('button', { name: 'Show older' }).count()).toBe(0);
    expect(await seriousViolations(admin)).toEqual([]);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
