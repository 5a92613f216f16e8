import { randomUUID } from 'node:crypto';
import { calculateSavings } from '@pippitch/shared/calculator';
import { Dec } from '@pippitch/shared/decimal';
import { pipSize } from '@pippitch/shared/pairs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteHub } from '../../../core/src/market/live/quote-hub';
import { systemScope } from '../../../core/src/queries/scope';
import { reportData } from '../../../core/src/services/reports/report-data';
import { teamSummary } from '../../../core/src/services/salesforce/team-summary';
import { addMember, ownerOfNewCompany, signedIn, startTestApp, type TestApp, type TestClient } from '../helpers';

// Issue 34 §5: the dashboard, the Salesforce summary and the monthly report add pitches in any catalogue pair in
// pounds, each at the cross stored with the pitch: a dollar-based pitch (USD/JPY) at the GBP/USD mid the server
// held, a euro-based one (EUR/PLN) at the GBP/EUR mid, a pound-based cross (GBP/PLN) as it is.
let h: TestApp;
let owner: TestClient;
let broker: TestClient;
let brokerId: string;
let companyId: string;
const NOW = new Date('2026-11-20T12:00:00Z');
const AT = Date.parse('2026-11-20T11:59:30Z');

beforeAll(async () => {
  h = await startTestApp({}, (t) => {
    const quotes = new QuoteHub(t.db, t.url);
    quotes.publish([
      { pair: 'GBPUSD', bid: 1.2499, ask: 1.2501, mid: 1.25, timestamp: AT, source: 'simulated' },
      { pair: 'GBPEUR', bid: 1.1363, ask: 1.1364, mid: 1.136364, timestamp: AT, source: 'simulated' },
    ]);
    return { quotes };
  });
  h.clock.now = NOW;
  const made = await ownerOfNewCompany(h, 'Every Pair Desk');
  owner = made.c;
  companyId = made.companyId;
  // The dashboard counts brokers' pitches (admins are not on it): a broker pitches.
  brokerId = await addMember(h, 'Every Pair Desk', 'broker@everypairdesk.co.uk', 'junior');
  broker = await signedIn(h, 'broker@everypairdesk.co.uk');
  await owner.api.company.setPairs.mutate({ pairs: ['GBPUSD', 'GBPPLN', 'EURPLN', 'USDJPY'] });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const base = { tradesPerYear: 12, marginPips: 0 as const, comparisonDate: '2026-11-20' };
const PITCHES = [
  {
    ...base,
    pair: 'USDJPY' as const,
    yourRate: '150.00',
    competitorRate: '149.50',
    amount: '10000000',
    clientName: 'Osaka Parts Ltd',
  },
  {
    ...base,
    pair: 'GBPPLN' as const,
    yourRate: '5.0500',
    competitorRate: '5.0000',
    amount: '100000',
    clientName: 'Gdansk Timber Ltd',
  },
  {
    ...base,
    pair: 'EURPLN' as const,
    yourRate: '4.2600',
    competitorRate: '4.2200',
    amount: '100000',
    clientName: 'Krakow Glass SA',
  },
];
/** Pounds per unit of the currency sold: 1 ÷ GBP/USD 1.25, 1 for GBP, 1 ÷ GBP/EUR 1.136364. */
const GBP_PER_UNIT = { USDJPY: '0.80000000', GBPPLN: '1.00000000', EURPLN: '0.87999972' };

const annual = (p: (typeof PITCHES)[number]) => calculateSavings({ ...p, pipSize: pipSize(p.pair) }).annualSavings;
const inGbp = (p: (typeof PITCHES)[number]) =>
  new Dec(annual(p)).times(GBP_PER_UNIT[p.pair]).toDecimalPlaces(2).toFixed(2);
const total = () => PITCHES.reduce((s, p) => s.plus(inGbp(p)), new Dec(0)).toFixed(2);

describe('totals across catalogue pairs', () => {
  it('store each pitch with its pounds per unit of the currency sold', async () => {
    for (const p of PITCHES) await broker.api.calculator.save.mutate({ ...p, id: randomUUID() });
    // The save stamps the database's now(); the day is the injected clock's, so rows move to it and rollups rebuild.
    await sql`UPDATE calculations SET created_at = ${new Date('2026-11-20T11:00:00Z')}`.execute(h.t.db);
    await sql`TRUNCATE calculation_user_days, calculation_clients`.execute(h.t.db);
    await sql`SELECT calculation_rollups_build(NULL)`.execute(h.t.db);
    const rows = await h.t.db
      .selectFrom('calculations')
      .select(['currency_pair', 'gbp_per_unit', 'savings_gbp', 'standing'])
      .orderBy('currency_pair')
      .execute();
    expect(rows).toEqual(
      [...PITCHES]
        .sort((a, b) => a.pair.localeCompare(b.pair))
        .map((p) => ({
          currency_pair: p.pair,
          gbp_per_unit: GBP_PER_UNIT[p.pair],
          savings_gbp: inGbp(p),
          standing: 'saving',
        })),
    );
    // USD/JPY by hand: ¥10,000,000 ÷ 149.50 − ÷ 150.00 = $222.97 a trade, × 12 = $2,675.59; in pounds at 0.8.
    expect(annual(PITCHES[0]!)).toBe('2675.59');
    expect(inGbp(PITCHES[0]!)).toBe('2140.47');
  });

  it('the dashboard, the Salesforce summary and the monthly report add the same pounds', async () => {
    const span = { start: '2026-11-20', end: '2026-11-20' };
    const [member] = await teamSummary(h.t.db, systemScope('system:crm-export', companyId), {
      userIds: [brokerId],
      span,
    });
    expect(member).toMatchObject({ calculations: 3, savings: total(), losses: 0, excluded: 0 });
    const report = await reportData(h.t.db, systemScope('system:reports', companyId), span);
    expect(report.totals).toMatchObject({ calculations: 3, savings: total() });
    const yen = report.brokers[0]?.clients.find((c) => c.client === 'Osaka Parts Ltd');
    // The row keeps the saving in the currency sold (dollars) beside its pounds.
    expect(yen).toMatchObject({ pair: 'USDJPY', annualSavings: annual(PITCHES[0]!), savingsGbp: inGbp(PITCHES[0]!) });
    const d = await owner.api.activity.dashboard.query({ range: 'today' });
    expect(d.totals.savings.current).toBe(total());
  });
});
