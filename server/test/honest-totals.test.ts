import { randomUUID } from 'node:crypto';
import { calculateSavings } from '@pippitch/shared/calculator';
import { OFF_MARKET_CONFIRM_NEEDED } from '@pippitch/shared/totals';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEcbReferenceRates } from '../../core/src/market/dataset/ecb-store';
import { QuoteHub } from '../../core/src/market/live/quote-hub';
import { systemScope } from '../../core/src/queries/scope';
import { reportData } from '../../core/src/services/reports/report-data';
import { teamSummary } from '../../core/src/services/salesforce/team-summary';
import {
  addMember,
  errorOf,
  signedIn,
  signUp,
  signupInput,
  startTestApp,
  type TestApp,
  type TestClient,
} from './helpers';
import { insertBars } from './market/fixtures';

// Issue 22 §1–2 end to end against PostgreSQL: pitches saved through the calculator's procedure (a saving, a loss,
// an off-market rate and a EUR/USD saving) and every total that adds them up — the dashboard, user activity, the
// CSV, the Salesforce summary and the monthly report — in pounds, savings only, off-market rates left out.
let h: TestApp;
let admin: TestClient;
let alice: TestClient;
let aliceId: string;
let companyId: string;
const NOW = new Date('2025-11-03T12:00:00Z'); // Monday, GMT
const GBPEUR_MID = 1.136364; // pounds per euro = 1 / 1.136364 = 0.88

beforeAll(async () => {
  h = await startTestApp({}, (t) => {
    const quotes = new QuoteHub(t.db, t.url);
    const at = Date.parse('2025-11-03T11:59:30Z');
    quotes.publish([
      { pair: 'GBPUSD', bid: 1.3299, ask: 1.3301, mid: 1.33, timestamp: at, source: 'simulated' },
      { pair: 'GBPEUR', bid: 1.1363, ask: 1.1364, mid: GBPEUR_MID, timestamp: at, source: 'simulated' },
      { pair: 'EURUSD', bid: 1.1599, ask: 1.1601, mid: 1.16, timestamp: at, source: 'simulated' },
    ]);
    return { quotes };
  });
  h.clock.now = NOW;
  // Days around 1.33 (GBP/USD) and 1.16 (EUR/USD), ±0.01.
  await insertBars(h.t.db, 'GBPUSD', '2025-11-03T00:00:00Z', '2025-11-03T12:00:00Z', 1.33);
  await insertBars(h.t.db, 'EURUSD', '2025-11-03T00:00:00Z', '2025-11-03T12:00:00Z', 1.16);
  await storeEcbReferenceRates(h.t.db);
  await signUp(h.t.db, h.client(), signupInput());
  aliceId = await addMember(h, 'Acme FX', 'alice@acmefx.co.uk', 'junior');
  admin = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
  alice = await signedIn(h, 'alice@acmefx.co.uk');
  companyId = (
    await h.t.db.selectFrom('user_profiles').select('company_id').where('id', '=', aliceId).executeTakeFirstOrThrow()
  ).company_id;
});
afterAll(() => h.close());

const base = { amount: '500000', tradesPerYear: 52, marginPips: 0 as const, comparisonDate: '2025-11-03' };
const SAVING = {
  ...base,
  pair: 'GBPUSD' as const,
  yourRate: '1.3290',
  competitorRate: '1.3250',
  clientName: 'Saver Ltd',
};
const LOSS = {
  ...base,
  pair: 'GBPUSD' as const,
  yourRate: '1.3250',
  competitorRate: '1.3300',
  clientName: 'Loser Ltd',
};
const TYPO = { ...base, pair: 'GBPUSD' as const, yourRate: '1.3350', competitorRate: '1.1600', clientName: 'Typo Ltd' };
const POUND_EURO = {
  ...base,
  pair: 'GBPEUR' as const,
  yourRate: '1.1360',
  competitorRate: '1.1320',
  clientName: 'Sterling Euro Ltd',
};
// Each of our rates is below its mid (GBP/USD 1.33, GBP/EUR 1.136364, EUR/USD 1.16): the desk earns a margin.
const EURO = { ...base, pair: 'EURUSD' as const, yourRate: '1.1590', competitorRate: '1.1550', clientName: 'Euro SA' };
// Our rate above the GBP/USD mid of 1.33: the client would get more than the market, a loss to the desk (issue 31 §5).
const BELOW_MID = {
  ...base,
  pair: 'GBPUSD' as const,
  yourRate: '1.3390',
  competitorRate: '1.3300',
  clientName: 'Generous Ltd',
};
const annual = (i: typeof SAVING | typeof EURO | typeof POUND_EURO) => calculateSavings(i).annualSavings;
const pips = (i: typeof SAVING | typeof EURO | typeof POUND_EURO) => Number(calculateSavings(i).differenceInPips);

describe('saving pitches', () => {
  it('an off-market competitor rate is refused until the broker says to use it anyway', async () => {
    const id = randomUUID();
    expect(await errorOf(alice.api.calculator.save.mutate({ ...TYPO, id }))).toEqual({
      code: 'BAD_REQUEST',
      message: OFF_MARKET_CONFIRM_NEEDED,
    });
    expect(await h.t.db.selectFrom('calculations').select('id').where('id', '=', id).execute()).toEqual([]);
    await alice.api.calculator.save.mutate({ ...TYPO, id, useOffMarketRate: true });
    const row = await h.t.db
      .selectFrom('calculations')
      .select(['off_market', 'standing'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ off_market: true, standing: 'off_market' });
  });

  it('a saving, a loss and a EUR/USD saving (converted at the GBP/EUR mid the server held)', async () => {
    for (const p of [SAVING, LOSS, EURO, POUND_EURO, BELOW_MID])
      await alice.api.calculator.save.mutate({ ...p, id: randomUUID() });
    // The save stamps the database's now(); the test's day is the injected clock's, so the rows are moved to it and
    // the rollups rebuilt (as migration 0035 does).
    await sql`UPDATE calculations SET created_at = ${new Date('2025-11-03T11:00:00Z')}`.execute(h.t.db);
    await sql`TRUNCATE calculation_user_days, calculation_clients`.execute(h.t.db);
    await sql`SELECT calculation_rollups_build(NULL)`.execute(h.t.db);
    const rows = await h.t.db
      .selectFrom('calculations')
      .select(['client_name', 'standing', 'gbp_per_unit', 'savings_gbp', 'counted_savings_gbp', 'evidence'])
      .orderBy('client_name')
      .execute();
    const euro = rows.find((r) => r.client_name === 'Euro SA');
    expect(euro).toMatchObject({ standing: 'saving', gbp_per_unit: (1 / GBPEUR_MID).toFixed(8) });
    expect((euro?.evidence as { gbp?: unknown } | null | undefined)?.gbp).toEqual({
      rate: (1 / GBPEUR_MID).toFixed(8),
      source: 'Simulated feed',
      at: '2025-11-03T11:59:30.000Z',
    });
    expect(rows.find((r) => r.client_name === 'Loser Ltd')).toMatchObject({
      standing: 'loss',
      counted_savings_gbp: '0.00',
    });
    // Below the mid: a big 'saving' for the client that is the desk's loss — never counted.
    expect(rows.find((r) => r.client_name === 'Generous Ltd')).toMatchObject({
      standing: 'below_mid',
      counted_savings_gbp: '0.00',
    });
  });
});

describe('every total', () => {
  const euroGbp = () => (Number(annual(EURO)) * (1 / GBPEUR_MID)).toFixed(2);
  const expectedSavings = () => (Number(annual(SAVING)) + Number(annual(POUND_EURO)) + Number(euroGbp())).toFixed(2);

  it('the dashboard: savings only where we are cheaper, in pounds; losses and off-market rates counted apart', async () => {
    const d = await admin.api.activity.dashboard.query({ range: 'today' });
    expect(d.totals.calculations.current).toBe('6');
    expect(d.totals.savings.current).toBe(expectedSavings());
    expect(d.totals.losses.current).toBe('1');
    // The typo and the pitch below the mid.
    expect(d.totals.excluded.current).toBe('2');
    // Pips averaged over the three counted pitches (the savings): not the typo's 1,750, not the loss's, not the
    // pitch below the mid's (issue 31 §5).
    const avg = ((pips(SAVING) + pips(EURO) + pips(POUND_EURO)) / 3).toFixed(1);
    expect(d.totals.averagePips.current).toBe(avg);
  });

  it('user activity: each company’s savings in pounds, each pitch flagged', async () => {
    const a = await admin.api.activity.user.query({ userId: aliceId, view: 'daily' });
    const by = (name: string) => a.companies.find((c) => c.name === name);
    expect(by('Saver Ltd')).toMatchObject({ annualSavings: annual(SAVING), losses: 0, excluded: 0 });
    expect(by('Loser Ltd')).toMatchObject({ annualSavings: '0.00', losses: 1 });
    expect(by('Typo Ltd')).toMatchObject({ annualSavings: '0.00', excluded: 1 });
    expect(by('Euro SA')?.annualSavings).toBe(euroGbp());
    expect(by('Sterling Euro Ltd')?.annualSavings).toBe(annual(POUND_EURO));
    expect(by('Generous Ltd')).toMatchObject({ annualSavings: '0.00', excluded: 1 });
    expect(a.calculations.map((c) => c.standing).sort()).toEqual([
      'below_mid',
      'loss',
      'off_market',
      'saving',
      'saving',
      'saving',
    ]);
  });

  it('the CSV says each pitch’s currencies, its pounds and its standing', async () => {
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = await (
      await fetch(`${h.url}/api/activity/export.csv?users=${aliceId}&period=today`, { headers: { cookie } })
    ).text();
    const euro = body.split('\r\n').find((l) => l.includes('Euro SA'));
    expect(euro).toContain(`,500000,USD,52,`);
    expect(euro).toContain(`,EUR,`);
    expect(euro).toContain(`,${euroGbp()},${(1 / GBPEUR_MID).toFixed(8).replace(/0+$/, '')},Saving (counted),`);
    const poundEuro = body.split('\r\n').find((l) => l.includes('Sterling Euro Ltd'));
    expect(poundEuro).toContain(',500000,EUR,52,');
    expect(poundEuro).toContain(`,GBP,`);
    expect(poundEuro).toContain(`,${annual(POUND_EURO)},1,Saving (counted),`);
    expect(body.split('\r\n').find((l) => l.includes('Typo Ltd'))).toContain(',Off-market rate: excluded from totals,');
    expect(body.split('\r\n').find((l) => l.includes('Loser Ltd'))).toContain(',Competitor cheaper: not added,');
    expect(body.split('\r\n').find((l) => l.includes('Generous Ltd'))).toContain(
      ',Below the mid — a loss to you: not counted,',
    );
  });

  it('the Salesforce summary and the monthly report add the same pounds', async () => {
    const span = { start: '2025-11-03', end: '2025-11-03' };
    const [member] = await teamSummary(h.t.db, systemScope('system:crm-export', companyId), {
      userIds: [aliceId],
      span,
    });
    expect(member).toMatchObject({ calculations: 6, savings: expectedSavings(), losses: 1, excluded: 2 });
    const report = await reportData(h.t.db, systemScope('system:reports', companyId), span);
    expect(report.totals).toMatchObject({ calculations: 6, savings: expectedSavings(), losses: 1, excluded: 2 });
    const euro = report.brokers[0]?.clients.find((c) => c.client === 'Euro SA');
    expect(euro).toMatchObject({ annualSavings: annual(EURO), savingsGbp: euroGbp(), standing: 'saving' });
  });
});
