/**
 * History API: p50/p99 of each chart timeframe through the real tRPC HTTP endpoint, beside the spec's old
 * way on the same data (exact timestamps for the interval, queried in sequential batches of 500), and the
 * ratio. Target: 3M hourly p50 ≤ 10 ms and ≥ 5× faster.   tsx bench/history.ts
 */
import { sql } from 'kysely';
import { buildApp } from '../server/src/app';
import { testConfig } from '../server/src/config';
import { resolveSession, SESSION_COOKIE } from '../server/src/services/auth/sessions';
import { QuoteHub } from '../server/src/services/market/live-quotes';
import { SeriesCache } from '../server/src/services/market/series-cache';
import { createClient, signupInput } from '../server/test/helpers';
import { insertBars } from '../server/test/market/fixtures';
import { TIMEFRAMES, type Timeframe } from '../shared/src/pairs';
import { createDb, createPool } from '../sql/src/index';
import { benchDatabase, ms, percentile, timeIt } from './lib/stats';

const REQUESTS = 60;
const NOW = new Date();
const PAIRS = ['GBPUSD', 'EURGBP', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD'];

const database = await benchDatabase('history');
const pool = createPool(database.url, { max: 10 });
const db = createDb(pool);
// 100 days of minute bars for every stored pair (as dense as the real data set).
const from = new Date(NOW.getTime() - 100 * 86_400_000);
for (const [i, pair] of PAIRS.entries()) await insertBars(db, pair, from.toISOString(), NOW.toISOString(), 1 + i * 0.1);
await sql`ANALYZE`.execute(db);

const app = await buildApp({ config: testConfig({ databaseUrl: database.url }), db, serveWeb: false });
// The old way's data call, reproduced for this benchmark only: the spec's client asked the hosted backend's
// REST interface for one batch of exact timestamps per HTTP request.
app.post<{ Body: { pair: string; timestamps: string[] } }>('/bench/old-batch', async (req, reply) => {
  // Each of the old client's requests carried the user's token, checked by the backend: so does this one.
  if (!(await resolveSession(db, req.cookies[SESSION_COOKIE]))) return reply.code(401).send();
  const r = await pool.query(
    'SELECT ts, close FROM fx_minute_bars WHERE pair = $1 AND ts = ANY($2::timestamptz[]) ORDER BY ts',
    [req.body.pair, req.body.timestamps],
  );
  return r.rows;
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };
const client = createClient(`http://127.0.0.1:${port}`);
await client.api.auth.signup.mutate(signupInput());
const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

// A second server over the same database as production runs it: with the live-quote hub and the series cache.
const hub = new QuoteHub(db, database.url);
hub.start();
const cachedApp = await buildApp({
  config: testConfig({ databaseUrl: database.url }),
  db,
  serveWeb: false,
  services: { now: () => new Date(), quotes: hub, seriesCache: new SeriesCache(hub) },
});
await cachedApp.listen({ host: '127.0.0.1', port: 0 });
const cachedClient = createClient(`http://127.0.0.1:${(cachedApp.server.address() as { port: number }).port}`);
await cachedClient.api.auth.login.mutate({
  email: signupInput().email,
  password: signupInput().password,
  mode: 'admin',
});

/** The spec's way (§7 forex_prices (2)): every expected timestamp, 500 per query, one query after another. */
function oldWayRequests(timeframe: Timeframe): number {
  const spec = TIMEFRAMES[timeframe];
  const step = { minute: 1, '15min': 15, '30min': 30, hourly: 60, daily: 1440 }[spec.interval];
  return Math.ceil(((spec.days + 1) * 1440) / step / 500);
}

async function oldWay(pair: string, timeframe: Timeframe): Promise<number> {
  const spec = TIMEFRAMES[timeframe];
  const step = { minute: 1, '15min': 15, '30min': 30, hourly: 60, daily: 1440 }[spec.interval];
  const end = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate(), 23, 59));
  const start = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() - spec.days));
  const stamps: Date[] = [];
  for (let t = start.getTime(); t <= end.getTime(); t += step * 60_000) stamps.push(new Date(t));
  let rows = 0;
  for (let i = 0; i < stamps.length; i += 500) {
    const batch = stamps.slice(i, i + 500).map((d) => d.toISOString());
    const res = await fetch(`http://127.0.0.1:${port}/bench/old-batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ pair, timestamps: batch }),
    });
    rows += ((await res.json()) as unknown[]).length;
  }
  return rows;
}

console.log(
  '\nHistory API: tRPC HTTP endpoint vs the old way (exact timestamps, sequential HTTP batches of 500; same data, GBPUSD)',
);
// Loopback has no network: the old way's real cost was also one browser-to-cloud round trip per batch,
// one after another. The last column adds a 20 ms round trip per request to both ways (modelled, not measured).
const RTT_MS = 20;
console.log('timeframe     points   new p50   new p99   old p50   old p99   speed-up (p50)   with 20 ms RTT');
const cachedRows: string[] = [];
for (const timeframe of ['1D', '5D', '1M', '3M'] as const) {
  const fresh: number[] = [];
  const cached: number[] = [];
  const old: number[] = [];
  let points = 0;
  for (let i = 0; i < 5; i++) await client.api.rates.series.query({ pair: 'GBPUSD', timeframe }); // warm-up
  for (let i = 0; i < REQUESTS; i++) {
    await timeIt(fresh, async () => {
      points = (await client.api.rates.series.query({ pair: 'GBPUSD', timeframe })).points.length;
    });
    await timeIt(cached, () => cachedClient.api.rates.series.query({ pair: 'GBPUSD', timeframe }));
    await timeIt(old, () => oldWay('GBPUSD', timeframe));
  }
  const label = `${timeframe} ${TIMEFRAMES[timeframe].interval}`.padEnd(13);
  const ratio = percentile(old, 50) / percentile(fresh, 50);
  const withRtt = (percentile(old, 50) + oldWayRequests(timeframe) * RTT_MS) / (percentile(fresh, 50) + RTT_MS);
  console.log(
    `${label} ${String(points).padStart(6)}   ${ms(percentile(fresh, 50)).padStart(7)}   ${ms(percentile(fresh, 99)).padStart(7)}   ${ms(percentile(old, 50)).padStart(7)}   ${ms(percentile(old, 99)).padStart(7)}   ${`${ratio.toFixed(1)}×`.padStart(14)}   ${`${withRtt.toFixed(1)}× (${oldWayRequests(timeframe)} vs 1 request)`}`,
  );
  cachedRows.push(
    `${label}          ${ms(percentile(cached, 50)).padStart(7)}   ${ms(percentile(cached, 99)).padStart(7)}   ${`${(percentile(old, 50) / percentile(cached, 50)).toFixed(1)}×`.padStart(8)}`,
  );
}
console.log('\nThe same through the production server setup, where a series is shared by every broker until the');
console.log("pair's next quote (SeriesCache; between two quotes, repeated requests need no query):");
console.log('timeframe              p50       p99   speed-up');
for (const row of cachedRows) console.log(row);
console.log('target: 3M hourly p50 ≤ 10 ms and ≥ 5× faster than the old way');

await app.close();
await cachedApp.close();
await hub.stop();
await db.destroy();
await database.close();
