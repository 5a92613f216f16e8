/**
 * Pairs beyond the spec's six (issue 34), in one run on this machine:
 *   1. a desk adds USD/JPY (a pair Dukascopy quotes) and GBP/PLN (a cross it does not: derived per minute from
 *      GBP/USD × USD/PLN); the worker's backfill of those two from a local Dukascopy server (the real client and
 *      .bi5 reader) after the six are in: wall time, peak RSS of this process, bytes stored per added pair;
 *   2. the chart's history endpoint (1M at 30-minute points, London dates, read fresh) for GBP/USD, the direct
 *      USD/JPY and the derived GBP/PLN: p50 ≤ 10 ms, as for the six (bench history).
 *   3. a desk adds USD/CHF offline: its minutes from the bundled set (time, peak RSS growth, bytes stored);
 *   4. `/live` with 30 chosen pairs beside the raw `ws` floor of the same run (bench/lib/pairs-live.ts): ≤ 1.5×.
 * Every wait is bounded: the script never hangs.
 *   tsx bench/pairs.ts
 */
import { sql } from 'kysely';
import { testConfig } from '../core/src/config';
import { ensureMarketData } from '../core/src/market/dataset/load';
import { runBackfill } from '../core/src/market/ingest/backfill/run';
import { createDukascopyProvider } from '../core/src/market/vendors/dukascopy/client';
import { buildApp } from '../server/src/api/app';
import { createClient, signUp, signupInput } from '../server/test/helpers';
import { startDukascopyServer } from '../server/test/market/dukascopy-server';
import { addDays, londonDateOf } from '../shared/src/time';
import { createDb, createPool } from '../sql/src/index';
import { measureLiveWithPairs } from './lib/pairs-live';
import { benchDatabase, ms, percentile, timeIt } from './lib/stats';

const DAY_MS = 86_400_000;
const DAYS = 60;
const REQUEST_TIMEOUT_MS = 15_000;
const RUN_TIMEOUT_MS = 20 * 60_000;
const NOW = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const FROM = NOW - DAYS * DAY_MS;
const ADDED = ['USDJPY', 'GBPPLN'] as const;

setTimeout(() => {
  console.error(`pairs benchmark: gave up after ${RUN_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, RUN_TIMEOUT_MS).unref();

const database = await benchDatabase('pairs');
const pool = createPool(database.url, { max: 10 });
const db = createDb(pool);
const dukascopy = await startDukascopyServer({ variants: 16 });
let broken = false;
try {
  const provider = createDukascopyProvider({ baseUrl: dukascopy.baseUrl, minIntervalMs: 0, now: () => NOW });
  // The six first, as on any install (not measured), then the desk's choice.
  await runBackfill({ db, provider, now: () => NOW, fromMs: FROM, untilMs: NOW });
  const app = await buildApp({ config: testConfig({ databaseUrl: database.url }), db, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const client = createClient(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  await signUp(db, client, signupInput(), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  await db
    .updateTable('companies')
    .set({ quoted_pairs: ['GBPUSD', ...ADDED] })
    .execute();

  const stored = async () =>
    (
      await sql<{ bytes: string }>`
        SELECT sum(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_class c
        WHERE c.relkind = 'r' AND c.relname LIKE 'fx\\_%bars'`.execute(db)
    ).rows[0]?.bytes ?? '0';
  const bytesBefore = Number(await stored());
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  const run = await runBackfill({ db, provider, now: () => NOW, fromMs: FROM, untilMs: NOW });
  const wall = performance.now() - t0;
  clearInterval(sampler);
  await sql`VACUUM ANALYZE`.execute(db);
  const bytesPerPair = (Number(await stored()) - bytesBefore) / ADDED.length;
  const { rows: counts } = await sql<{ pair: string; source: string; n: number }>`
    SELECT pair, source, count(*)::int AS n FROM fx_minute_bars WHERE pair IN ('USDJPY', 'USDPLN', 'GBPPLN')
    GROUP BY pair, source ORDER BY pair`.execute(db);
  console.log(`\nA desk adds ${ADDED.join(' and ')}: backfill of ${DAYS} days from a local Dukascopy server`);
  console.log(
    `  minutes written   ${run.bars.toLocaleString('en-GB')} (${counts.map((c) => `${c.pair} ${c.source} ${c.n.toLocaleString('en-GB')}`).join(', ')})`,
  );
  console.log(
    `  wall time         ${(wall / 1000).toFixed(1)} s (${run.chunks} day requests, the USD/PLN leg included)`,
  );
  console.log(
    `  peak RSS growth   ${((peak - rssBefore) / 1048576).toFixed(0)} MB (this process: the backfill and the local server)`,
  );
  console.log(
    `  bytes stored      ${(bytesPerPair / 1048576).toFixed(1)} MB per added pair (minutes and rollups, ${DAYS} days)`,
  );

  const endDate = londonDateOf(new Date(NOW - DAY_MS));
  console.log(`\nHistory 1M at 30-minute points (London dates, read fresh), 60 requests each; target p50 ≤ 10 ms`);
  for (const pair of ['GBPUSD', ...ADDED] as const) {
    const chart = () =>
      client.api.market.series.query(
        { pair, interval: '30min', startDate: addDays(endDate, -29), endDate },
        { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
      );
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) await chart();
    for (let i = 0; i < 60; i++) await timeIt(samples, chart);
    const p50 = percentile(samples, 50);
    if (p50 > 10) broken = true;
    const kind = pair === 'GBPUSD' ? 'one of the six' : pair === 'USDJPY' ? 'direct' : 'derived';
    console.log(
      `  ${pair} (${kind})`.padEnd(26),
      `p50 ${ms(p50)} p99 ${ms(percentile(samples, 99))} ${p50 <= 10 ? '✓' : '✗ OVER'}`,
    );
  }
  // A new pair from the bundled set (offline, no provider): USD/CHF's same 60 days, generated from the bundled ECB file.
  const bundledBytesBefore = Number(await stored());
  const bundledRssBefore = process.memoryUsage().rss;
  let bundledPeak = bundledRssBefore;
  const bundledSampler = setInterval(() => {
    bundledPeak = Math.max(bundledPeak, process.memoryUsage().rss);
  }, 10);
  const t1 = performance.now();
  const bundled = await ensureMarketData(pool, { now: NOW, from: FROM, pairs: ['USDCHF'] });
  const bundledWall = performance.now() - t1;
  clearInterval(bundledSampler);
  await sql`VACUUM ANALYZE`.execute(db);
  console.log(`\nA desk adds USDCHF offline: ${DAYS} days from the bundled set (ECB-anchored, simulated intraday)`);
  console.log(
    `  minutes written   ${bundled.rows.toLocaleString('en-GB')} in ${(bundledWall / 1000).toFixed(1)} s; peak RSS growth ${((bundledPeak - bundledRssBefore) / 1048576).toFixed(0)} MB; ${((Number(await stored()) - bundledBytesBefore) / 1048576).toFixed(1)} MB stored`,
  );
  await app.close();
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  await measureLiveWithPairs(db, database.url, cookie);
} finally {
  await dukascopy.close();
  await db.destroy();
  await database.close();
}
if (broken) process.exit(1);
