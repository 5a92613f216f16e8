/**
 * History API: p50/p99 of every chart timeframe (and daily points) through the real tRPC HTTP endpoint,
 * uncached, beside the spec's old way on the same data (exact timestamps for the interval, in sequential
 * HTTP requests of 500), measured in the same run, for the newest data and for a range a year old.
 *
 * Storages: the plain table (embedded PostgreSQL, or TEST_DATABASE_URL's server) and, when
 * BENCH_TIMESCALEDB_URL names a PostgreSQL with TimescaleDB preloaded (e.g. the cluster test/timescaledb.sh
 * starts), TimescaleDB with chunks older than 45 days compressed as production's policy does, side by side.
 * Target: every timeframe p50 ≤ 10 ms on both storages and ≥ 5× faster than the old way.
 *   BENCH_TIMESCALEDB_URL=postgres://postgres@127.0.0.1:5433/postgres tsx bench/history.ts
 */
import { sql } from 'kysely';
import { testConfig } from '../core/src/config';
import { ensureMarketData } from '../core/src/market/dataset/load';
import { resolveSession, SESSION_COOKIE } from '../core/src/services/auth/sessions';
import { buildApp } from '../server/src/api/app';
import { createClient, signUp, signupInput } from '../server/test/helpers';
import { addDays, londonDateOf } from '../shared/src/time';
import { createDb, createPool, ensureDatabase, migrate } from '../sql/src/index';
import { benchDatabase, ms, percentile, timeIt } from './lib/stats';

const REQUESTS = 40;
const DAY_MS = 86_400_000;
/** Every wait is bounded: one request, one storage's load, the whole run. */
const REQUEST_TIMEOUT_MS = 15_000;
const RUN_TIMEOUT_MS = 12 * 60_000;
const NOW = new Date();
const HISTORY_DAYS = 460;

setTimeout(() => {
  console.error(`history benchmark: gave up after ${RUN_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, RUN_TIMEOUT_MS).unref();

type Step = 'minute' | '15min' | '30min' | 'hourly' | 'daily';
interface Case {
  label: string;
  interval: Step;
  days: number;
  timeframe?: '1D' | '5D' | '1M' | '3M';
}
const CASES: Case[] = [
  { label: '1D minute', interval: 'minute', days: 1, timeframe: '1D' },
  { label: '5D 15-min', interval: '15min', days: 5, timeframe: '5D' },
  { label: '1M 30-min', interval: '30min', days: 30, timeframe: '1M' },
  { label: '3M hourly', interval: 'hourly', days: 90, timeframe: '3M' },
  { label: '3M daily', interval: 'daily', days: 90, timeframe: '3M' },
];
const STEP_MINUTES: Record<Step, number> = { minute: 1, '15min': 15, '30min': 30, hourly: 60, daily: 1440 };

interface Row {
  points: number;
  p50: number;
  p99: number;
  oldP50: number;
}

/** One storage: its own database, loaded with the bundled data set, served by its own server. */
async function measureStorage(name: string, url: string, compress: boolean) {
  const pool = createPool(url, { max: 10 });
  const db = createDb(pool);
  const t0 = performance.now();
  // The bundled data set (six pairs, as dense as production) for the last HISTORY_DAYS days.
  await ensureMarketData(pool, { now: NOW, from: new Date(NOW.getTime() - HISTORY_DAYS * DAY_MS) });
  let note = '';
  if (compress) {
    // What production's policy (migration 0002) does in the background: compress chunks older than 45 days.
    await sql`SELECT compress_chunk(c, if_not_compressed => true)
              FROM show_chunks('fx_minute_bars', older_than => interval '45 days') c`.execute(db);
    const { rows } = await sql<{ all: number; compressed: number }>`
      SELECT count(*)::int AS all, count(*) FILTER (WHERE is_compressed)::int AS compressed
      FROM timescaledb_information.chunks WHERE hypertable_name = 'fx_minute_bars'`.execute(db);
    note = `, ${rows[0]?.compressed}/${rows[0]?.all} chunks compressed`;
  }
  await sql`ANALYZE`.execute(db);
  console.log(`${name}: data loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s${note}`);

  const app = await buildApp({ config: testConfig({ databaseUrl: url }), db, serveWeb: false });
  // The old way's data call, reproduced for this benchmark only: the spec's client asked the hosted backend's
  // REST interface for one batch of exact timestamps per HTTP request, each carrying the user's token.
  app.post<{ Body: { pair: string; timestamps: string[] } }>('/bench/old-batch', async (req, reply) => {
    if (!(await resolveSession(db, req.cookies[SESSION_COOKIE]))) return reply.code(401).send();
    const r = await pool.query(
      'SELECT ts, close FROM fx_minute_bars WHERE pair = $1 AND ts = ANY($2::timestamptz[]) ORDER BY ts',
      [req.body.pair, req.body.timestamps],
    );
    return r.rows;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const client = createClient(base);
  await signUp(db, client, signupInput(), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  /** The spec's way (§7 forex_prices (2)): every expected timestamp, 500 per request, one after another. */
  async function oldWay(c: Case, endDate: string, dates: number): Promise<number> {
    const start = Date.parse(`${addDays(endDate, -(dates - 1))}T00:00:00Z`);
    const end = Date.parse(`${endDate}T23:59:00Z`);
    const stamps: string[] = [];
    for (let t = start; t <= end; t += STEP_MINUTES[c.interval] * 60_000) stamps.push(new Date(t).toISOString());
    let rows = 0;
    for (let i = 0; i < stamps.length; i += 500) {
      const res = await fetch(`${base}/bench/old-batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ pair: 'GBPUSD', timestamps: stamps.slice(i, i + 500) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      rows += ((await res.json()) as unknown[]).length;
    }
    return rows;
  }

  // The endpoint's own floor in this run: a procedure with a one-row query (session, tRPC, HTTP).
  const floor: number[] = [];
  for (let i = 0; i < REQUESTS; i++)
    await timeIt(floor, () =>
      client.api.market.calendarRange.query({ pair: 'GBPUSD' }, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }),
    );

  // The newest data: the chart's timeframes. A year ago: the same spans as London dates.
  const newestEnd = londonDateOf(NOW);
  const yearAgoEnd = lastWeekday(addDays(newestEnd, -365));
  const results: Record<'newest' | 'yearAgo', Row[]> = { newest: [], yearAgo: [] };
  for (const range of ['newest', 'yearAgo'] as const) {
    for (const c of CASES) {
      const request = () => {
        const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
        return range === 'newest'
          ? client.api.market.series.query(
              { pair: 'GBPUSD', timeframe: c.timeframe!, interval: c.interval },
              { signal },
            )
          : client.api.market.series.query(
              {
                pair: 'GBPUSD',
                interval: c.interval,
                startDate: addDays(yearAgoEnd, -(c.days - 1)),
                endDate: yearAgoEnd,
              },
              { signal },
            );
      };
      // The old client asked for dates: the newest N days are N + 1 dates (as before), a range its own dates.
      const [endDate, dates] = range === 'newest' ? [newestEnd, c.days + 1] : [yearAgoEnd, c.days];
      for (let i = 0; i < 3; i++) await request(); // warm-up
      const fresh: number[] = [];
      const old: number[] = [];
      let points = 0;
      for (let i = 0; i < REQUESTS; i++) {
        await timeIt(fresh, async () => {
          points = (await request()).points.length;
        });
        await timeIt(old, () => oldWay(c, endDate, dates));
      }
      results[range].push({
        points,
        p50: percentile(fresh, 50),
        p99: percentile(fresh, 99),
        oldP50: percentile(old, 50),
      });
    }
  }
  await app.close();
  await db.destroy();
  return { results, floor: percentile(floor, 50), yearAgo: `${addDays(yearAgoEnd, -89)} … ${yearAgoEnd}` };
}

/** The weekday on or before `date`, so a year-old 1D is a trading day. */
function lastWeekday(date: string): string {
  let d = date;
  while ([0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay())) d = addDays(d, -1);
  return d;
}

const storages: { name: string; run: Awaited<ReturnType<typeof measureStorage>> }[] = [];
const plain = await benchDatabase('history');
try {
  storages.push({ name: 'plain table', run: await measureStorage('plain table', plain.url, false) });
} finally {
  await plain.close();
}
const timescaleUrl = process.env.BENCH_TIMESCALEDB_URL;
if (timescaleUrl) {
  const url = await ensureDatabase(timescaleUrl, `bench_history_${process.pid}`);
  await migrate(url);
  storages.push({ name: 'TimescaleDB', run: await measureStorage('TimescaleDB (compressed)', url, true) });
} else {
  console.log('TimescaleDB: not measured (set BENCH_TIMESCALEDB_URL to a PostgreSQL with TimescaleDB preloaded)');
}

console.log(
  '\nHistory API, GBPUSD, uncached through the tRPC HTTP endpoint, vs the old way (exact timestamps in sequential',
);
console.log(`HTTP requests of 500, same server and data); ${REQUESTS} requests each; p50 (p99) and speed-up at p50.`);
for (const range of ['newest', 'yearAgo'] as const) {
  console.log(
    range === 'newest' ? '\nnewest data (chart timeframes)' : `\na year old (London dates ${storages[0]!.run.yearAgo})`,
  );
  console.log(`${'timeframe'.padEnd(11)} points   ${storages.map((s) => s.name.padEnd(36)).join(' ')}`);
  for (const [i, c] of CASES.entries()) {
    const cells = storages.map(({ run }) => {
      const r = run.results[range][i]!;
      const ratio = r.oldP50 / r.p50;
      return `${ms(r.p50)} (${r.p99.toFixed(1)})  old ${ms(r.oldP50)}  ${ratio.toFixed(1)}×`.padEnd(36);
    });
    const points = storages[0]!.run.results[range][i]!.points;
    console.log(`${c.label.padEnd(11)} ${String(points).padStart(6)}   ${cells.join(' ')}`);
  }
}
console.log(
  `\nendpoint floor (market.calendarRange, one tiny query) p50: ${storages.map((s) => `${s.name} ${ms(s.run.floor)}`).join(', ')}`,
);
console.log('target: every timeframe p50 ≤ 10 ms on both storages and ≥ 5× faster than the old way');
process.exit(0);
