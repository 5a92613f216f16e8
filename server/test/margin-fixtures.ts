import { randomUUID } from 'node:crypto';
import type { TestClient } from './helpers';

/**
 * What the margin desk's tests share (issue 25, 32): the spec's demo pitch on GBP/USD against a mid of 1.3556 at
 * QUOTE_TIME ($500,000; 1.3500 is 41.3 bps, below a 50 bps floor; 1.3474 is 60.5 bps, above it), a 50 bps floor for
 * £100k–£1m tickets, and three £100,000 trades for an evidence pack in that band.
 */
export const QUOTE_TIME = Date.parse('2026-11-22T10:15:30Z');

export const FLOOR_50 = { GBPUSD: [{ fromGbp: 100_000, toGbp: 1_000_000, floorBps: 50 }] };

/** The policy with that floor and the spec's margin options. */
export const FLOOR_POLICY = {
  floors: FLOOR_50,
  marginOptions: [0, 10, 20, 30, 40, 50] as (0 | 10 | 20 | 30 | 40 | 50)[],
};

export const TRADES = [
  'date,time,pair,direction,amount,rate',
  '2025-10-29,14:05,GBPUSD,sell,100000,1.3000',
  '2025-10-30,14:05,GBPUSD,sell,100000,1.3000',
  '2025-10-31,14:05,GBPUSD,sell,100000,1.3000',
].join('\n');

/** Saves the demo pitch to `clientName` at `yourRate` through the calculator; its id. */
export async function savePitch(c: TestClient, clientName: string, yourRate: string): Promise<string> {
  const id = randomUUID();
  await c.api.calculator.save.mutate({
    id,
    pair: 'GBPUSD',
    yourRate,
    competitorRate: '1.3400',
    amount: '500000',
    tradesPerYear: 52,
    marginPips: 0,
    comparisonDate: '2026-11-22',
    clientName,
  });
  return id;
}
