import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesk, startDeskApp } from '../desk-fixture';
import { errorOf, type TestApp, type TestClient } from '../helpers';

// Issue 34 §5: margin floors per pair and band for the pairs a desk quotes, not only the spec's six. An admin sets
// a floor for GBP/PLN and USD/JPY; a pitch in each is measured against its own pair's floor (bps of that pair's mid).
let h: TestApp;
let owner: TestClient;
let broker: TestClient;
const AT = Date.parse('2026-11-20T11:59:30Z');

beforeAll(async () => {
  h = await startDeskApp(
    [
      { pair: 'GBPUSD', bid: 1.2499, ask: 1.2501, mid: 1.25 },
      { pair: 'GBPPLN', bid: 4.9999, ask: 5.0001, mid: 5 },
      { pair: 'USDJPY', bid: 149.99, ask: 150.01, mid: 150 },
    ],
    AT,
  );
  h.clock.now = new Date('2026-11-20T12:00:00Z');
  ({ owner, broker } = await openDesk(h, 'Floors Desk'));
  await owner.api.company.setPairs.mutate({ pairs: ['GBPUSD', 'GBPPLN', 'USDJPY'] });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function pitch(pair: 'GBPPLN' | 'USDJPY', yourRate: string, competitorRate: string, amount: string) {
  const id = randomUUID();
  await broker.api.calculator.save.mutate({
    id,
    pair,
    yourRate,
    competitorRate,
    amount,
    tradesPerYear: 12,
    marginPips: 0,
    comparisonDate: '2026-11-20',
    clientName: 'Gdansk Timber Ltd',
  });
  return id;
}

describe('floors for the desk’s pairs', () => {
  it('an admin sets floors for GBP/PLN and USD/JPY; the policy reads them back for the broker', async () => {
    const floors = {
      GBPPLN: [{ fromGbp: 0, toGbp: null, floorBps: 40 }],
      USDJPY: [
        { fromGbp: 0, toGbp: 100_000, floorBps: 30 },
        { fromGbp: 100_000, toGbp: null, floorBps: 20 },
      ],
    };
    await owner.api.margin.updatePolicy.mutate({ floors, marginOptions: [0, 10] });
    expect((await broker.api.margin.policy.query()).floors).toEqual(floors);
  });

  it('refuses a code outside the catalogue with words, never a 500', async () => {
    const e = await errorOf(
      owner.api.margin.updatePolicy.mutate({
        // biome-ignore lint/suspicious/noExplicitAny: a request no browser of ours would send
        floors: { GBPXYZ: [{ fromGbp: 0, toGbp: null, floorBps: 10 }] } as any,
        marginOptions: [0],
      }),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toContain('Unsupported currency pair');
  });

  it('a GBP/PLN pitch 20 bps from the mid is below its 40 bps floor', async () => {
    // Mid 5.0000, your rate 4.9900: (5.0000 − 4.9900) ÷ 5.0000 = 20.0 bps; ticket £100,000 / 4.99 ≈ £20,040.
    const id = await pitch('GBPPLN', '4.9900', '4.9500', '100000');
    expect(await broker.api.margin.pitch.query({ calculationId: id })).toMatchObject({
      margin: { bps: '20.0' },
      floor: { floorBps: 40 },
      belowFloor: true,
    });
  });

  it('a USD/JPY pitch is held to its own band: 40 bps clears a 30 bps floor, 13.3 bps does not', async () => {
    // Mid 150.00: 149.40 is 40.0 bps; ¥10,000,000 ÷ 149.40 = $66,934 = £53,548 at GBP/USD 1.25 (under £100k: 30 bps).
    const clear = await pitch('USDJPY', '149.40', '149.00', '10000000');
    expect(await broker.api.margin.pitch.query({ calculationId: clear })).toMatchObject({
      margin: { bps: '40.0' },
      floor: { floorBps: 30 },
      belowFloor: false,
    });
    const below = await pitch('USDJPY', '149.80', '149.00', '10000000');
    expect(await broker.api.margin.pitch.query({ calculationId: below })).toMatchObject({
      margin: { bps: '13.3' },
      floor: { floorBps: 30 },
      belowFloor: true,
    });
  });
});
