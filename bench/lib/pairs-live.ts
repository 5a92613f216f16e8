/**
 * `/live` with 30 chosen pairs (issue 34), for bench/pairs.ts: the six and the first 24 other pairs of the catalogue
 * with a live price (direct and derived crosses; daily-only pairs have none). Each round is one poll as the worker
 * sends it: one NOTIFY per stored pair those pairs need, in one statement, GBP/USD last (its mid marks the round).
 * The app's hub serves each direct pair and prices each cross from its legs; the floor (bench/live-server.ts) sends
 * the same quotes to the same number of raw `ws` sockets, each batch one pre-serialised Buffer, and both report the
 * messages and bytes each socket received, which must match. Delay from each quote's time to its receipt, p50/p99.
 */
import { sql } from 'kysely';
import { QUOTES_CHANNEL } from '../../shared/src/live-quote';
import { PAIR_CATALOGUE, storedPairsFor } from '../../shared/src/pair-catalogue';
import type { Database } from '../../sql/src/index';
import { type Figures, liveRunner } from './live-runs';
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
    // Floor, app, app, floor: a machine whose load drifts during the run (autovacuum after the backfill above, other
    // work beside it) weighs on both alike, and the best p50 of each side is compared.
    const run = (mode: 'app' | 'floor') => runner.run(mode, SUBSCRIBERS, 1, cookie, ROUNDS, publish);
    const floors: Figures[] = [];
    const apps: Figures[] = [];
    for (const mode of ['floor', 'app', 'app', 'floor'] as const) {
      const figures = await run(mode);
      if (figures) (mode === 'floor' ? floors : apps).push(figures);
    }
    // The same work both ways: the messages and bytes each socket received (the snapshot aside) must match.
    const work = (f: Figures) =>
      `${(f.messages / SUBSCRIBERS).toFixed(0)} messages, ${(f.bytes / SUBSCRIBERS / 1024).toFixed(1)} KiB per socket`;
    for (const f of floors)
      console.log(
        `  floor (raw ws, the app's quotes, each batch one broadcast): ${work(f)}; p50 ${ms(f.p50)}, p99 ${ms(f.p99)}`,
      );
    for (const a of apps)
      console.log(
        `  live socket (/live): ${work(a)}, ${a.deliveries.toLocaleString('en-GB')} deliveries; p50 ${ms(a.p50)}, p99 ${ms(a.p99)}`,
      );
    const all = [...floors, ...apps];
    if (all.some((f) => f.messages !== all[0]!.messages || f.bytes !== all[0]!.bytes))
      console.log('  ✗ the floor and the app delivered different work (above)');
    const best = (runs: Figures[], key: 'p50' | 'p99') => Math.min(...runs.map((f) => f[key]));
    if (floors.length > 0 && apps.length > 0) {
      const ratio = best(apps, 'p50') / best(floors, 'p50');
      const p99 = best(apps, 'p99') / best(floors, 'p99');
      console.log(
        `  best p50 ${ms(best(apps, 'p50'))} against the floor's ${ms(best(floors, 'p50'))}: ${ratio.toFixed(2)}× (p99 ${p99.toFixed(2)}×) ${ratio <= 1.5 ? '✓' : '✗ OVER'}`,
      );
    }
    console.log('  target: p50 ≤ 1.5× the floor (as bench live: printed, not failed, on a shared machine)');
  } finally {
    runner.stopAll();
  }
}
