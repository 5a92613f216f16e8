import { randomUUID } from 'node:crypto';
import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { DEFAULT_DESK_PAIRS, DESK_PAIR_MESSAGES, notQuotedMessage } from '@pippitch/shared/desk-pairs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairsQuotedAnywhere } from '../../../core/src/services/company/pairs';
import { openDesk, startDeskApp } from '../desk-fixture';
import { errorOf, type TestApp, type TestClient } from '../helpers';

// Issue 34 §3: an admin chooses the pairs the desk quotes from the catalogue (the spec's six until then); brokers
// pitch and read history only in those, each company its own choice.
let h: TestApp;
let owner: TestClient;
let broker: TestClient;
let rival: TestClient;

const QUOTE_TIME = Date.parse('2026-11-20T10:15:30Z');

beforeAll(async () => {
  h = await startDeskApp(
    [
      { pair: 'GBPUSD', bid: 1.2499, ask: 1.2501, mid: 1.25 },
      { pair: 'USDJPY', bid: 150.19, ask: 150.21, mid: 150.2 },
    ],
    QUOTE_TIME,
  );
  const desk = await openDesk(h, 'Pairs Desk', { rival: 'Other Desk' });
  ({ owner, broker } = desk);
  rival = desk.rival!;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

function pitch(c: TestClient, pair: string) {
  return c.api.calculator.save.mutate({
    id: randomUUID(),
    // biome-ignore lint/suspicious/noExplicitAny: the test sends what a browser could, checked by the server
    pair: pair as any,
    yourRate: '5.0500',
    competitorRate: '5.0000',
    amount: '100000',
    tradesPerYear: 12,
    marginPips: 0,
    comparisonDate: '2026-11-20',
  });
}

describe('desk pairs', () => {
  it('start as the spec six, for brokers and in the session', async () => {
    expect(await broker.api.company.pairs.query()).toEqual([...DEFAULT_DESK_PAIRS]);
    expect((await broker.api.auth.session.query())?.company.pairs).toEqual([...DEFAULT_DESK_PAIRS]);
  });

  it('refuse a pair the desk does not quote, saying who can add it', async () => {
    const err = await errorOf(pitch(broker, 'GBPPLN'));
    expect(err).toEqual({ message: notQuotedMessage('GBPPLN'), code: 'BAD_REQUEST' });
    const history = await errorOf(broker.api.market.calendarRange.query({ pair: 'GBPPLN' }));
    expect(history.message).toBe(notQuotedMessage('GBPPLN'));
    expect(history.message).toBe(
      "Your desk does not quote GBP/PLN: an admin can add it on the dashboard's Currency pairs card.",
    );
  });

  it('are chosen by an admin only, from the catalogue, at least one', async () => {
    expect((await errorOf(broker.api.company.setPairs.mutate({ pairs: ['GBPPLN'] }))).message).toBe(
      ACCESS_MESSAGES.noAdminAccess,
    );
    expect((await errorOf(owner.api.company.setPairs.mutate({ pairs: [] }))).message).toBe(DESK_PAIR_MESSAGES.none);
    // biome-ignore lint/suspicious/noExplicitAny: a code outside the catalogue, as a browser could send
    const unknown = await errorOf(owner.api.company.setPairs.mutate({ pairs: ['EURGBP' as any] }));
    expect(unknown.code).toBe('BAD_REQUEST');
    const backfills = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss_v12.job
                                 WHERE name = 'market-history-backfill' AND state = 'created'`.execute(h.t.db)
      ).rows[0]?.n;
    expect(await backfills()).toBe(0);
    const saved = await owner.api.company.setPairs.mutate({ pairs: ['USDJPY', 'GBPPLN', 'GBPUSD', 'GBPPLN'] });
    expect(saved).toEqual({ pairs: ['GBPUSD', 'GBPPLN', 'USDJPY'], message: DESK_PAIR_MESSAGES.saved });
    // Pairs no desk had: their history starts loading in the background at once.
    expect(await backfills()).toBe(1);
  });

  it('let brokers pitch the chosen pairs only, and leave other desks as they were', async () => {
    expect(await broker.api.company.pairs.query()).toEqual(['GBPUSD', 'GBPPLN', 'USDJPY']);
    await expect(pitch(broker, 'GBPPLN')).resolves.toBeDefined();
    expect((await errorOf(pitch(broker, 'GBPEUR'))).message).toBe(notQuotedMessage('GBPEUR'));
    expect(await rival.api.company.pairs.query()).toEqual([...DEFAULT_DESK_PAIRS]);
    expect((await errorOf(pitch(rival, 'GBPPLN'))).message).toBe(notQuotedMessage('GBPPLN'));
  });

  it('put a dollar-based pitch in pounds at the GBP/USD mid, and count yen pips in hundredths', async () => {
    const id = randomUUID();
    await broker.api.calculator.save.mutate({
      id,
      pair: 'USDJPY',
      yourRate: '150.00',
      competitorRate: '149.50',
      amount: '10000000',
      tradesPerYear: 12,
      marginPips: 10,
      comparisonDate: '2026-11-20',
    });
    const { rows } = await sql<{ gbp_per_unit: string; pips: string; cost: string }>`
      SELECT gbp_per_unit::text, calculation_data->>'difference_in_pips' AS pips,
             calculation_data->>'cost_with_us' AS cost
      FROM calculations WHERE id = ${id}`.execute(h.t.db);
    // 1 ÷ 1.25 pounds per dollar; |149.50 − (150.00 + 10 × 0.01)| ÷ 0.01 = 60.0 pips; 10,000,000 ÷ 150.10.
    expect(rows[0]).toEqual({ gbp_per_unit: '0.80000000', pips: '60.0', cost: '66622.25' });
  });

  it('make the union of every desk the pairs the worker keeps', async () => {
    const union = await pairsQuotedAnywhere(h.t.db);
    expect(union).toEqual(expect.arrayContaining([...DEFAULT_DESK_PAIRS, 'GBPPLN', 'USDJPY']));
  });
});
