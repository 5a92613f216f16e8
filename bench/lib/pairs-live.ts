/**
 * `/live` with 30 chosen pairs (issue 34), for bench/pairs.ts: the six and the first 24 other pairs of the catalogue
 * with a live price (direct and derived crosses; daily-only pairs have none). Each round is one poll as the worker
 * sends it: one NOTIFY per stored pair those pairs need, in one statement, GBP/USD last (its mid marks the round).
 * The app's hub serves each direct pair and prices each cross from its legs; the floor sends each NOTIFY, as is, to
 * every raw `ws` socket as one pre-serialised message. Delay from each quote's time to its receipt, p50/p99.
 */
import { sql } from 'kysely';
import { QUOTES_CHANNEL } from '../../shared/src/live-quote';
import { PAIR_CATALOGUE, storedPairsFor } from '../../shared/src/pair-catalogue';
import type { Database } from '../../sql/src/index';
import { liveRunner } from './live-runs';
import { ms } from './stats';

const SUBSCRIBERS = 1_000;
const ROUNDS = 20;
export const CHOSEN = PAIR_CATALOGUE.filter((p) => p.sourcing.kind !== 'daily')
  .slice(0, 30)
  .map((p) => p.code);

export async function measureLiveWithPairs(db: Database, databaseUrl: string, cookie: string): Promise<void> {
  await db
    .updateTable('companies')
    .set({ quoted_pairs: [...CHOSEN] })
    .execute();
  const stored = storedPairsFor(CHOSEN).filter((p) => p !== 'GBPUSD');
  const derived = PAIR_CATALOGUE.filter((p) => CHOSEN.includes(p.code) && p.sourcing.kind === 'derived').length;
  const poll = (other: number, gbpusd: number) => {
    const ts = new Date().toISOString();
    const quotes = [...stored.map((pair) => ({ pair, mid: other })), { pair: 'GBPUSD', mid: gbpusd }];
    const payloads = quotes.map(({ pair, mid }) =>
      JSON.stringify({ pair, bid: mid, ask: mid, mid, ts, source: 'feed' }),
    );
    return sql`SELECT pg_notify(${QUOTES_CHANNEL}, payload) FROM unnest(${payloads}::text[]) AS payload`.execute(db);
  };
  const publish = async (i: number) => {
    // A first poll that is not a round: until each leg has been polled once, a cross's other leg is the stored
    // price read at start (days old), whose time the client would measure from.
    if (i === 0) await poll(2.5, 1.2);
    // Other pairs at 3 + …, so no cross of them lands on GBP/USD's marker mids (1.3001 …).
    return poll(3 + i / 1_000, 1.3 + (i + 1) / 10_000);
  };
  const runner = liveRunner(databaseUrl);
  try {
    console.log(
      `\n/live with ${CHOSEN.length} chosen pairs (${derived} derived crosses; ${stored.length + 1} stored pairs per poll), ${SUBSCRIBERS.toLocaleString('en-GB')} subscribers, one server process`,
    );
    const floor = await runner.run('floor', SUBSCRIBERS, 1, cookie, ROUNDS, publish);
    const app = await runner.run('app', SUBSCRIBERS, 1, cookie, ROUNDS, publish);
    if (floor) console.log(`  floor (raw ws, each NOTIFY one broadcast): p50 ${ms(floor.p50)}, p99 ${ms(floor.p99)}`);
    if (app) {
      const ratio = floor ? app.p50 / floor.p50 : Number.NaN;
      const vs = (x: number, f?: number) => (f ? ` (${(x / f).toFixed(2)}× the floor)` : '');
      console.log(
        `  live socket (/live): ${app.deliveries.toLocaleString('en-GB')} deliveries, p50 ${ms(app.p50)}${vs(app.p50, floor?.p50)}, p99 ${ms(app.p99)}${vs(app.p99, floor?.p99)} ${ratio <= 1.5 ? '✓' : '✗ OVER'}`,
      );
    }
    console.log('  target: p50 ≤ 1.5× the floor (as bench live: printed, not failed, on a shared machine)');
  } finally {
    runner.stopAll();
  }
}
