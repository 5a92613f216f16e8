import { randomUUID } from 'node:crypto';
import { calculateSavings } from '@pippitch/shared/calculator';
import { checkAgainstRange, rangeCheckMessage } from '@pippitch/shared/evidence';
import { simulatedTradesNote, tradeSourceText } from '@pippitch/shared/pack';
import { evidenceLines } from '@pippitch/shared/pitch-summary';
import { OFF_MARKET_CONFIRM_NEEDED } from '@pippitch/shared/totals';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Issue 31 §1: the off-market check on every day of the year. With the server's clock on a Saturday, a Sunday just
// before and just after the 22:00 London reopening, Christmas Day and a weekday inside a gap in the data, the
// competitor rate is checked against the last trading session's range and the latest mid, the check names that
// session, a typo needs 'Use this rate anyway', and what it saves stays out of the dashboard, the CSV, the monthly
// report and the Salesforce post.
let h: TestApp;
let hub: QuoteHub;
let admin: TestClient;
let alice: TestClient;
let aliceId: string;
let companyId: string;

beforeAll(async () => {
  h = await startTestApp({}, (t) => {
    hub = new QuoteHub(t.db, t.url);
    return { quotes: hub };
  });
  // GBP/USD around 1.33 (±0.01; the fixture leaves out the FX weekend, Friday 22:00 – Sunday 22:00, GMT here):
  // Tuesday 18 Nov 2025 missing (a gap in the data), and nothing on 25 December 2025 (Christmas Eve closes at 22:00).
  await insertBars(h.t.db, 'GBPUSD', '2025-11-10T00:00:00Z', '2025-11-18T00:00:00Z', 1.33);
  await insertBars(h.t.db, 'GBPUSD', '2025-11-19T00:00:00Z', '2025-11-30T00:00:00Z', 1.33);
  await insertBars(h.t.db, 'GBPUSD', '2025-12-22T00:00:00Z', '2025-12-24T22:00:00Z', 1.33);
  await signUp(h.t.db, h.client(), signupInput());
  aliceId = await addMember(h, 'Acme FX', 'alice@acmefx.co.uk', 'junior');
  admin = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
  alice = await signedIn(h, 'alice@acmefx.co.uk');
  companyId = (
    await h.t.db.selectFrom('user_profiles').select('company_id').where('id', '=', aliceId).executeTakeFirstOrThrow()
  ).company_id;
});
afterAll(() => h.close());

interface Case {
  name: string;
  /** The server's clock. */
  now: string;
  /** The feed's latest quote then: its last price while the market is closed. */
  quote: { at: string; mid: number };
  session: { date: string; from: string; to: string };
  words: string;
}

const CASES: Case[] = [
  {
    name: 'Saturday',
    now: '2025-11-29T10:30:00Z',
    quote: { at: '2025-11-28T21:59:45Z', mid: 1.3251 },
    session: { date: '2025-11-28', from: '00:00', to: '21:59' },
    words: 'Checked against Friday 28 Nov, 00:00–21:59 (no prices on Saturday 29 Nov).',
  },
  {
    name: 'Sunday 21:59 London',
    now: '2025-11-30T21:59:00Z',
    quote: { at: '2025-11-28T21:59:50Z', mid: 1.3252 },
    session: { date: '2025-11-28', from: '00:00', to: '21:59' },
    words: 'Checked against Friday 28 Nov, 00:00–21:59 (no prices on Sunday 30 Nov).',
  },
  {
    // The market has reopened: the mid is the new quote, the range still Friday's full session.
    name: 'Sunday 22:00 London',
    now: '2025-11-30T22:00:20Z',
    quote: { at: '2025-11-30T22:00:10Z', mid: 1.3262 },
    session: { date: '2025-11-28', from: '00:00', to: '21:59' },
    words: 'Checked against Friday 28 Nov, 00:00–21:59 (no prices on Sunday 30 Nov).',
  },
  {
    name: '25 December',
    now: '2025-12-25T11:00:00Z',
    quote: { at: '2025-12-24T21:59:30Z', mid: 1.3248 },
    session: { date: '2025-12-24', from: '00:00', to: '21:59' },
    words: 'Checked against Wednesday 24 Dec, 00:00–21:59 (no prices on Thursday 25 Dec).',
  },
  {
    name: 'a weekday inside a gap in the data',
    now: '2025-11-18T14:00:00Z',
    quote: { at: '2025-11-17T23:59:00Z', mid: 1.3301 },
    session: { date: '2025-11-17', from: '00:00', to: '23:59' },
    words: 'Checked against Monday 17 Nov, 00:00–23:59 (no prices on Tuesday 18 Nov).',
  },
];
// Published in time order: the hub keeps a quote only when it is newer.
CASES.sort((a, b) => a.quote.at.localeCompare(b.quote.at));

const pitch = (c: Case, competitorRate: string, client: string) => ({
  pair: 'GBPUSD' as const,
  // Below every case's mid: the desk earns a margin (a rate above the mid would be a loss to it, issue 31 §5).
  yourRate: '1.3240',
  competitorRate,
  amount: '500000',
  tradesPerYear: 52,
  marginPips: 0 as const,
  comparisonDate: c.now.slice(0, 10),
  clientName: client,
});
const TYPO = '1.03';
const FAIR = '1.3210';

describe.each(CASES)('on $name', (c) => {
  it('checks against the last trading session and the latest mid, and says which session', async () => {
    h.clock.now = new Date(c.now);
    hub.publish([
      {
        pair: 'GBPUSD',
        bid: c.quote.mid - 0.0001,
        ask: c.quote.mid + 0.0001,
        mid: c.quote.mid,
        timestamp: Date.parse(c.quote.at),
        source: 'simulated',
      },
    ]);
    const r = await alice.api.market.dayRange.query({ pair: 'GBPUSD', date: c.now.slice(0, 10) });
    expect(r).toMatchObject({
      found: true,
      range: { date: c.session.date, session: { forDate: c.now.slice(0, 10), from: c.session.from, to: c.session.to } },
      mid: { rate: c.quote.mid.toFixed(6), at: new Date(c.quote.at).toISOString(), source: 'Simulated feed' },
    });
    if (!r.found) throw new Error('unreachable');
    const { rows } = await sql<{ low: number; high: number }>`
      SELECT min(low) AS low, max(high) AS high FROM fx_minute_bars
      WHERE pair = 'GBPUSD' AND ts >= ${`${c.session.date}T00:00:00Z`}::timestamptz
        AND ts < ${`${c.session.date}T00:00:00Z`}::timestamptz + interval '1 day'`.execute(h.t.db);
    expect(Number(r.range.low)).toBeCloseTo(rows[0]!.low, 6);
    expect(Number(r.range.high)).toBeCloseTo(rows[0]!.high, 6);
    const words = rangeCheckMessage(checkAgainstRange(TYPO, r.range, r.mid));
    expect(words.startsWith("Outside the last trading session's range")).toBe(true);
    expect(words.endsWith(c.words)).toBe(true);
  });

  it('a typo needs the broker to confirm it, and is then saved off-market; a fair rate saves as usual', async () => {
    const id = randomUUID();
    const typo = pitch(c, TYPO, `Typo ${c.name}`);
    expect(await errorOf(alice.api.calculator.save.mutate({ ...typo, id }))).toEqual({
      code: 'BAD_REQUEST',
      message: OFF_MARKET_CONFIRM_NEEDED,
    });
    await alice.api.calculator.save.mutate({ ...typo, id, useOffMarketRate: true });
    const fairId = randomUUID();
    await alice.api.calculator.save.mutate({ ...pitch(c, FAIR, `Fair ${c.name}`), id: fairId });
    const rows = await h.t.db
      .selectFrom('calculations')
      .select(['id', 'off_market', 'standing', 'evidence'])
      .where('id', 'in', [id, fairId])
      .execute();
    const typoRow = rows.find((x) => x.id === id);
    expect(typoRow).toMatchObject({ off_market: true, standing: 'off_market' });
    // The record keeps the session the check used.
    expect(typoRow?.evidence).toMatchObject({
      range: { date: c.session.date, position: 'below', session: { from: c.session.from, to: c.session.to } },
    });
    expect(rows.find((x) => x.id === fairId)).toMatchObject({ off_market: false, standing: 'saving' });
    // Calculation Details reads the record back with the session, in words.
    const [entry] = await alice.api.calculator.forCompany.query({ companyName: typo.clientName });
    expect(entry?.evidence?.range?.session).toEqual({
      forDate: typo.comparisonDate,
      from: c.session.from,
      to: c.session.to,
    });
    expect(evidenceLines('GBPUSD', entry!.evidence!).join('\n')).toContain(c.words);
  });
});

describe('nothing off-market is counted in any total', () => {
  const DAY = '2025-12-25';
  const fairSaving = calculateSavings({ ...pitch(CASES[0]!, FAIR, 'x'), marginPips: 0 });
  const savings = (Number(fairSaving.annualSavings) * CASES.length).toFixed(2);

  beforeAll(async () => {
    // The saves stamp the database's now(); the totals are read for one day, so the rows are moved to it and the
    // rollups rebuilt (as honest-totals.test.ts does).
    h.clock.now = new Date(`${DAY}T12:00:00Z`);
    await sql`UPDATE calculations SET created_at = ${new Date(`${DAY}T11:00:00Z`)}`.execute(h.t.db);
    await sql`TRUNCATE calculation_user_days, calculation_clients`.execute(h.t.db);
    await sql`SELECT calculation_rollups_build(NULL)`.execute(h.t.db);
  });

  it('the dashboard: savings, average pips and the off-market count', async () => {
    const d = await admin.api.activity.dashboard.query({ range: 'today' });
    expect(d.totals.calculations.current).toBe(String(CASES.length * 2));
    expect(d.totals.savings.current).toBe(savings);
    expect(d.totals.excluded.current).toBe(String(CASES.length));
    expect(d.totals.averagePips.current).toBe(Number(fairSaving.differenceInPips).toFixed(1));
  });

  it('the activity CSV marks every typo as excluded', async () => {
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = await (
      await fetch(`${h.url}/api/activity/export.csv?users=${aliceId}&period=today`, { headers: { cookie } })
    ).text();
    const typos = body.split('\r\n').filter((l) => l.includes('Typo '));
    expect(typos).toHaveLength(CASES.length);
    for (const line of typos) expect(line).toContain(',Off-market rate: excluded from totals,');
  });

  it('the Salesforce post and the monthly report add only the fair pitches', async () => {
    const span = { start: DAY, end: DAY };
    const [member] = await teamSummary(h.t.db, systemScope('system:crm-export', companyId), {
      userIds: [aliceId],
      span,
    });
    expect(member).toMatchObject({ calculations: CASES.length * 2, savings, excluded: CASES.length });
    const report = await reportData(h.t.db, systemScope('system:reports', companyId), span);
    expect(report.totals).toMatchObject({ calculations: CASES.length * 2, savings, excluded: CASES.length });
  });
});

describe('evidence-pack rows', () => {
  it('a trade outside its day (or, on a day without prices, the last session) is flagged and left out of the totals', async () => {
    const lead = await h.t.db
      .selectFrom('user_leads')
      .select('id')
      .where('user_id', '=', aliceId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
    const pack = await alice.api.packs.create.mutate({
      leadId: lead.id,
      marginBps: 20,
      csv: [
        'date,time,pair,direction,amount,rate',
        '2025-11-28,14:00,GBPUSD,sell,100000,1.3250',
        '2025-11-28,14:00,GBPUSD,sell,100000,1.0300',
        '2025-11-29,12:00,GBPUSD,sell,100000,1.0300',
        '2025-12-25,10:00,GBPUSD,sell,100000,1.3300',
      ].join('\n'),
    });
    const [fair, typo, saturday, christmas] = pack.trades;
    expect(fair).toMatchObject({ note: null });
    expect(fair?.offMarket).toBeFalsy();
    expect(typo).toMatchObject({ offMarket: true, markupBps: expect.any(String) });
    expect(typo?.note).toMatch(
      /^Off-market: 1\.0300 is outside the day's range 1\.3\d{3}–1\.3\d{3}; not in the totals$/,
    );
    expect(saturday).toMatchObject({ offMarket: true, mid: null });
    expect(saturday?.note).toMatch(
      /^Off-market: 1\.0300 is outside the last trading session's range 1\.3\d{3}–1\.3\d{3} \(checked against Friday 28 Nov, 00:00–21:59\); not in the totals · No price/,
    );
    expect(christmas?.offMarket).toBeFalsy();
    // Only the fair Friday trade is added up.
    expect(pack.totals).toMatchObject({ trades: 4, priced: 1, offMarket: 2, savingGbp: fair?.savingGbp });
  });
});

describe('labels true for every minute (issue 31 §3)', () => {
  it('the rate lookup and the check name an ECB-anchored minute and one after the bundled ECB file ends', async () => {
    await insertBars(h.t.db, 'GBPUSD', '2026-05-05T09:00:00Z', '2026-05-05T10:00:00Z', 1.33);
    h.clock.now = new Date('2026-05-06T12:00:00Z');
    const before = await alice.api.market.rateAt.query({ pair: 'GBPUSD', date: '2025-11-28', time: '14:00' });
    expect(before).toMatchObject({ found: true, minuteSource: 'ECB-anchored, simulated' });
    const after = await alice.api.market.rateAt.query({ pair: 'GBPUSD', date: '2026-05-05', time: '10:30' });
    expect(after).toMatchObject({ found: true, minuteSource: 'simulated (no reference after 13 Apr 2026)' });
    const day = await alice.api.market.dayRange.query({ pair: 'GBPUSD', date: '2026-05-05', time: '10:30' });
    expect(day).toMatchObject({ found: true, mid: { source: 'simulated (no reference after 13 Apr 2026)' } });
    // The lookup's summary (its badge and the note under the rate) says the same.
    expect(before).toMatchObject({ source: 'ecb_sim', simulated: true });
    expect(after).toMatchObject({ source: 'unanchored', simulated: true });
  });

  it("the chart's badge splits a stretch of data-set minutes at the file's end; a pack counts each kind", async () => {
    // One stored source (ecb_sim) from Monday 13 Apr 09:00 to Tuesday 14 Apr 13:00 London (BST): no change of
    // stored source marks the end of the ECB file, yet the minutes from London midnight are not anchored.
    await insertBars(h.t.db, 'GBPUSD', '2026-04-13T08:00:00Z', '2026-04-14T12:00:00Z', 1.33);
    await insertBars(h.t.db, 'GBPUSD', '2026-05-04T09:00:00Z', '2026-05-04T10:00:00Z', 1.33, 'dukascopy');
    h.clock.now = new Date('2026-05-06T12:00:00Z');
    const across = await alice.api.market.series.query({
      pair: 'GBPUSD',
      interval: 'hourly',
      startDate: '2026-04-13',
      endDate: '2026-04-14',
    });
    expect(across.sources.map((s) => [s.source, s.from])).toEqual([
      ['ecb_sim', '2026-04-13T08:00:00.000Z'],
      ['unanchored', '2026-04-13T23:00:00.000Z'],
    ]);
    expect(across.source).toBe('mixed');
    const may = await alice.api.market.series.query({
      pair: 'GBPUSD',
      interval: 'hourly',
      startDate: '2026-05-05',
      endDate: '2026-05-05',
    });
    expect(may.source).toBe('unanchored');
    expect(may.sources.map((s) => s.source)).toEqual(['unanchored']);

    const lead = await h.t.db
      .selectFrom('user_leads')
      .select('id')
      .where('user_id', '=', aliceId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const pack = await alice.api.packs.create.mutate({
      leadId: lead.id,
      marginBps: 20,
      csv: [
        'date,time,pair,direction,amount,rate',
        '2026-04-13,14:00,GBPUSD,sell,100000,1.3200',
        '2026-05-05,10:30,GBPUSD,sell,100000,1.3200',
        '2026-05-04,10:30,GBPUSD,sell,100000,1.3250',
      ].join('\n'),
    });
    const [anchored, after, real] = pack.trades;
    expect(real?.mid).toMatchObject({ source: 'Dukascopy', simulated: false });
    expect(anchored?.mid).toMatchObject({ source: 'ECB-anchored, simulated', simulated: true });
    expect(after?.mid).toMatchObject({ source: 'simulated (no reference after 13 Apr 2026)', simulated: true });
    expect(pack.trades.map(tradeSourceText)).toEqual([
      'ECB-anchored, simulated',
      'simulated (no reference after 13 Apr 2026)',
      'Dukascopy',
    ]);
    // The page, the share page and the PDF print this line (PackView, render-pdf).
    expect(simulatedTradesNote(pack.trades)).toBe(
      '2 of 3 trades priced on simulated minutes, not traded prices (1 ECB-anchored (ECB reference rates with simulated movement between them); 1 simulated (no reference after 13 Apr 2026): a seeded random walk with no ECB rate under it): their figures are indicative.',
    );
  });
});
