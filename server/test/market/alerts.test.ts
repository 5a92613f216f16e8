import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteHub } from '../../../core/src/market/live/quote-hub';
import { repriceLeads } from '../../../core/src/services/alerts/reprice';
import {
  addMember,
  errorOf,
  signedIn,
  signUp,
  signupInput,
  startTestApp,
  type TestApp,
  type TestClient,
  WORKED,
} from '../helpers';

// Issue 14 §4: the nightly re-pricing of every broker's leads, the flag in My Leads and the morning digest.
let h: TestApp;
let bob: TestClient;
const DAY1 = new Date('2025-11-10T06:00:00Z');
const day = (n: number) => new Date(DAY1.getTime() + n * 86_400_000);
const APP = 'https://app.example';

async function bar(pair: string, ts: Date, close: number) {
  await sql`INSERT INTO fx_minute_bars VALUES (${pair}, ${ts}, ${close}, ${close}, ${close}, ${close}, 'feed')
    ON CONFLICT (pair, ts) DO UPDATE SET close = excluded.close`.execute(h.t.db);
}

async function digests() {
  return h.t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('template', '=', 'alert_digest')
    .orderBy('created_at')
    .execute();
}

async function alerts() {
  const { leads } = await bob.api.leads.list.query();
  return Object.fromEntries(leads.map((l) => [l.name, l.alert]));
}

beforeAll(async () => {
  h = await startTestApp({}, (t) => {
    // The mids on record when the calculations are saved: GBPUSD 1.30, GBPEUR 1.15.
    const quotes = new QuoteHub(t.db, t.url);
    quotes.publish([
      { pair: 'GBPUSD', bid: 1.3, ask: 1.3, mid: 1.3, timestamp: DAY1.getTime() - 3_600_000, source: 'feed' },
      { pair: 'GBPEUR', bid: 1.15, ask: 1.15, mid: 1.15, timestamp: DAY1.getTime() - 3_600_000, source: 'feed' },
    ]);
    return { quotes };
  });
  h.clock.now = day(-1);
  const ada = h.client();
  await signUp(h.t.db, ada, signupInput());
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
  await addMember(h, 'Acme FX', 'bob@acmefx.co.uk', 'junior');
  bob = await signedIn(h, 'bob@acmefx.co.uk');
  for (const [clientName, pair] of [
    ['Alpha Ltd', 'GBPUSD'],
    ['Beta Ltd', 'GBPEUR'],
  ] as const) {
    await bob.api.calculator.save.mutate({
      ...WORKED,
      id: randomUUID(),
      pair,
      clientName,
      comparisonDate: '2025-11-09',
    });
  }
  // Saved the day before (the database stamps the real time; the test's calendar needs its own).
  await h.t.db
    .updateTable('calculations')
    .set({ created_at: new Date('2025-11-09T10:00:00Z') })
    .execute();
  // This morning's market: GBPUSD up 11.5 % (the saving in £ falls 10.3 %), GBPEUR (EURGBP 1 ÷ 1.16) up 0.9 %.
  await bar('GBPUSD', new Date('2025-11-10T05:59:00Z'), 1.45);
  await bar('EURGBP', new Date('2025-11-10T05:59:00Z'), 1 / 1.16);
});
afterAll(() => h.close());

describe('nightly re-pricing', () => {
  it('flags a lead whose saving moved past the threshold and sends one digest, even with two runs at once', async () => {
    const [a, b] = await Promise.all([repriceLeads(h.t.db, DAY1, APP), repriceLeads(h.t.db, DAY1, APP)]);
    expect(a.leads).toBe(2);
    expect(a.flagged).toBe(1);
    expect(a.digests + b.digests).toBe(1);
    expect(await alerts()).toEqual({ 'Alpha Ltd': 'Saving down 10 % since 9 Nov: call back', 'Beta Ltd': null });
    const mails = await digests();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: 'bob@acmefx.co.uk',
      subject: '1 lead to call back: the saving moved',
    });
    expect(mails[0]!.text_body).toContain('Alpha Ltd: Saving down 10 % since 9 Nov: call back');
    expect(mails[0]!.text_body).not.toContain('Beta Ltd');
    expect(mails[0]!.text_body).toMatch(new RegExp(`${APP}/unsubscribe\\?token=[0-9a-f]{64}`));
    const row = await h.t.db
      .selectFrom('lead_repricings')
      .select(['base_annual_savings', 'repriced_annual_savings', 'change_pct'])
      .where('flagged_since', 'is not', null)
      .executeTakeFirstOrThrow();
    // 80,918.74 × 1.30 ÷ 1.45, through the calculator's own maths.
    expect(row).toEqual({ base_annual_savings: '80918.74', repriced_annual_savings: '72547.83', change_pct: '-10.34' });
  });

  it('sends no digest the next morning when nothing new moved, and the flag stays', async () => {
    const run = await repriceLeads(h.t.db, day(1), APP);
    expect(run).toMatchObject({ flagged: 1, digests: 0 });
    expect(await digests()).toHaveLength(1);
    expect((await alerts())['Alpha Ltd']).toBe('Saving down 10 % since 9 Nov: call back');
  });

  it("follows the broker's own threshold", async () => {
    expect(await bob.api.alerts.settings.query()).toEqual({ thresholdPct: 10, digest: true });
    await bob.api.alerts.setSettings.mutate({ thresholdPct: 11, digest: true });
    expect(await repriceLeads(h.t.db, day(2), APP)).toMatchObject({ flagged: 0, digests: 0 });
    expect((await alerts())['Alpha Ltd']).toBeNull();
    const bad = await errorOf(bob.api.alerts.setSettings.mutate({ thresholdPct: 0, digest: true }));
    expect(bad).toEqual({ code: 'BAD_REQUEST', message: 'The threshold is between 1 and 100 %' });
  });

  it("the digest's unsubscribe link stops the digest; the flag in My Leads stays", async () => {
    const token = (await digests())[0]!.text_body.match(/token=([0-9a-f]{64})/)![1]!;
    expect(await h.client().api.alerts.unsubscribe.mutate({ token })).toEqual({ unsubscribed: true });
    expect(await bob.api.alerts.settings.query()).toEqual({ thresholdPct: 11, digest: false });
    await bob.api.alerts.setSettings.mutate({ thresholdPct: 5, digest: false });
    expect(await repriceLeads(h.t.db, day(3), APP)).toMatchObject({ flagged: 1, digests: 0 });
    expect((await alerts())['Alpha Ltd']).toBe('Saving down 10 % since 9 Nov: call back');
    const wrong = await errorOf(h.client().api.alerts.unsubscribe.mutate({ token: 'f'.repeat(64) }));
    expect(wrong.code).toBe('NOT_FOUND');
    // Stored as a hash only; after subscribing again the old link does nothing.
    const stored = await h.t.db.selectFrom('digest_unsubscribe_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    await bob.api.alerts.setSettings.mutate({ thresholdPct: 5, digest: true });
    const reused = await errorOf(h.client().api.alerts.unsubscribe.mutate({ token }));
    expect(reused).toEqual({
      code: 'NOT_FOUND',
      message: 'This unsubscribe link is not valid. Change the digest in My Leads instead.',
    });
    expect(await bob.api.alerts.settings.query()).toEqual({ thresholdPct: 5, digest: true });
    await bob.api.alerts.setSettings.mutate({ thresholdPct: 5, digest: false });
  });

  it('a new calculation is the new baseline: the flag goes', async () => {
    h.clock.now = day(3);
    await bob.api.calculator.save.mutate({ ...WORKED, id: randomUUID(), clientName: 'Alpha Ltd' });
    expect((await alerts())['Alpha Ltd']).toBeNull();
  });

  it('an off-market pitch is never re-priced: the lead keeps its last on-market pitch (issue 31 §1)', async () => {
    const honest = await h.t.db
      .selectFrom('calculations')
      .select('id')
      .where('client_name', '=', 'Alpha Ltd')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    // A typo saved after 'Use this rate anyway' (the check itself is every-day.test.ts's).
    const typo = randomUUID();
    await bob.api.calculator.save.mutate({ ...WORKED, id: typo, clientName: 'Alpha Ltd', competitorRate: '1.0300' });
    await h.t.db.updateTable('calculations').set({ off_market: true }).where('id', '=', typo).execute();
    await repriceLeads(h.t.db, day(4), APP);
    const rows = await h.t.db
      .selectFrom('lead_repricings')
      .select('calculation_id')
      .where('calculation_id', 'in', [honest.id, typo])
      .execute();
    expect(rows).toEqual([{ calculation_id: honest.id }]);
  });
});
