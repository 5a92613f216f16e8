import { randomUUID } from 'node:crypto';
import { repricedAnnualSavings } from '@pippitch/shared/alerts';
import { pipSize } from '@pippitch/shared/pairs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteHub } from '../../../core/src/market/live/quote-hub';
import { repriceLeads } from '../../../core/src/services/alerts/reprice';
import { addMember, ownerOfNewCompany, signedIn, startTestApp, type TestApp, type TestClient } from '../helpers';

// Issue 34 §5: the nightly re-pricing honours the catalogue. Leads pitched in a pair beyond the six — a direct one
// (USD/JPY), a derived cross (GBP/PLN, its own stored minutes) and a daily-only pair (GBP/INR, no live quote: its
// record's mid is the day's ECB fix) — are re-priced on their pair's newest stored price, as the six's are.
let h: TestApp;
let broker: TestClient;
const SAVED_AT = Date.parse('2025-11-09T10:00:00Z');
const RUN = new Date('2025-11-11T06:00:00Z');

async function bar(pair: string, ts: string, close: number, source: string) {
  await sql`INSERT INTO fx_minute_bars VALUES (${pair}, ${ts}::timestamptz, ${close}, ${close}, ${close}, ${close}, ${source})`.execute(
    h.t.db,
  );
}

const base = { amount: '1000000', tradesPerYear: 12, marginPips: 0 as const, comparisonDate: '2025-11-07' };
const PITCHES = [
  { ...base, pair: 'USDJPY' as const, yourRate: '150.00', competitorRate: '149.50', clientName: 'Osaka Parts Ltd' },
  { ...base, pair: 'GBPPLN' as const, yourRate: '5.0000', competitorRate: '4.9500', clientName: 'Gdansk Timber Ltd' },
  {
    ...base,
    pair: 'GBPINR' as const,
    yourRate: '109.5000',
    competitorRate: '108.5000',
    clientName: 'Mumbai Textiles Ltd',
  },
];
/** The mid each pitch was saved on (live quotes; GBP/INR's is its fix of 7 Nov), and the newest stored price. */
const MIDS = { USDJPY: [150.2, 165.22], GBPPLN: [5, 5.5], GBPINR: [110, 121] } as const;

beforeAll(async () => {
  h = await startTestApp({}, (t) => {
    const quotes = new QuoteHub(t.db, t.url);
    const at = SAVED_AT - 60_000;
    quotes.publish([
      { pair: 'GBPUSD', bid: 1.25, ask: 1.25, mid: 1.25, timestamp: at, source: 'feed' },
      { pair: 'USDJPY', bid: 150.2, ask: 150.2, mid: 150.2, timestamp: at, source: 'feed' },
      { pair: 'GBPPLN', bid: 5, ask: 5, mid: 5, timestamp: at, source: 'feed' },
    ]);
    return { quotes };
  });
  h.clock.now = new Date(SAVED_AT);
  const { c: owner } = await ownerOfNewCompany(h, 'Reprice Desk');
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
  await owner.api.company.setPairs.mutate({ pairs: ['GBPUSD', 'GBPPLN', 'GBPINR', 'USDJPY'] });
  await addMember(h, 'Reprice Desk', 'broker@repricedesk.co.uk', 'junior');
  broker = await signedIn(h, 'broker@repricedesk.co.uk');
  // GBP/INR's ECB fix of Friday 7 Nov (14:10 CET), which its pitch is priced on.
  await bar('GBPINR', '2025-11-07T13:10:00Z', 110, 'ecb_daily');
  for (const p of PITCHES) await broker.api.calculator.save.mutate({ ...p, id: randomUUID() });
  await sql`UPDATE calculations SET created_at = ${new Date(SAVED_AT)}`.execute(h.t.db);
  // Two days on, each pair 10% higher: USD/JPY's and GBP/PLN's minutes, GBP/INR's fix of Monday 10 Nov.
  await bar('USDJPY', '2025-11-11T05:59:00Z', 165.22, 'dukascopy');
  await bar('GBPPLN', '2025-11-11T05:59:00Z', 5.5, 'derived');
  await bar('GBPINR', '2025-11-10T13:10:00Z', 121, 'ecb_daily');
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('re-pricing leads in any catalogue pair', () => {
  it("re-prices each on its pair's newest stored price, from the mid its record holds", async () => {
    const run = await repriceLeads(h.t.db, RUN, 'https://app.example');
    expect(run.leads).toBe(3);
    const { rows } = await sql<{ name: string; base: string; now: string }>`
      SELECT l.custom_name AS name, r.base_annual_savings::text AS base, r.repriced_annual_savings::text AS now
      FROM lead_repricings r JOIN user_leads l ON l.id = r.lead_id ORDER BY l.custom_name`.execute(h.t.db);
    const expected = PITCHES.map((p) => {
      const [saved, newest] = MIDS[p.pair];
      const repriced = repricedAnnualSavings({ ...p, pipSize: pipSize(p.pair) }, saved, newest);
      return { name: p.clientName, now: repriced };
    }).sort((a, b) => a.name.localeCompare(b.name));
    expect(rows.map(({ name, now }) => ({ name, now }))).toEqual(expected);
    // GBP/INR had no live quote: its base was the record's mid, the fix of 7 Nov.
    const { rows: inr } = await sql<{ live_rate: number | null; mid: string }>`
      SELECT live_rate, evidence->'mid'->>'rate' AS mid FROM calculations WHERE currency_pair = 'GBPINR'`.execute(
      h.t.db,
    );
    expect(inr).toEqual([{ live_rate: null, mid: '110.000000' }]);
  });
});
