import { randomUUID } from 'node:crypto';
import { packMethod, tradeSourceText } from '@pippitch/shared/pack';
import { evidenceLines } from '@pippitch/shared/pitch-summary';
import { londonDateOf } from '@pippitch/shared/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackfill } from '../../../core/src/market/ingest/backfill/run';
import { createDukascopyProvider } from '../../../core/src/market/vendors/dukascopy/client';
import { systemScope } from '../../../core/src/queries/scope';
import { reportData } from '../../../core/src/services/reports/report-data';
import { errorOf, ownerOfNewCompany, startTestApp, type TestApp, type TestClient } from '../helpers';
import { type DukascopyServer, dukascopyMid, startDukascopyServer } from '../market/dukascopy-server';

// Issue 34 §2: a cross the provider does not quote is derived per minute from two legs, 'its record naming both
// legs and the method'. A desk adds GBP/PLN; the worker's backfill (against the local Dukascopy-speaking server)
// fetches GBP/USD and USD/PLN and derives GBP/PLN; a pitch's record, its Calculation Details lines, a pack's rows
// and its share page's method say 'GBP/PLN derived from GBP/USD × USD/PLN at the same minute'. A pair priced from
// its own minutes gets no such line.
const DAY = 86_400_000;
const MON = Date.UTC(2025, 0, 6);
const NOW = MON + 2 * DAY; // Wednesday 00:00: Monday's day files are out
const NINE = MON + 9 * 3_600_000; // 09:00 London (GMT)
const DERIVED = 'Derived cross: GBP/USD × USD/PLN at the same minute';

let server: DukascopyServer;
let h: TestApp;
let owner: TestClient;
let companyId: string;

beforeAll(async () => {
  server = await startDukascopyServer();
  h = await startTestApp();
  h.clock.now = new Date(NOW);
  ({ c: owner, companyId } = await ownerOfNewCompany(h, 'Zloty Desk'));
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute(); // packs need it
  await owner.api.company.setPairs.mutate({ pairs: ['GBPUSD', 'GBPPLN'] });
  const provider = createDukascopyProvider({ baseUrl: server.baseUrl, minIntervalMs: 0, now: () => NOW });
  // The legs GBP/PLN needs, then the derivation the same run does for every derived pair a desk quotes.
  await runBackfill({
    db: h.t.db,
    provider,
    pairs: ['GBPUSD', 'USDPLN'],
    now: () => NOW,
    fromMs: MON,
    untilMs: MON + DAY,
  });
}, 180_000);

afterAll(async () => {
  await h?.close();
  await server?.close();
});

/** The legs' closes at 09:00 multiplied, to 6 decimals: the cross's mid worked by hand from what was fetched. */
let handMid: number;
beforeAll(async () => {
  const close = async (pair: string) =>
    (
      await sql<{ close: number; source: string }>`
        SELECT close, source FROM fx_minute_bars WHERE pair = ${pair} AND ts = ${new Date(NINE)}`.execute(h.t.db)
    ).rows[0]!;
  const [gbpusd, usdpln] = [await close('GBPUSD'), await close('USDPLN')];
  expect([gbpusd.source, usdpln.source]).toEqual(['dukascopy', 'dukascopy']);
  handMid = Math.round(gbpusd.close * usdpln.close * 1e6) / 1e6;
});

function pitch(pair: 'GBPPLN' | 'GBPUSD', competitorRate: string) {
  const id = randomUUID();
  return owner.api.calculator.save
    .mutate({
      id,
      pair,
      yourRate: competitorRate,
      competitorRate,
      amount: '100000',
      tradesPerYear: 12,
      marginPips: 0,
      comparisonDate: '2025-01-06',
      comparisonTime: '09:00',
      clientName: 'Gdansk Timber Ltd',
    })
    .then(() => id);
}

async function evidenceOf(id: string) {
  const { rows } = await sql<{ evidence: string }>`
    SELECT evidence::text AS evidence FROM calculations WHERE id = ${id}`.execute(h.t.db);
  return JSON.parse(rows[0]!.evidence);
}

describe("a derived cross's record", () => {
  it('names both legs and the method, in the record and in Calculation Details', async () => {
    const id = await pitch('GBPPLN', handMid.toFixed(4));
    const evidence = await evidenceOf(id);
    expect(evidence.cross).toEqual({
      pair: 'GBP/PLN',
      legs: ['GBP/USD', 'USD/PLN'],
      method: 'GBP/USD × USD/PLN at the same minute',
    });
    // The mid is the derived minute itself, GBP/USD × USD/PLN at 09:00, and says so.
    expect(evidence.mid).toEqual({ rate: handMid.toFixed(6), at: new Date(NINE).toISOString(), source: DERIVED });
    const lines = evidenceLines('GBPPLN', evidence);
    expect(lines[0]).toContain(`(${DERIVED}, 6 Jan 2025, 09:00 London)`);
    expect(lines[1]).toBe('Cross rate: GBP/PLN derived from GBP/USD × USD/PLN at the same minute.');
  });

  it('is absent for a pair priced from its own minutes', async () => {
    const gbpusd = dukascopyMid('GBPUSD', NINE).toFixed(4);
    const evidence = await evidenceOf(await pitch('GBPUSD', gbpusd));
    expect(evidence).not.toHaveProperty('cross');
    expect(evidence.mid.source).toBe('Dukascopy');
    expect(evidenceLines('GBPUSD', evidence).some((l) => l.startsWith('Cross rate'))).toBe(false);
  });

  it("shows on a pack's rows and its share page's method", async () => {
    const { rows } = await sql<{ lead_id: string }>`
      SELECT lead_id FROM calculations WHERE lead_id IS NOT NULL LIMIT 1`.execute(h.t.db);
    const csv = [
      'date,time,pair,direction,amount,rate',
      `2025-01-06,09:00,GBPPLN,sell,100000,${handMid.toFixed(4)}`,
      `2025-01-06,09:00,GBPUSD,sell,100000,${dukascopyMid('GBPUSD', NINE).toFixed(4)}`,
      `2025-01-06,09:00,GBPPLN,sell,100000,${handMid.toFixed(4)}`,
    ].join('\n');
    const pack = await owner.api.packs.create.mutate({ leadId: rows[0]!.lead_id, csv, marginBps: 20 });
    expect(tradeSourceText(pack.trades[0]!)).toBe(DERIVED);
    const link = await owner.api.packs.share.mutate({ id: pack.id });
    const view = await h.client().api.packs.shared.query({ token: link.url.split('/p/')[1]! });
    const method = packMethod(
      view.marginBps,
      view.trades.map((t) => t.pair),
    );
    // Once for the pair, however many of its trades; nothing for GBP/USD.
    expect(method.filter((l) => l.includes('derived from'))).toEqual([
      "GBP/PLN derived from GBP/USD × USD/PLN at the same minute: our history provider has no GBP/PLN prices of its own, so each minute is the product of its two legs' prices at that minute.",
    ]);
    expect(packMethod(20, ['GBPUSD'])).toEqual(packMethod(20));
  });

  it("is named in the monthly report's sources", async () => {
    // The save stamps the database's now(): the pitches are moved to the test's day, which the report spans.
    await sql`UPDATE calculations SET created_at = ${h.clock.now}`.execute(h.t.db);
    const day = londonDateOf(h.clock.now);
    const report = await reportData(h.t.db, systemScope('system:reports', companyId), { start: day, end: day });
    expect(report.pairNotes).toEqual([
      "GBP/PLN derived from GBP/USD × USD/PLN at the same minute: our history provider has no GBP/PLN prices of its own, so each minute is the product of its two legs' prices at that minute.",
    ]);
  });

  it('refuses a pitch in the cross once the desk stops quoting it', async () => {
    await owner.api.company.setPairs.mutate({ pairs: ['GBPUSD'] });
    expect((await errorOf(pitch('GBPPLN', handMid.toFixed(4)))).code).toBe('BAD_REQUEST');
  });
});
