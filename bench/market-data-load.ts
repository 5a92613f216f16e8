/**
 * First start of the market data: loads the whole bundled data set (6 pairs, 2024-09-30 → now) into a fresh embedded
 * PostgreSQL and prints the time, the rows and the on-disk size, then times the history reads it is shaped for.
 * Target: the load in ≤ 90 s on the 2-core machine; 90 days hourly in ≤ 10 ms p50.
 *
 *   tsx bench/market-data-load.ts
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { ensureMarketData } from '../core/src/market/dataset/load';
import { createPool, ensureDatabase, migrate, startEmbeddedPostgres } from '../sql/src/index';

const dir = mkdtempSync(join(tmpdir(), 'pippitch-bench-market-'));
chmodSync(dir, 0o755); // the cluster runs as user postgres when we are root
const cluster = await startEmbeddedPostgres({ dataDir: join(dir, 'pg') });
let pool: pg.Pool | undefined;
try {
  const url = await ensureDatabase(cluster.url, 'bench');
  await migrate(url);
  pool = createPool(url, { max: 2 });

  const result = await ensureMarketData(pool, { log: (line) => console.log(line) });
  const sizes = await pool.query<{ name: string; bytes: number }>(
    `SELECT name, pg_total_relation_size(name)::bigint AS bytes
     FROM unnest(ARRAY['fx_minute_bars', 'fx_hourly_bars']) AS name`,
  );
  console.log('');
  console.log(`first load: ${result.rows.toLocaleString('en-GB')} minute bars in ${(result.ms / 1000).toFixed(1)} s`);
  for (const s of sizes.rows)
    console.log(`  ${s.name}: ${(s.bytes / 2 ** 20).toFixed(0)} MiB on disk (heap + indexes)`);

  const again = await ensureMarketData(pool, {});
  console.log(`second start: ${again.rows} bars added in ${(again.ms / 1000).toFixed(2)} s`);

  // The reads the tables are designed for (core/src/market/README.md), p50 of 200 runs after a warm-up.
  const latest = (await pool.query<{ ts: Date }>(`SELECT max(ts) AS ts FROM fx_minute_bars WHERE pair = 'GBPUSD'`))
    .rows[0]!.ts;
  const ago = (days: number) => new Date(latest.getTime() - days * 86_400_000);
  const reads: [string, string, unknown[]][] = [
    [
      '3M hourly (fx_hourly_bars range)',
      'SELECT ts, open, high, low, close FROM fx_hourly_bars WHERE pair = $1 AND ts >= $2 AND ts < $3 ORDER BY ts',
      ['GBPUSD', ago(90), latest],
    ],
    [
      '1M at 30 min (one PK probe per bucket)',
      `SELECT m.ts, m.close FROM generate_series($2::timestamptz, $3::timestamptz, interval '30 minutes') AS b (ts)
       JOIN fx_minute_bars m ON m.pair = $1 AND m.ts = b.ts ORDER BY m.ts`,
      ['GBPUSD', ago(30), latest],
    ],
    [
      '1D at minutes (PK range)',
      'SELECT ts, close FROM fx_minute_bars WHERE pair = $1 AND ts >= $2 AND ts <= $3 ORDER BY ts',
      ['GBPUSD', ago(1), latest],
    ],
    ['one minute (PK point)', 'SELECT close FROM fx_minute_bars WHERE pair = $1 AND ts = $2', ['GBPUSD', ago(45)]],
  ];
  console.log('');
  for (const [name, sql, params] of reads) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < 220; i++) {
      const t0 = performance.now();
      rows = (await pool.query(sql, params)).rowCount ?? 0;
      if (i >= 20) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2);
    console.log(`${name}: ${rows} rows, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
  }
} finally {
  await pool?.end();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
