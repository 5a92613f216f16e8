import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMarketData } from '../../core/src/market/dataset/load';
import { parseDukascopyCsv } from '../../core/src/market/ingest/import/dukascopy';
import { importBars } from '../../core/src/market/ingest/import/import-bars';
import { compressBars } from '../../server/test/market/fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/db';

const HEADER = 'timestamp,open,high,low,close,volume';
// 2025-01-06 09:00–09:02 UTC.
const T0 = Date.parse('2025-01-06T09:00:00Z');
const FILE = [
  HEADER,
  `${T0},1.25010,1.25030,1.25000,1.25020,120.5`,
  `${T0 + 60_000},1.25020,1.25100,1.25015,1.25090,98`,
  `${T0 + 120_000},1.25090,1.25095,1.24980,1.25000,77.25`,
].join('\n');

describe('parseDukascopyCsv', () => {
  it('reads epoch-ms UTC bars, with or without volume, BOM and CRLF tolerated', () => {
    const bars = parseDukascopyCsv(`\ufeff${FILE.replaceAll('\n', '\r\n')}\r\n`);
    expect(bars).toHaveLength(3);
    expect(bars[0]).toEqual({ ts: new Date(T0), open: 1.2501, high: 1.2503, low: 1.25, close: 1.2502 });
    const noVolume = parseDukascopyCsv(`timestamp,open,high,low,close\n${T0},1,1.1,0.9,1.05`);
    expect(noVolume[0]?.close).toBe(1.05);
  });

  it('sorts rows by time', () => {
    const [header, a, b] = FILE.split('\n');
    expect(parseDukascopyCsv([header, b, a].join('\n')).map((x) => x.ts.getTime())).toEqual([T0, T0 + 60_000]);
  });

  it.each([
    ['a wrong header', 'time,o,h,l,c\n1,1,1,1,1', /line 1: expected the header/],
    ['a timestamp in seconds text', `${HEADER}\n2025-01-06 09:00,1,1,1,1`, /line 2: timestamp .* is not epoch ms/],
    ['a timestamp inside a minute', `${HEADER}\n${T0 + 1500},1,1,1,1`, /line 2: .* not the start of a minute/],
    ['the same minute twice', `${HEADER}\n${T0},1,1,1,1\n${T0},1,1,1,1`, /line 3: .* appears twice/],
    ['a missing price', `${HEADER}\n${T0},1,1,,1`, /line 2: prices must be positive numbers/],
    ['a high below the close', `${HEADER}\n${T0},1,1.01,0.99,1.02`, /line 2: high\/low do not contain/],
  ])('rejects %s with its line number', (_, text, message) => {
    expect(() => parseDukascopyCsv(text)).toThrow(message);
  });
});

describe('importing Dukascopy bars', () => {
  let t: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'pippitch-import-'));
    await ensureMarketData(t.pool, { seed: 'import-test', from: '2025-01-06', to: '2025-01-07', pairs: ['GBPUSD'] });
    // On TimescaleDB an import of old prices lands in compressed chunks, as it would in production.
    await compressBars(t.db);
  });
  afterAll(async () => {
    await t.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('replaces the simulated minutes, updates the rollups, and changes nothing on a second import', async () => {
    const first = await importBars(t.db, 'GBPUSD', parseDukascopyCsv(FILE));
    expect(first).toEqual({ inserted: 0, updated: 3, unchanged: 0 });
    const again = await importBars(t.db, 'GBPUSD', parseDukascopyCsv(FILE));
    expect(again).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
    const { rows } = await t.pool.query(
      `SELECT ts, open, high, low, close, source FROM fx_minute_bars
       WHERE pair = 'GBPUSD' AND ts >= $1 AND ts < $2 ORDER BY ts`,
      [new Date(T0), new Date(T0 + 180_000)],
    );
    expect(rows.map((r) => [r.open, r.high, r.low, r.close, r.source])).toEqual([
      [1.2501, 1.2503, 1.25, 1.2502, 'import'],
      [1.2502, 1.251, 1.25015, 1.2509, 'import'],
      [1.2509, 1.25095, 1.2498, 1.25, 'import'],
    ]);
    for (const table of ['fx_15min_bars', 'fx_30min_bars', 'fx_hourly_bars']) {
      const bucket = await t.pool.query(
        `SELECT h.high >= 1.251 AND h.low <= 1.2498 AS spans, h.open = 1.2501 AS opens
         FROM ${table} h WHERE pair = 'GBPUSD' AND ts = $1`,
        [new Date(T0)],
      );
      expect(bucket.rows[0], table).toEqual({ spans: true, opens: true });
    }
  });

  it('runs as a CLI: tsx worker/src/bin/import-dukascopy.ts --pair … file.csv', async () => {
    const file = join(dir, 'eurgbp.csv');
    writeFileSync(file, `${HEADER}\n${T0},0.83,0.8302,0.8299,0.8301,1\n`);
    const cli = new URL('../src/bin/import-dukascopy.ts', import.meta.url).pathname;
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env } });
    const out = await run(['--pair', 'eurgbp', file, '--database-url', t.url]);
    expect(out.stdout).toContain('EURGBP: 1 added, 0 replaced, 0 unchanged');
    const again = await run(['--pair', 'EURGBP', file, '--database-url', t.url]);
    expect(again.stdout).toContain('EURGBP: 0 added, 0 replaced, 1 unchanged');
    const bad = await run(['--pair', 'GBPEUR', file, '--database-url', t.url]).catch((e: { stderr: string }) => e);
    expect((bad as { stderr: string }).stderr).toContain('GBPEUR is stored as EURGBP');
  });
});
