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

// One member's activity (spec §2 User activity): London days, Monday–Sunday weeks and calendar months, the
// companies pitched and every field of the calculations, scoped to the caller's company.
let h: TestApp;
let admin: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startTestApp();
  await signUp(h.t.db, h.client(), signupInput());
  ids.alice = await addMember(h, 'Acme FX', 'alice@acmefx.co.uk', 'junior');
  await signUp(
    h.t.db,
    h.client(),
    signupInput({ companyName: 'Other FX', companyDomain: 'other.co.uk', email: 'olly@other.co.uk' }),
  );
  ids.foreign = await addMember(h, 'Other FX', 'fred@other.co.uk', 'junior');
  admin = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
  // Now: Wednesday 26 Mar 2025 (GMT); BST starts on Sunday the 30th.
  h.clock.now = new Date('2025-03-26T12:00:00Z');
  await addCalculationAt(h, ids.alice!, '2025-03-24T09:00:00Z', { client: 'Tesco PLC' });
  await addCalculationAt(h, ids.alice!, '2025-03-26T10:00:00Z', { client: 'tesco plc', competitorRate: '1.2600' });
  await addCalculationAt(h, ids.alice!, '2025-03-26T11:00:00Z', { client: 'Boots Ltd' });
  await addCalculationAt(h, ids.alice!, '2025-03-23T23:30:00Z', { client: 'Argos' }); // Sunday: last week
  await addCalculationAt(h, ids.alice!, '2025-02-28T23:30:00Z', { client: null }); // February (GMT)
  await addCalculationAt(h, ids.foreign!, '2025-03-26T10:00:00Z', { client: 'Foreign Co' });
});
afterAll(() => h.close());

describe('periods', () => {
  it('today: the companies pitched and the calculations, newest first, with every field', async () => {
    const a = await admin.api.activity.user.query({ userId: ids.alice!, view: 'daily' });
    expect(a.member).toMatchObject({ id: ids.alice, email: 'alice@acmefx.co.uk', role: 'broker' });
    expect(a.period).toEqual({ start: '2025-03-26', end: '2025-03-26', label: '26 Mar 2025' });
    expect(a.isCurrent).toBe(true);
    expect(a.companies).toEqual([
      {
        name: 'Boots Ltd',
        calculations: 1,
        annualSavings: '80918.74',
        losses: 0,
        excluded: 0,
        lastPitchedAt: '2025-03-26T11:00:00.000Z',
      },
      {
        name: 'tesco plc',
        calculations: 1,
        annualSavings: a.companies[1]?.annualSavings,
        losses: 0,
        excluded: 0,
        lastPitchedAt: '2025-03-26T10:00:00.000Z',
      },
    ]);
    expect(a.calculations.map((c) => c.clientName)).toEqual(['Boots Ltd', 'tesco plc']);
    expect(a.calculations[0]).toMatchObject({
      pair: 'GBPUSD',
      yourRate: '1.2700',
      competitorRate: '1.2650',
      comparisonDate: '2025-03-26',
      amount: '500000',
      tradesPerYear: 52,
      marginPips: 0,
      priceDifference: '-0.0050',
      differenceInPips: '50.0',
      costWithCompetitor: '395256.92',
      costWithUs: '393700.79',
      savingsPerTrade: '1556.13',
      annualSavings: '80918.74',
      percentageSavings: '0.39',
      isAdvantage: true,
      liveRate: 1.2712,
      rateSource: 'simulated',
      rateAt: '2025-03-26T11:00:00.000Z',
      standing: 'saving',
      savingsGbp: '80918.74',
    });
    expect(a.calculationCount).toBe(2);
  });

  it('the week is Monday to Sunday; a Sunday 23:30 UTC in GMT stays in its own week', async () => {
    const a = await admin.api.activity.user.query({ userId: ids.alice!, view: 'weekly' });
    expect(a.period).toMatchObject({ start: '2025-03-24', end: '2025-03-30' });
    expect(a.calculationCount).toBe(3);
    expect(a.companies.map((c) => [c.name, c.calculations])).toEqual([
      ['Boots Ltd', 1],
      ['tesco plc', 2],
    ]);
    const before = await admin.api.activity.user.query({ userId: ids.alice!, view: 'weekly', date: '2025-03-17' });
    expect(before.isCurrent).toBe(false);
    expect(before.calculations.map((c) => c.clientName)).toEqual(['Argos']);
  });

  it('the month is the calendar month; a calculation without a client is listed but is no company', async () => {
    const feb = await admin.api.activity.user.query({ userId: ids.alice!, view: 'monthly', date: '2025-02-10' });
    expect(feb.period).toEqual({ start: '2025-02-01', end: '2025-02-28', label: 'February 2025' });
    expect(feb.calculationCount).toBe(1);
    expect(feb.companies).toEqual([]);
    const march = await admin.api.activity.user.query({ userId: ids.alice!, view: 'monthly', date: '2025-03-01' });
    expect(march.calculationCount).toBe(4);
    expect(march.isCurrent).toBe(true);
  });

  it('an empty period and a date after today (read as today)', async () => {
    const empty = await admin.api.activity.user.query({ userId: ids.alice!, view: 'daily', date: '2025-03-25' });
    expect(empty).toMatchObject({ companies: [], calculations: [], calculationCount: 0, isCurrent: false });
    const later = await admin.api.activity.user.query({ userId: ids.alice!, view: 'daily', date: '2025-04-30' });
    expect(later.period.start).toBe('2025-03-26');
  });

  it('after the change to BST a London day starts at 23:00 UTC', async () => {
    h.clock.now = new Date('2025-04-02T12:00:00Z');
    await addCalculationAt(h, ids.alice!, '2025-03-31T23:30:00Z', { client: 'Late Ltd' }); // 00:30 BST, 1 April
    const day = await admin.api.activity.user.query({ userId: ids.alice!, view: 'daily', date: '2025-04-01' });
    expect(day.calculations.map((c) => c.clientName)).toEqual(['Late Ltd']);
    const march = await admin.api.activity.user.query({ userId: ids.alice!, view: 'monthly', date: '2025-03-31' });
    expect(march.calculations.map((c) => c.clientName)).not.toContain('Late Ltd');
  });
});

describe('who may ask about whom', () => {
  it("another company's member is not found", async () => {
    const err = await errorOf(admin.api.activity.user.query({ userId: ids.foreign!, view: 'daily' }));
    expect(err).toEqual({ code: 'NOT_FOUND', message: 'Member not found' });
  });

  it('an unknown id and a malformed id are not found either', async () => {
    const unknown = await errorOf(
      admin.api.activity.user.query({ userId: '00000000-0000-4000-8000-000000000000', view: 'daily' }),
    );
    expect(unknown).toEqual({ code: 'NOT_FOUND', message: 'Member not found' });
    expect((await errorOf(admin.api.activity.user.query({ userId: 'nope', view: 'daily' }))).code).toBe('BAD_REQUEST');
  });

  it('a broker is refused, even about themself', async () => {
    const alice = await signedIn(h, 'alice@acmefx.co.uk');
    expect((await errorOf(alice.api.activity.user.query({ userId: ids.alice!, view: 'daily' }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await errorOf(alice.api.activity.exportMembers.query())).code).toBe('FORBIDDEN');
  });

  it('the export offers the members of the caller’s company only', async () => {
    const members = await admin.api.activity.exportMembers.query();
    expect(members.map((m) => m.email).sort()).toEqual(['ada@acmefx.co.uk', 'alice@acmefx.co.uk']);
  });
});
