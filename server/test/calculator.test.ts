import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteHub } from '../../core/src/market/live/quote-hub';
import { errorOf, signUp, signupInput, startTestApp, type TestApp, type TestClient, WORKED } from './helpers';

let h: TestApp;
let alice: TestClient;
let rival: TestClient;
const QUOTE_TIME = Date.parse('2026-11-22T10:15:30Z');

beforeAll(async () => {
  h = await startTestApp({}, (t) => {
    // The server's own latest quote (no LISTEN needed: published directly, as a notification would).
    const quotes = new QuoteHub(t.db, t.url);
    quotes.publish([
      { pair: 'GBPUSD', bid: 1.2711, ask: 1.2713, mid: 1.2712, timestamp: QUOTE_TIME, source: 'simulated' },
    ]);
    return { quotes };
  });
  alice = h.client();
  await signUp(h.t.db, alice, signupInput());
  rival = h.client();
  await signUp(h.t.db, rival, signupInput({ companyName: 'Rival', companyDomain: 'rival.io', email: 'r@rival.io' }));
});
afterAll(() => h.close());

describe('saving a calculation', () => {
  it('stores the worked example with results computed on the server, plus one activity entry', async () => {
    const id = randomUUID();
    const res = await alice.api.calculator.save.mutate({
      ...WORKED,
      id,
      clientName: 'Acme Widgets Ltd',
      // A browser's claim about the live rate is not part of the input and is never stored.
      liveRate: { mid: 1e308, source: 'feed', timestamp: 9007199254740991 },
    } as never);
    expect(res).toMatchObject({ saved: true, duplicate: false });
    const row = await h.t.db.selectFrom('calculations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.normalized_client_name).toBe('acme widget');
    expect(row.savings_amount).toBe('80918.74');
    expect(row.calculation_data).toMatchObject({
      price_difference: '-0.0050',
      difference_in_pips: '50.0',
      cost_with_competitor: '395256.92',
      cost_with_us: '393700.79',
      savings_per_trade: '1556.13',
      annual_savings: '80918.74',
      percentage_savings: '0.39',
      is_advantage: true,
    });
    expect(row.live_rate).toBe(1.2712);
    expect(row.rate_source).toBe('simulated');
    expect(row.rate_at?.getTime()).toBe(QUOTE_TIME);
    const logs = await h.t.db.selectFrom('activity_logs').selectAll().where('calculation_id', '=', id).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      action_type: 'calculation',
      client_name: 'Acme Widgets Ltd',
      annual_savings: '80918.74',
      payment_amount: '0.0',
    });
  });

  it('saves exactly once when the same Calculate arrives twice, even at the same moment', async () => {
    const id = randomUUID();
    const results = await Promise.all([
      alice.api.calculator.save.mutate({ ...WORKED, id }),
      alice.api.calculator.save.mutate({ ...WORKED, id }),
    ]);
    expect(results.map((r) => r.saved).sort()).toEqual([false, true]);
    expect(await h.t.db.selectFrom('calculations').select('id').where('id', '=', id).execute()).toHaveLength(1);
    expect(
      await h.t.db.selectFrom('activity_logs').select('id').where('calculation_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('applies the margin to the effective rate', async () => {
    const id = randomUUID();
    await alice.api.calculator.save.mutate({ ...WORKED, id, yourRate: '1.2650', marginPips: 50 });
    const row = await h.t.db
      .selectFrom('calculations')
      .select('calculation_data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.calculation_data).toMatchObject({
      effective_rate: '1.2700',
      price_difference: '-0.0050',
      pips_added: 50,
    });
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    const before = await h.t.db.selectFrom('calculations').select('id').execute();
    expect(
      (await errorOf(alice.api.calculator.save.mutate({ ...WORKED, id: randomUUID(), yourRate: 'abc' }))).message,
    ).toBe('Your rate must be a number');
    expect(
      (await errorOf(alice.api.calculator.save.mutate({ ...WORKED, id: randomUUID(), amount: '0' }))).message,
    ).toBe('Amount to buy must be between £0.01 and £1,000,000,000');
    expect(
      (await errorOf(alice.api.calculator.save.mutate({ ...WORKED, id: randomUUID(), marginPips: 15 as never }))).code,
    ).toBe('BAD_REQUEST');
    expect(await h.t.db.selectFrom('calculations').select('id').execute()).toHaveLength(before.length);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a rate the columns cannot hold', { yourRate: '99999999' }, 'Your rate must be between 0.0001 and 10,000'],
    ['a rate below a pip', { competitorRate: '0.00000001' }, 'Competitor rate must be between 0.0001 and 10,000'],
    ['a rate with 9 decimals', { yourRate: '1.123456789' }, 'Your rate can have at most 6 decimal places'],
    ['an amount over £1bn', { amount: '999999999999' }, 'Amount to buy must be between £0.01 and £1,000,000,000'],
    ['a million trades a year', { tradesPerYear: 1_000_000 }, 'Trades per year must be between 1 and 100,000'],
    ['a date that does not exist', { comparisonDate: '2025-02-30' }, 'Use a date like 2025-03-30'],
    ['a date out of any calendar', { comparisonDate: '9999-99-99' }, 'Use a date like 2025-03-30'],
    ['year zero', { comparisonDate: '0000-00-00' }, 'Use a date like 2025-03-30'],
    [
      'a NUL in the client name',
      { clientName: 'Acme\u0000Ltd' },
      'Client name cannot contain line breaks, tabs or other control characters',
    ],
  ])('refuses %s with a 400 and a clear message', async (_why, override, message) => {
    const err = await errorOf(alice.api.calculator.save.mutate({ ...WORKED, id: randomUUID(), ...override } as never));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it('saves the largest calculation the form allows, every figure intact', async () => {
    const id = randomUUID();
    const extreme = { yourRate: '0.0001', competitorRate: '10000', amount: '1000000000', tradesPerYear: 100_000 };
    const res = await alice.api.calculator.save.mutate({ ...WORKED, id, ...extreme });
    expect(res).toMatchObject({ saved: true });
    const row = await h.t.db
      .selectFrom('activity_logs')
      .selectAll()
      .where('calculation_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.cost_with_us).toBe('10000000000000.00');
    expect(row.annual_savings).toBe('999999990000000000.00');
  });

  it('needs a signed-in member', async () => {
    expect((await errorOf(h.client().api.calculator.save.mutate({ ...WORKED, id: randomUUID() }))).code).toBe(
      'UNAUTHORIZED',
    );
  });
});

describe('calculation details for a company', () => {
  it('lists the broker’s own calculations for names that normalise alike, newest first', async () => {
    await alice.api.calculator.save.mutate({
      ...WORKED,
      id: randomUUID(),
      clientName: 'ACME WIDGETS LIMITED',
      tradesPerYear: 12,
    });
    const list = await alice.api.calculator.forCompany.query({ companyName: 'Acme Widgets' });
    expect(list.map((e) => e.tradesPerYear)).toEqual([12, 52]);
    expect(list[1]).toMatchObject({
      pair: 'GBPUSD',
      yourRate: '1.2700',
      annualSavings: '80918.74',
      percentageSavings: '0.39',
      isAdvantage: true,
    });
  });

  it('shows nothing of another company’s brokers', async () => {
    expect(await rival.api.calculator.forCompany.query({ companyName: 'Acme Widgets' })).toEqual([]);
    // Reusing another member's calculation id neither overwrites nor reveals it.
    const [row] = await h.t.db.selectFrom('calculations').select('id').limit(1).execute();
    const res = await rival.api.calculator.save.mutate({ ...WORKED, id: row!.id, clientName: 'Hijack' });
    expect(res).toMatchObject({ saved: false });
    expect(await rival.api.calculator.forCompany.query({ companyName: 'Hijack' })).toEqual([]);
  });
});
