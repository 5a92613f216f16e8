/**
 * The history backfill (issue 21): two years × six pairs of real minutes from a local Dukascopy server (the real
 * client, .bi5 reader and writer), replacing the bundled data set's simulated minutes, on this machine. Prints
 * minutes per second, wall time (target ≤ 10 minutes), peak RSS (≤ 300 MB) and the chart's history endpoint p50
 * during the backfill beside without it (≤ 2×).
 *
 * The server serves 16 distinct days per pair in turn (a file's times are offsets within its day, so any day's
 * bytes are a valid file for another): its files are made once, before the clock starts, so the figures are the
 * backfill's and not the test server's LZMA encoder's. No politeness delay: the local server needs none.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { testConfig } from '../core/src/config';
import { ensureMarketData } from '../core/src/market/dataset/load';
import { createDukascopyProvider } from '../core/src/market/vendors/dukascopy/client';
import { buildApp } from '../server/src/api/app';
import { createClient, signUp, signupInput } from '../server/test/helpers';
import { startDukascopyServer } from '../server/test/market/dukascopy-server';
import { STORED_PAIRS } from '../shared/src/pairs';
import { addDays, londonDateOf } from '../shared/src/time';
import { createDb, createPool } from '../sql/src/index';
import { benchDatabase, ms, percentile, timeIt } from './lib/stats';

const DAY_MS = 86_400_000;
const YEARS = 2;
const REQUEST_TIMEOUT_MS = 15_000;
const RUN_TIMEOUT_MS = 30 * 60_000;
const NOW = Date.now();
const FROM = NOW - YEARS * 365 * DAY_MS;

setTimeout(() => {
  console.error(`backfill benchmark: gave up after ${RUN_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, RUN_TIMEOUT_MS).unref();

const database = await benchDatabase('backfill');
const pool = createPool(database.url, { max: 10 });
const db = createDb(pool);
const dukascopy = await startDukascopyServer({ variants: 16 });
try {
  let t0 = performance.now();
  const loaded = await ensureMarketData(pool, { now: NOW, from: FROM });
  console.log(
    `bundled data set: ${loaded.rows.toLocaleString('en-GB')} simulated minutes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // The test server's files, made once before the clock starts (16 days × 6 pairs × bid and ask).
  t0 = performance.now();
  const warm = createDukascopyProvider({ baseUrl: dukascopy.baseUrl, minIntervalMs: 0, now: () => NOW });
  const firstDay = Math.floor(FROM / DAY_MS) * DAY_MS;
  for (const pair of STORED_PAIRS)
    for (let d = 0; d < 16; d++) await warm.fetchMinutes(pair, firstDay + d * DAY_MS, firstDay + (d + 1) * DAY_MS);
  console.log(`local Dukascopy server: files made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = await buildApp({ config: testConfig({ databaseUrl: database.url }), db, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const client = createClient(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  await signUp(db, client, signupInput(), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  // The chart's month at 30-minute points as London dates: date ranges are always read fresh (timeframes are
  // cached until the pair's next quote, which would measure the cache).
  const endDate = londonDateOf(new Date(NOW));
  const chart = () =>
    client.api.market.series.query(
      { pair: 'GBPUSD', interval: '30min', startDate: addDays(endDate, -29), endDate },
      { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
    );
  const idle: number[] = [];
  for (let i = 0; i < 3; i++) await chart();
  for (let i = 0; i < 60; i++) await timeIt(idle, chart);

  // The backfill runs in a process of its own, as in the worker, so its peak RSS is its own.
  const busy: number[] = [];
  let backfilling = true;
  const chartLoop = (async () => {
    while (backfilling) await timeIt(busy, chart);
  })();
  const child = spawn(
    process.execPath,
    [
      // As the worker runs (the launcher and compose.yaml pass it): a small young generation.
      '--max-semi-space-size=2',
      '--import',
      'tsx',
      fileURLToPath(new URL('./backfill-worker.ts', import.meta.url)),
      database.url,
      dukascopy.baseUrl,
      String(NOW),
      String(FROM),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const killer = setTimeout(() => child.kill(), RUN_TIMEOUT_MS - 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(killer);
  backfilling = false;
  await chartLoop;
  await app.close();
  if (code !== 0) throw new Error(`the backfill process exited with ${code}`);
  const run = JSON.parse(out.trim().split('\n').at(-1)!) as {
    bars: number;
    chunks: number;
    error: string | null;
    wallMs: number;
    peakRssMb: number;
  };
  const wall = run.wallMs / 1000;

  const { rows } = await sql<{ source: string; n: number }>`
    SELECT source, count(*)::int AS n FROM fx_minute_bars GROUP BY source ORDER BY source`.execute(db);
  console.log(
    `\nbackfill: ${YEARS} years × ${STORED_PAIRS.length} pairs, ${run.chunks.toLocaleString('en-GB')} day/hour requests${run.error ? `, stopped: ${run.error}` : ''}`,
  );
  console.log(
    `  minutes written   ${run.bars.toLocaleString('en-GB')} (${rows.map((r) => `${r.source} ${r.n.toLocaleString('en-GB')}`).join(', ')})`,
  );
  console.log(`  wall time         ${(wall / 60).toFixed(1)} min (target ≤ 10 min)`);
  console.log(`  minutes per s     ${Math.round(run.bars / wall).toLocaleString('en-GB')}`);
  console.log(`  peak RSS          ${run.peakRssMb} MB, the backfill's own process (target ≤ 300 MB)`);
  const p50Idle = percentile(idle, 50);
  const p50Busy = percentile(busy, 50);
  console.log(
    `  history 1M 30-min p50 ${ms(p50Idle)} without the backfill, ${ms(p50Busy)} during it (${busy.length} requests): ${(p50Busy / p50Idle).toFixed(2)}× (target ≤ 2×)`,
  );
} finally {
  await dukascopy.close();
  await db.destroy();
  await database.close();
}
