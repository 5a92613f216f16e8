import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signupInput, startTestApp, type TestApp, type TestClient, WORKED } from './helpers';

let h: TestApp;
let alice: TestClient;
let rival: TestClient;

beforeAll(async () => {
  h = await startTestApp();
  alice = h.client();
  await alice.api.auth.signup.mutate(signupInput());
  rival = h.client();
  await rival.api.auth.signup.mutate(
    signupInput({ companyName: 'Rival', companyDomain: 'rival.io', email: 'r@rival.io' }),
  );
});
afterAll(() => h.close());

describe('saving a calculation', () => {
  it('stores the worked example with results computed on the server, plus one activity entry', async () => {
    const id = randomUUID();
    const res = await alice.api.calculator.save.mutate({
      ...WORKED,
      id,
      clientName: 'Acme Widgets Ltd',
      liveRate: { mid: 1.2712, source: 'simulated', timestamp: Date.now() },
    });
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
    expect(row.rate_source).toBe('simulated');
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
    ).toBe('Your Rate must be a number');
    expect(
      (await errorOf(alice.api.calculator.save.mutate({ ...WORKED, id: randomUUID(), amount: '0' }))).message,
    ).toBe('Amount to Buy must be greater than zero');
    expect(
      (await errorOf(alice.api.calculator.save.mutate({ ...WORKED, id: randomUUID(), marginPips: 15 as never }))).code,
    ).toBe('BAD_REQUEST');
    expect(await h.t.db.selectFrom('calculations').select('id').execute()).toHaveLength(before.length);
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
