import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedDatabase, ensureDatabase, migrate, startEmbeddedPostgres } from '@pippitch/sql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketDataService, startMarketData } from '../../core/src/market/live/poller';
import { createSimulatedFeed } from '../../core/src/market/vendors/simulated/feed';
import { ManualClock } from './helpers/manual-clock';
import { driveUntil } from './helpers/wait';

// A cluster of our own, so the test can stop and start PostgreSQL under a running poller.
let dir: string;
let cluster: EmbeddedDatabase;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pippitch-market-restart-'));
  chmodSync(dir, 0o755); // the cluster runs as user postgres when we are root
  cluster = await startEmbeddedPostgres({ dataDir: join(dir, 'pg') });
  url = await ensureDatabase(cluster.url, 'market');
  await migrate(url);
});
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const quoteCount = async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM fx_quotes'))[0]!.n;

describe('market data poller across a database restart', () => {
  it('keeps running, reconnects, resumes, and never writes a minute twice', async () => {
    // Time is a manual clock from a Wednesday morning, moved 15 s (one simulated tick) per poll by the test, so
    // every poll writes fresh quotes however slowly a busy machine runs it, and many minutes are written on both
    // sides of the restart.
    const clock = new ManualClock(Date.parse('2026-11-18T10:00:00Z'));
    const lines: string[] = [];
    let service: MarketDataService | undefined;
    try {
      service = startMarketData({
        url,
        feed: createSimulatedFeed({ clock: clock.now }),
        pollMs: 15_000,
        reconnectMs: 100,
        maxReconnectMs: 400,
        clock,
        log: (line) => lines.push(line),
      });
      await driveUntil(clock, 'quotes before the restart', async () => (await quoteCount()) >= 60);

      await cluster.stop();
      await driveUntil(clock, 'the poller to notice', () => lines.some((l) => l.includes('database unavailable')));
      cluster = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port: cluster.port });
      const before = await quoteCount();
      await driveUntil(clock, 'polling to resume', async () => (await quoteCount()) >= before + 60);
      expect(service.polling).toBe(true);
      expect(lines.filter((l) => l.startsWith('market data: polling the simulated feed')).length).toBe(2);
    } finally {
      await service?.stop();
    }

    // One bar per pair and minute that had quotes, and each bar spans its quotes with the last one as close.
    const [check] = await query<{ minutes: number; bars: number; spanned: boolean; closed: boolean }>(
      `WITH q AS (SELECT pair, date_trunc('minute', ts, 'UTC') AS minute, mid,
                         row_number() OVER (PARTITION BY pair, date_trunc('minute', ts, 'UTC') ORDER BY ts DESC) AS rn
                  FROM fx_quotes)
       SELECT (SELECT count(DISTINCT (pair, minute))::int FROM q) AS minutes,
              (SELECT count(*)::int FROM fx_minute_bars) AS bars,
              bool_and(b.low <= q.mid AND q.mid <= b.high) AS spanned,
              bool_and(q.rn > 1 OR b.close = q.mid) AS closed
       FROM q JOIN fx_minute_bars b ON b.pair = q.pair AND b.ts = q.minute`,
    );
    expect(check!.minutes).toBeGreaterThan(20);
    expect(check).toEqual({ minutes: check!.minutes, bars: check!.minutes, spanned: true, closed: true });
  });
});
