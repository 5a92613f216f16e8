import { normaliseCompanyName } from '@pippitch/shared/names';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalculationAt } from './activity-helpers';
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

// The admin dashboard's activity (spec §2 Admin dashboard, §9 Dashboard): London-day ranges against the previous
// range, growth and last-active texts, who is counted, and who may ask.
let h: TestApp;
let admin: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startTestApp();
  await signUp(h.t.db, h.client(), signupInput({ adminSeats: 2, brokerSeats: 5 }));
  ids.admin2 = await addMember(h, 'Acme FX', 'admin2@acmefx.co.uk', 'admin');
  ids.alice = await addMember(h, 'Acme FX', 'alice@acmefx.co.uk', 'junior');
  ids.ben = await addMember(h, 'Acme FX', 'ben@acmefx.co.uk', 'junior');
  ids.gone = await addMember(h, 'Acme FX', 'gone@acmefx.co.uk', 'junior');
  await signUp(
    h.t.db,
    h.client(),
    signupInput({ companyName: 'Other FX', companyDomain: 'other.co.uk', email: 'olly@other.co.uk' }),
  );
  ids.foreign = await addMember(h, 'Other FX', 'fred@other.co.uk', 'junior');
  admin = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
});
afterAll(() => h.close());

const broker = (d: Awaited<ReturnType<TestClient['api']['activity']['dashboard']['query']>>, id: string) => {
  const b = d.brokers.find((x) => x.id === id);
  if (!b) throw new Error(`broker ${id} not on the dashboard`);
  return b;
};

describe('ranges against the previous range', () => {
  beforeAll(async () => {
    // Now: Tuesday 24 Nov 2026, 12:00 London (GMT).
    h.clock.now = new Date('2026-11-24T12:00:00Z');
    // Alice: two calculations today for one client (different spellings of the same company), one yesterday.
    await addCalculationAt(h, ids.alice!, '2026-11-24T09:00:00Z', { client: 'Tesco PLC' });
    await addCalculationAt(h, ids.alice!, '2026-11-24T11:55:00Z', { client: 'tesco plc', competitorRate: '1.2600' });
    await addCalculationAt(h, ids.alice!, '2026-11-23T10:00:00Z', { client: 'Boots Ltd' });
    // Ben: three calculations 8 days ago (in the previous week), none since; one without a client.
    await addCalculationAt(h, ids.ben!, '2026-11-16T10:00:00Z', { client: 'Argos' });
    await addCalculationAt(h, ids.ben!, '2026-11-16T11:00:00Z', { client: 'Argos' });
    await addCalculationAt(h, ids.ben!, '2026-11-16T12:00:00Z', { client: null });
    // An admin who calculates, a deactivated broker and another company's broker: none of them counts.
    await addCalculationAt(h, ids.admin2!, '2026-11-24T10:00:00Z', { client: 'Admin Co' });
    await addCalculationAt(h, ids.gone!, '2026-11-24T10:00:00Z', { client: 'Gone Co' });
    await h.t.db.updateTable('user_profiles').set({ is_active: false }).where('id', '=', ids.gone!).execute();
    await addCalculationAt(h, ids.foreign!, '2026-11-24T10:00:00Z', { client: 'Foreign Co' });
  });

  it('today against yesterday: figures, growth and totals', async () => {
    const d = await admin.api.activity.dashboard.query({ range: 'today' });
    expect(d.current).toEqual({ start: '2026-11-24', end: '2026-11-24' });
    expect(d.previous).toEqual({ start: '2026-11-23', end: '2026-11-23' });
    const alice = broker(d, ids.alice!);
    expect(alice.calculations).toEqual({ current: '2', previous: '1', growth: '+100%' });
    expect(alice.clients).toEqual({ current: '1', previous: '1', growth: '0%' });
    // 80,918.74 (the worked example) + the 1.2600 one; the previous day one worked example.
    expect(alice.savings.previous).toBe('80918.74');
    expect(Number(alice.savings.current)).toBeGreaterThan(80918.74 * 2);
    // pips: 50.0 and 100.0 today → 75.0; 50.0 yesterday → +50%.
    expect(alice.averagePips).toEqual({ current: '75.0', previous: '50.0', growth: '+50%' });
    expect(alice.lastActive).toBe('Just now');
    const ben = broker(d, ids.ben!);
    expect(ben.calculations).toEqual({ current: '0', previous: '0', growth: '0%' });
    // Ben last calculated exactly 8 days (192 hours) ago: past 168 hours, the London date.
    expect(ben.lastActive).toBe('16 Nov 2026');
    expect(d.totals.calculations).toEqual({ current: '2', previous: '1', growth: '+100%' });
    expect(d.totals.clients).toEqual({ current: '1', previous: '1', growth: '0%' });
  });

  it('the last 7 days against the 7 before: New and -100%', async () => {
    const d = await admin.api.activity.dashboard.query({ range: 'last7' });
    expect(d.current).toEqual({ start: '2026-11-18', end: '2026-11-24' });
    expect(d.previous).toEqual({ start: '2026-11-11', end: '2026-11-17' });
    expect(broker(d, ids.alice!).calculations).toEqual({ current: '3', previous: '0', growth: 'New' });
    expect(broker(d, ids.alice!).clients).toEqual({ current: '2', previous: '0', growth: 'New' });
    const ben = broker(d, ids.ben!);
    expect(ben.calculations).toEqual({ current: '0', previous: '3', growth: '-100%' });
    // The calculation without a client counts as a calculation, not as a client.
    expect(ben.clients).toEqual({ current: '0', previous: '1', growth: '-100%' });
    expect(d.totals.calculations).toEqual({ current: '3', previous: '3', growth: '0%' });
    expect(d.totals.clients).toEqual({ current: '2', previous: '1', growth: '+100%' });
    expect(d.totals.savings.growth).not.toBe('0%');
  });

  it('a month and a quarter cover 30 and 90 London days', async () => {
    const month = await admin.api.activity.dashboard.query({ range: 'lastMonth' });
    expect(month.current).toEqual({ start: '2026-10-26', end: '2026-11-24' });
    expect(month.totals.calculations.current).toBe('6');
    const quarter = await admin.api.activity.dashboard.query({ range: 'lastQuarter' });
    expect(quarter.current).toEqual({ start: '2026-08-27', end: '2026-11-24' });
    expect(quarter.previous).toEqual({ start: '2026-05-29', end: '2026-08-26' });
    expect(quarter.totals.calculations).toMatchObject({ current: '6', previous: '0', growth: 'New' });
  });

  it('lists active brokers of the company only: no admins, no deactivated members, nobody else', async () => {
    const d = await admin.api.activity.dashboard.query({ range: 'today' });
    expect(d.brokers.map((b) => b.id).sort()).toEqual([ids.alice, ids.ben].sort());
    // The chart: one line per broker who calculated, a count per London day of the range.
    expect(d.chart.days).toEqual(['2026-11-24']);
    expect(d.chart.series).toEqual([{ name: 'junior alice@acmefx.co.uk', counts: [2] }]);
  });

  it('the chart of the last 7 days has a count for every day', async () => {
    const d = await admin.api.activity.dashboard.query({ range: 'last7' });
    expect(d.chart.days).toHaveLength(7);
    expect(d.chart.series).toEqual([{ name: 'junior alice@acmefx.co.uk', counts: [0, 0, 0, 0, 0, 1, 2] }]);
  });
});

describe('last active', () => {
  it.each([
    ['2026-11-24T12:54:00Z', 'Just now'],
    ['2026-11-24T12:55:00Z', '1 hour ago'],
    ['2026-11-24T13:55:00Z', '2 hours ago'],
    ['2026-11-25T11:54:00Z', '23 hours ago'],
    ['2026-11-25T11:55:00Z', '1 day ago'],
    ['2026-11-26T11:55:00Z', '2 days ago'],
    ['2026-12-01T10:00:00Z', '6 days ago'],
  ])('at %s Alice (last calculated 11:55 on 24 Nov) was active %s', async (now, text) => {
    h.clock.now = new Date(now);
    const d = await admin.api.activity.dashboard.query({ range: 'today' });
    expect(broker(d, ids.alice!).lastActive).toBe(text);
    expect(broker(d, ids.alice!).lastActiveAt).toBe('2026-11-24T11:55:00.000Z');
  });
});

describe('London days across the clock changes', () => {
  let carol: string;
  beforeAll(async () => {
    carol = await addMember(h, 'Acme FX', 'carol@acmefx.co.uk', 'junior');
    // 23:30 UTC on Sat 29 Mar 2025 is 23:30 GMT: London's 29 March (BST starts at 01:00 UTC on the 30th).
    await addCalculationAt(h, carol, '2025-03-29T23:30:00Z');
    // 23:30 UTC on 1 Jun 2025 is 00:30 BST: London's 2 June.
    await addCalculationAt(h, carol, '2025-06-01T23:30:00Z');
    // 26 Oct 2025 is 25 hours long in London: 23:00 UTC on the 25th (00:00 BST) to 00:00 UTC on the 27th.
    await addCalculationAt(h, carol, '2025-10-25T22:59:00Z'); // 23:59 BST on the 25th
    await addCalculationAt(h, carol, '2025-10-25T23:30:00Z'); // 00:30 BST on the 26th
    await addCalculationAt(h, carol, '2025-10-26T23:30:00Z'); // 23:30 GMT on the 26th
  });
  const carolOn = async (now: string) => {
    h.clock.now = new Date(now);
    const d = await admin.api.activity.dashboard.query({ range: 'today' });
    return broker(d, carol).calculations;
  };

  it('a calculation at 23:30 UTC on 29 March 2025 belongs to London 29 March', async () => {
    expect(await carolOn('2025-03-29T12:00:00Z')).toMatchObject({ current: '1', previous: '0' });
    // 30 March (23 hours long) holds nothing; its previous day holds the one.
    expect(await carolOn('2025-03-30T12:00:00Z')).toEqual({ current: '0', previous: '1', growth: '-100%' });
  });

  it('a calculation at 23:30 UTC on 1 June 2025 belongs to London 2 June', async () => {
    expect(await carolOn('2025-06-01T12:00:00Z')).toMatchObject({ current: '0', previous: '0' });
    expect(await carolOn('2025-06-02T12:00:00Z')).toEqual({ current: '1', previous: '0', growth: 'New' });
  });

  it('26 October 2025 holds its 25 hours', async () => {
    expect(await carolOn('2025-10-26T23:45:00Z')).toEqual({ current: '2', previous: '1', growth: '+100%' });
    expect(await carolOn('2025-10-27T09:00:00Z')).toEqual({ current: '0', previous: '2', growth: '-100%' });
  });
});

describe('who may ask', () => {
  it('a broker is refused', async () => {
    const alice = await signedIn(h, 'alice@acmefx.co.uk');
    expect((await errorOf(alice.api.activity.dashboard.query({ range: 'today' }))).code).toBe('FORBIDDEN');
  });

  it('nobody signed in is refused', async () => {
    expect((await errorOf(h.client().api.activity.dashboard.query({ range: 'today' }))).code).toBe('UNAUTHORIZED');
  });

  it('another company sees only its own broker', async () => {
    // The clock first: a session lasts 7 days by the server's clock, and the test before left it in the past.
    h.clock.now = new Date('2026-11-24T12:00:00Z');
    const olly = await signedIn(h, 'olly@other.co.uk', 'admin');
    const d = await olly.api.activity.dashboard.query({ range: 'today' });
    expect(d.brokers.map((b) => b.id)).toEqual([ids.foreign]);
    expect(d.totals.calculations.current).toBe('1');
  });

  it('refuses an unknown range with a clear 400', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: sending what the type forbids is the point
    const err = await errorOf(admin.api.activity.dashboard.query({ range: 'forever' as any }));
    expect(err.code).toBe('BAD_REQUEST');
  });
});

describe('deleted calculations leave the rollups (migration 0012 triggers)', () => {
  it('counts, last active and clients follow the deletion', async () => {
    h.clock.now = new Date('2026-11-24T12:00:00Z');
    await h.t.db
      .deleteFrom('calculations')
      .where('user_id', '=', ids.alice!)
      .where('created_at', '=', new Date('2026-11-24T11:55:00Z'))
      .execute();
    let d = await admin.api.activity.dashboard.query({ range: 'today' });
    expect(broker(d, ids.alice!).calculations.current).toBe('1');
    expect(broker(d, ids.alice!).clients.current).toBe('1');
    expect(broker(d, ids.alice!).lastActiveAt).toBe('2026-11-24T09:00:00.000Z');
    await h.t.db
      .deleteFrom('calculations')
      .where('user_id', '=', ids.alice!)
      .where('created_at', '=', new Date('2026-11-24T09:00:00Z'))
      .execute();
    d = await admin.api.activity.dashboard.query({ range: 'today' });
    expect(broker(d, ids.alice!).calculations).toEqual({ current: '0', previous: '1', growth: '-100%' });
    expect(broker(d, ids.alice!).clients).toEqual({ current: '0', previous: '1', growth: '-100%' });
    expect(broker(d, ids.alice!).lastActiveAt).toBe('2026-11-23T10:00:00.000Z');
    // Tesco was pitched only on the 24th: its row is gone; Boots (the 23rd) stays.
    const keys = await h.t.db
      .selectFrom('calculation_clients')
      .select('client_key')
      .where('user_id', '=', ids.alice!)
      .execute();
    expect(keys.map((k) => k.client_key)).toEqual([normaliseCompanyName('Boots Ltd')]);
  });
});

describe('the chart with many brokers', () => {
  it('gives the 8 busiest their own bars and sums the rest as Other brokers', async () => {
    h.clock.now = new Date('2026-11-24T12:00:00Z');
    await h.t.db.updateTable('companies').set({ junior_seats: 20 }).where('name', '=', 'Acme FX').execute();
    for (let i = 1; i <= 10; i++) {
      const id = await addMember(h, 'Acme FX', `chart${i}@acmefx.co.uk`, 'junior');
      // Broker i calculates i times today (10 the most), each for a client of their own.
      for (let n = 0; n < i; n++) await addCalculationAt(h, id, `2026-11-24T0${n % 10}:00:00Z`, { client: `C${i}` });
    }
    const d = await admin.api.activity.dashboard.query({ range: 'today' });
    expect(d.chart.series.map((s) => [s.name, s.counts])).toEqual([
      ...[10, 9, 8, 7, 6, 5, 4, 3].map((i) => [`junior chart${i}@acmefx.co.uk`, [i]]),
      // chart2 (2), chart1 (1) and Ben (none today) are the rest.
      ['Other brokers', [3]],
    ]);
    expect(d.totals.calculations.current).toBe('55');
    expect(d.totals.clients.current).toBe('10');
  });
});
